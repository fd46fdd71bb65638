import { type MouseEvent, type ReactNode, useState } from "react";
import { useLocation } from "wouter";
import type { Page } from "./ops-api.ts";
import { Empty, useBusy } from "./parts.tsx";

/** One column of a console table. */
export interface Column<T> {
  /**
   * The header, and the label a phone shows beside each cell (where rows stack as cards);
   * unique within its table, where it also tells the columns apart.
   */
  label: string;
  cell: (row: T) => ReactNode;
  /** `number`: figures, right-aligned; `actions`: buttons, with the header for screen readers only. */
  kind?: "number" | "actions";
}

export interface OpsTableProps<T> {
  rows: readonly T[];
  columns: readonly Column<T>[];
  rowKey: (row: T) => string;
  /** Where a click on the row leads; the row should also hold a real link there, for keyboards. */
  rowHref?: (row: T) => string;
  /** Tighter, for a table inside a card. */
  plain?: boolean;
}

/** A table that is a table on a desk and a stack of labelled cards on a phone (ops.css). */
export function OpsTable<T>({ rows, columns, rowKey, rowHref, plain }: OpsTableProps<T>) {
  const rowLink = useRowLink();
  return (
    <table className={plain ? "ops-table ops-table--plain" : "ops-table"}>
      <thead>
        <tr>
          {columns.map((column) => (
            <th
              key={column.label}
              scope="col"
              className={column.kind === "number" ? "ops-table__number" : undefined}
            >
              {column.kind === "actions" ? (
                <span className="visually-hidden">{column.label}</span>
              ) : (
                column.label
              )}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={rowKey(row)} {...(rowHref && rowLink(rowHref(row)))}>
            {columns.map((column) =>
              column.kind === "actions" ? (
                <td key={column.label} className="ops-table__actions">
                  {column.cell(row)}
                </td>
              ) : (
                <td
                  key={column.label}
                  data-label={column.label}
                  className={column.kind === "number" ? "ops-table__number" : undefined}
                >
                  {column.cell(row)}
                </td>
              ),
            )}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** A table row that opens `href` when clicked, with a real link inside for keyboards and new tabs. */
function useRowLink(): (href: string) => { onClick: (event: MouseEvent) => void; "data-link": true } {
  const [, navigate] = useLocation();
  return (href) => ({
    "data-link": true,
    onClick: (event: MouseEvent) => {
      // Clicks on the row's own links and buttons do their own thing.
      if ((event.target as Element).closest("a, button")) return;
      navigate(href);
    },
  });
}

/**
 * A list read a page at a time: the first page as loaded, each further page appended on
 * request. A new first page (a reload, another search) starts the list again.
 */
function usePages<T, C>(first: Page<T, C>, loadNext: (cursor: C) => Promise<Page<T, C>>) {
  const [pages, setPages] = useState({ first, items: first.items, next: first.next });
  const [busy, run] = useBusy();
  const current = pages.first === first ? pages : { first, items: first.items, next: first.next };
  if (current !== pages) setPages(current);

  function more() {
    const { next } = current;
    if (next === null) return;
    void run(async () => {
      const page = await loadNext(next);
      setPages((previous) =>
        // A page asked for before the list started again belongs to the old list.
        previous.first === first
          ? { first, items: [...previous.items, ...page.items], next: page.next }
          : previous,
      );
    });
  }
  return { items: current.items, more: current.next === null ? undefined : more, busy };
}

/** A table read a page at a time, with a button under it for the next page. */
export function PagedTable<T, C>({
  first,
  loadNext,
  empty,
  moreLabel,
  ...table
}: Omit<OpsTableProps<T>, "rows"> & {
  first: Page<T, C>;
  loadNext: (cursor: C) => Promise<Page<T, C>>;
  /** What an empty list says. */
  empty: ReactNode;
  moreLabel: ReactNode;
}) {
  const { items, more, busy } = usePages(first, loadNext);
  if (items.length === 0) return <Empty>{empty}</Empty>;
  return (
    <>
      <OpsTable rows={items} {...table} />
      {more && (
        <div className="ops-more">
          <button
            type="button"
            className="button button--outline button--small"
            onClick={more}
            disabled={busy}
          >
            {moreLabel}
          </button>
        </div>
      )}
    </>
  );
}
