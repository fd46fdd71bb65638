import { type OpsDeposit, requestStatuses } from "@kabuto/shared";
import { Trans, useLingui } from "@lingui/react/macro";
import { Link } from "wouter";
import { useAsync } from "../../lib/use-async.ts";
import { AuditTrail, Evidence, FundHistory, useAuditTrail } from "./evidence.tsx";
import { fetchDeposit, fetchDepositQueue, reviewDeposit } from "./ops-api.ts";
import {
  Empty,
  Facts,
  Loaded,
  Money,
  OpsPage,
  StatusFilter,
  StatusTag,
  useReload,
  useRowLink,
  useStatusFilter,
  When,
} from "./parts.tsx";
import { ReviewPanel } from "./review-panel.tsx";

/** `#/ops/deposits`: bank-transfer deposits with receipts; pending ones oldest first. */
export function DepositQueueScreen() {
  const [status, setStatus] = useStatusFilter(requestStatuses, "pending");
  const [version, reload] = useReload();
  const state = useAsync(`${status}#${version}`, () => fetchDepositQueue(status));
  return (
    <OpsPage title={<Trans>Deposits</Trans>}>
      <StatusFilter statuses={requestStatuses} value={status} onChange={setStatus} />
      <Loaded state={state} retry={reload}>
        {(items) =>
          items.length === 0 ? (
            <Empty>
              <Trans>Nothing here.</Trans>
            </Empty>
          ) : (
            <DepositTable items={items} />
          )
        }
      </Loaded>
    </OpsPage>
  );
}

function DepositTable({ items }: { items: OpsDeposit[] }) {
  const { t } = useLingui();
  const rowLink = useRowLink();
  return (
    <table className="ops-table">
      <thead>
        <tr>
          <th scope="col">
            <Trans>No.</Trans>
          </th>
          <th scope="col">
            <Trans>Member</Trans>
          </th>
          <th scope="col">
            <Trans>Channel</Trans>
          </th>
          <th scope="col" className="ops-table__number">
            <Trans>Amount</Trans>
          </th>
          <th scope="col">
            <Trans>Submitted</Trans>
          </th>
          <th scope="col">
            <Trans>Status</Trans>
          </th>
        </tr>
      </thead>
      <tbody>
        {items.map((item) => (
          <tr key={item.id} {...rowLink(`/ops/deposits/${item.id}`)}>
            <td data-label={t`No.`}>
              <Link href={`/ops/deposits/${item.id}`} className="num">
                {item.id}
              </Link>
            </td>
            <td data-label={t`Member`}>
              <span className="num">{item.memberAccount}</span>
              {item.memberRealName && <span className="ops-sub">{item.memberRealName}</span>}
            </td>
            <td data-label={t`Channel`}>{item.channelName}</td>
            <td data-label={t`Amount`} className="ops-table__number">
              <Money amount={item.amount} currency={item.currency} />
            </td>
            <td data-label={t`Submitted`}>
              <When ms={item.createdAtMs} />
            </td>
            <td data-label={t`Status`}>
              <StatusTag status={item.status} />
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** `#/ops/deposits/:id`: the receipt beside the amount and the member's history; approve or reject. */
export function DepositDetailScreen({ id }: { id: string }) {
  const [version, reload] = useReload();
  const state = useAsync(`${id}#${version}`, () => fetchDeposit(id));
  return (
    <OpsPage
      title={<Trans>Deposit No. {id}</Trans>}
      back={{ href: "/ops/deposits", label: <Trans>Deposits</Trans> }}
    >
      <Loaded state={state} retry={reload}>
        {(deposit) => <DepositDetail deposit={deposit} version={version} onReviewed={reload} />}
      </Loaded>
    </OpsPage>
  );
}

function DepositDetail({
  deposit,
  version,
  onReviewed,
}: {
  deposit: OpsDeposit;
  version: number;
  onReviewed: () => void;
}) {
  const { t } = useLingui();
  const target = `deposit:${deposit.id}`;
  const trail = useAuditTrail(target, version);
  const amount = <Money amount={deposit.amount} currency={deposit.currency} />;
  return (
    <div className="ops-columns">
      <div className="ops-stack">
        <section className="ops-card" aria-label={t`Receipt`}>
          <div className="ops-evidence ops-evidence--single">
            <Evidence id={deposit.receiptUploadId} label={t`Receipt`} />
          </div>
        </section>
        <section className="ops-card">
          <Facts
            items={[
              [<Trans key="s">Status</Trans>, <StatusTag key="v" status={deposit.status} />],
              [<Trans key="a">Amount</Trans>, <strong key="v">{amount}</strong>],
              [<Trans key="c">Channel</Trans>, deposit.channelName],
              [
                <Trans key="m">Member</Trans>,
                <Link key="v" href={`/ops/members/${deposit.memberId}`} className="num">
                  {deposit.memberAccount}
                </Link>,
              ],
              [<Trans key="n">Verified name</Trans>, deposit.memberRealName ?? "—"],
              [<Trans key="t">Submitted</Trans>, <When key="v" ms={deposit.createdAtMs} />],
              [<Trans key="r">Reviewed</Trans>, <When key="v" ms={deposit.reviewedAtMs} />],
              [<Trans key="x">Reason</Trans>, deposit.reason ?? "—"],
              [<Trans key="j">Journal</Trans>, deposit.journalId ?? "—"],
            ]}
          />
        </section>
      </div>
      <div className="ops-stack">
        {deposit.status === "pending" && (
          <ReviewPanel
            decide={(decision, reason) => reviewDeposit(deposit.id, { decision, reason })}
            approveSummary={
              <p>
                <Trans>
                  Credits {amount} to the available cash of {deposit.memberAccount}. Check that the money
                  arrived in the channel's account first.
                </Trans>
              </p>
            }
            rejectSummary={
              <p>
                <Trans>Nothing is credited; the member sees the reason.</Trans>
              </p>
            }
            onDone={onReviewed}
          />
        )}
        <section className="ops-card">
          <h2 className="ops-card__title">
            <Trans>Earlier requests of this member</Trans>
          </h2>
          <FundHistory items={deposit.history} />
        </section>
        <AuditTrail target={target} entries={trail} />
      </div>
    </div>
  );
}
