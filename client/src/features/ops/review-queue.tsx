import type { CallInput, EndpointResponse, EndpointSpec } from "@kabuto/shared/endpoint";
import { Trans, useLingui } from "@lingui/react/macro";
import type { ReactNode } from "react";
import { Link } from "wouter";
import { type AsyncState, useEndpoint } from "../../lib/queries.ts";
import { type Column, OpsTable } from "./ops-table.tsx";
import { Empty, Loaded, OpsPage, StatusFilter, StatusTag, useStatusFilter, When } from "./parts.tsx";

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

/** How a queue reads the requests in one status: a declared endpoint, its input, the rows of its answer. */
export interface QueueRead<S extends string, T, Spec extends EndpointSpec> {
  spec: Spec;
  input: (status: S) => CallInput<Spec>;
  items: (answer: EndpointResponse<Spec>) => T[];
}

/**
 * A review queue (identity checks, deposits, withdrawals): status chips kept in the address,
 * then the requests in that status, each row opening the request's own screen.
 */
export function ReviewQueue<S extends string, T extends QueueItem, Spec extends EndpointSpec>({
  title,
  path,
  statuses,
  read,
  hint,
  columns,
}: {
  title: ReactNode;
  /** The queue's path; a request's screen is `${path}/${id}`. */
  path: string;
  /** The first is shown unless the address asks for another. */
  statuses: readonly [S, ...S[]];
  /** Read through the query cache: a decision on a request (the console's tag) reads it again. */
  read: QueueRead<S, T, Spec>;
  /** A sentence under the chips. */
  hint?: ReactNode;
  columns: (shared: QueueColumns<T>) => Column<T>[];
}) {
  const { t } = useLingui();
  const [status, setStatus] = useStatusFilter(statuses);
  const answer = useEndpoint(read.spec, read.input(status));
  const state: AsyncState<T[]> =
    answer.status === "ready" ? { status: "ready", value: read.items(answer.value) } : answer;
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
      <Loaded state={state} retry={answer.reload}>
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
