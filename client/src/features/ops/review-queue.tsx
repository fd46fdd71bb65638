import { Trans, useLingui } from "@lingui/react/macro";
import type { ReactNode } from "react";
import { Link } from "wouter";
import { useAsync } from "../../lib/use-async.ts";
import { type Column, OpsTable } from "./ops-table.tsx";
import {
  Empty,
  Loaded,
  OpsPage,
  StatusFilter,
  StatusTag,
  useReload,
  useStatusFilter,
  When,
} from "./parts.tsx";

/** What the rows of every review queue carry. */
export interface QueueItem {
  id: string;
  memberAccount: string;
  /** The member's verified name, where the queue knows it. */
  memberRealName?: string | null;
  createdAtMs: number;
  status: string;
}

/** The columns every queue has, for each queue to place among its own. */
export interface QueueColumns<T> {
  /** The request's number, a link to it. */
  number: Column<T>;
  /** The member's account, with their verified name under it where the queue knows it. */
  member: Column<T>;
  /** When the member sent the request, under the queue's own heading. */
  createdAt: (label: string) => Column<T>;
  status: Column<T>;
}

/**
 * A review queue (identity checks, deposits, withdrawals): status chips kept in the address,
 * then the requests in that status, each row opening the request's own screen.
 */
export function ReviewQueue<S extends string, T extends QueueItem>({
  title,
  path,
  statuses,
  load,
  hint,
  columns,
}: {
  title: ReactNode;
  /** The queue's path; a request's screen is `${path}/${id}`. */
  path: string;
  /** The first is shown unless the address asks for another. */
  statuses: readonly [S, ...S[]];
  load: (status: S) => Promise<T[]>;
  /** A sentence under the chips. */
  hint?: ReactNode;
  columns: (shared: QueueColumns<T>) => Column<T>[];
}) {
  const { t } = useLingui();
  const [status, setStatus] = useStatusFilter(statuses);
  const [version, reload] = useReload();
  const state = useAsync(`${path}?${status}#${version}`, () => load(status));
  const href = (item: T) => `${path}/${item.id}`;
  const shared: QueueColumns<T> = {
    number: {
      label: t`No.`,
      cell: (item) => (
        <Link href={href(item)} className="num">
          {item.id}
        </Link>
      ),
    },
    member: {
      label: t`Member`,
      cell: (item) => (
        <>
          <span className="num">{item.memberAccount}</span>
          {item.memberRealName && <span className="ops-sub">{item.memberRealName}</span>}
        </>
      ),
    },
    createdAt: (label) => ({ label, cell: (item) => <When ms={item.createdAtMs} /> }),
    status: { label: t`Status`, cell: (item) => <StatusTag status={item.status} /> },
  };
  return (
    <OpsPage title={title}>
      <StatusFilter statuses={statuses} value={status} onChange={setStatus} />
      {hint && <p className="ops-muted ops-hint">{hint}</p>}
      <Loaded state={state} retry={reload}>
        {(items) =>
          items.length === 0 ? (
            <Empty>
              <Trans>Nothing here.</Trans>
            </Empty>
          ) : (
            <OpsTable rows={items} columns={columns(shared)} rowKey={(item) => item.id} rowHref={href} />
          )
        }
      </Loaded>
    </OpsPage>
  );
}
