import { type OpsWithdrawal, type OpsWithdrawalDetail, withdrawalStatuses } from "@kabuto/shared";
import { Trans, useLingui } from "@lingui/react/macro";
import { type FormEvent, type ReactNode, useState } from "react";
import { Link } from "wouter";
import { TextField } from "../../app/text-field.tsx";
import { notifyError, notifySuccess } from "../../lib/notify.ts";
import { useAsync } from "../../lib/use-async.ts";
import { AuditTrail, FundHistory, useAuditTrail } from "./evidence.tsx";
import { checkWithdrawal, fetchWithdrawal, fetchWithdrawalQueue, reviewWithdrawal } from "./ops-api.ts";
import { useStaff } from "./ops-session.tsx";
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
import { withdrawalActions } from "./review-rules.ts";

/** `#/ops/withdrawals`: pending ones wait for a check, checked ones for another staff member's approval. */
export function WithdrawalQueueScreen() {
  const [status, setStatus] = useStatusFilter(withdrawalStatuses, "pending");
  const [version, reload] = useReload();
  const state = useAsync(`${status}#${version}`, () => fetchWithdrawalQueue(status));
  return (
    <OpsPage title={<Trans>Withdrawals</Trans>}>
      <StatusFilter statuses={withdrawalStatuses} value={status} onChange={setStatus} />
      <p className="ops-muted ops-hint">
        <Trans>
          A withdrawal is paid in two steps: one staff member checks it and prepares the payout, another
          approves it.
        </Trans>
      </p>
      <Loaded state={state} retry={reload}>
        {(items) =>
          items.length === 0 ? (
            <Empty>
              <Trans>Nothing here.</Trans>
            </Empty>
          ) : (
            <WithdrawalTable items={items} />
          )
        }
      </Loaded>
    </OpsPage>
  );
}

function WithdrawalTable({ items }: { items: OpsWithdrawal[] }) {
  const { t } = useLingui();
  const me = useStaff();
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
            <Trans context="payout destination">To</Trans>
          </th>
          <th scope="col" className="ops-table__number">
            <Trans>Amount</Trans>
          </th>
          <th scope="col">
            <Trans>Requested</Trans>
          </th>
          <th scope="col">
            <Trans>Status</Trans>
          </th>
        </tr>
      </thead>
      <tbody>
        {items.map((item) => (
          <tr key={item.id} {...rowLink(`/ops/withdrawals/${item.id}`)}>
            <td data-label={t`No.`}>
              <Link href={`/ops/withdrawals/${item.id}`} className="num">
                {item.id}
              </Link>
            </td>
            <td data-label={t`Member`}>
              <span className="num">{item.memberAccount}</span>
              {item.memberRealName && <span className="ops-sub">{item.memberRealName}</span>}
            </td>
            <td data-label={t({ message: "To", context: "payout destination" })}>
              {item.bankName} <span className="num">{item.cardNumberMasked}</span>
            </td>
            <td data-label={t`Amount`} className="ops-table__number">
              <Money amount={item.amount} currency={item.currency} />
            </td>
            <td data-label={t`Requested`}>
              <When ms={item.createdAtMs} />
            </td>
            <td data-label={t`Status`}>
              <span className="ops-tags">
                <StatusTag status={item.status} />
                {item.status === "checked" && item.makerStaffId === me.id && (
                  <span className="ops-tag">
                    <Trans>Checked by you</Trans>
                  </span>
                )}
              </span>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** `#/ops/withdrawals/:id`: the card paid to, the member's history, the check and the approval. */
export function WithdrawalDetailScreen({ id }: { id: string }) {
  const [version, reload] = useReload();
  const state = useAsync(`${id}#${version}`, () => fetchWithdrawal(id));
  return (
    <OpsPage
      title={<Trans>Withdrawal No. {id}</Trans>}
      back={{ href: "/ops/withdrawals", label: <Trans>Withdrawals</Trans> }}
    >
      <Loaded state={state} retry={reload}>
        {(withdrawal) => <WithdrawalDetail withdrawal={withdrawal} version={version} onChanged={reload} />}
      </Loaded>
    </OpsPage>
  );
}

function WithdrawalDetail({
  withdrawal,
  version,
  onChanged,
}: {
  withdrawal: OpsWithdrawalDetail;
  version: number;
  onChanged: () => void;
}) {
  const me = useStaff();
  const target = `withdrawal:${withdrawal.id}`;
  const trail = useAuditTrail(target, version);
  const actions = withdrawalActions(withdrawal, me.id);
  const amount = <Money amount={withdrawal.amount} currency={withdrawal.currency} />;
  const card = withdrawal.card;
  const checker = checkerName(withdrawal, me.id, trail);
  return (
    <div className="ops-columns">
      <div className="ops-stack">
        <section className="ops-card">
          <Facts
            items={[
              [<Trans key="s">Status</Trans>, <StatusTag key="v" status={withdrawal.status} />],
              [<Trans key="a">Amount</Trans>, <strong key="v">{amount}</strong>],
              [
                <Trans key="m">Member</Trans>,
                <Link key="v" href={`/ops/members/${withdrawal.memberId}`} className="num">
                  {withdrawal.memberAccount}
                </Link>,
              ],
              [<Trans key="n">Verified name</Trans>, withdrawal.memberRealName ?? "—"],
              [<Trans key="t">Requested</Trans>, <When key="v" ms={withdrawal.createdAtMs} />],
              [<Trans key="k">Checked by</Trans>, checker ?? "—"],
              [<Trans key="p">Payout reference</Trans>, withdrawal.payoutReference ?? "—"],
              [<Trans key="r">Decided</Trans>, <When key="v" ms={withdrawal.reviewedAtMs} />],
              [<Trans key="x">Reason</Trans>, withdrawal.reason ?? "—"],
            ]}
          />
        </section>
        <section className="ops-card">
          <h2 className="ops-card__title">
            <Trans>Pay to</Trans>
          </h2>
          {card.removedAtMs !== null && (
            <p className="ops-review__note">
              <Trans>
                The member removed this card after asking; the payout still goes where they asked.
              </Trans>
            </p>
          )}
          <Facts
            items={[
              [<Trans key="h">Holder</Trans>, card.holderName],
              [
                <Trans key="n">Card number</Trans>,
                <span key="v" className="ops-code">
                  {card.cardNumber}
                </span>,
              ],
              [<Trans key="t">Card type</Trans>, card.cardType],
              [<Trans key="b">Bank</Trans>, card.bankName],
              [<Trans key="r">Branch</Trans>, `${card.branchName} (${card.branchCode})`],
              ...(card.ifsc ? [[<Trans key="i">IFSC</Trans>, card.ifsc] as const] : []),
              ...(card.upi ? [[<Trans key="u">UPI</Trans>, card.upi] as const] : []),
            ]}
          />
        </section>
      </div>
      <div className="ops-stack">
        {actions.check && <CheckForm withdrawalId={withdrawal.id} amount={amount} onChecked={onChanged} />}
        {actions.check && <RejectPending withdrawalId={withdrawal.id} onRejected={onChanged} />}
        {withdrawal.status === "checked" && (
          <ReviewPanel
            decide={(decision, reason) => reviewWithdrawal(withdrawal.id, { decision, reason })}
            approveBlocked={
              actions.blockedAsMaker ? (
                <Trans>You checked this withdrawal, so another staff member must approve it.</Trans>
              ) : undefined
            }
            approveSummary={
              <p>
                <Trans>
                  Pays {amount} out to {card.bankName} {withdrawal.cardNumberMasked}. The held amount leaves
                  the member's account.
                </Trans>
              </p>
            }
            rejectSummary={
              <p>
                <Trans>
                  The held amount returns to the member's available cash; the member sees the reason.
                </Trans>
              </p>
            }
            onDone={onChanged}
          />
        )}
        <section className="ops-card">
          <h2 className="ops-card__title">
            <Trans>Earlier requests of this member</Trans>
          </h2>
          <FundHistory items={withdrawal.history} />
        </section>
        <AuditTrail target={target} entries={trail} />
      </div>
    </div>
  );
}

/**
 * Who checked the withdrawal: "you", or their login from the audit trail when the role reads
 * it; otherwise only that someone did.
 */
function checkerName(
  withdrawal: OpsWithdrawalDetail,
  myId: string,
  trail: { action: string; staffId: string | null; staffLogin: string | null }[] | undefined,
) {
  if (withdrawal.makerStaffId === null) return undefined;
  if (withdrawal.makerStaffId === myId) return <Trans>You</Trans>;
  const entry = trail?.find(
    (item) => item.action === "withdrawal.check" && item.staffId === withdrawal.makerStaffId,
  );
  return entry?.staffLogin ?? <Trans>Another staff member</Trans>;
}

/** The first step: the payout is prepared (with the bank's reference if there is one yet). */
function CheckForm({
  withdrawalId,
  amount,
  onChecked,
}: {
  withdrawalId: string;
  amount: ReactNode;
  onChecked: () => void;
}) {
  const { t } = useLingui();
  const [reference, setReference] = useState("");
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    try {
      await checkWithdrawal(withdrawalId, reference.trim() || undefined);
      notifySuccess(t`Checked`);
      onChecked();
    } catch (error) {
      notifyError(error);
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className="ops-card ops-form" onSubmit={submit}>
      <h2 className="ops-card__title">
        <Trans>Check</Trans>
      </h2>
      <p className="ops-muted">
        <Trans>
          Confirm the card and the amount ({amount}) and prepare the payout. Another staff member then
          approves it.
        </Trans>
      </p>
      <TextField
        id="payout-reference"
        label={<Trans>Payout reference (optional)</Trans>}
        value={reference}
        maxLength={100}
        onChange={(event) => setReference(event.target.value)}
      />
      <div className="ops-form__actions">
        <button
          type="submit"
          className="button button--primary"
          disabled={busy}
          data-testid="withdrawal-check"
        >
          <Trans>Mark as checked</Trans>
        </button>
      </div>
    </form>
  );
}

/** A pending withdrawal can be refused before anyone checks it. */
function RejectPending({ withdrawalId, onRejected }: { withdrawalId: string; onRejected: () => void }) {
  return (
    <ReviewPanel
      decide={(decision, reason) => reviewWithdrawal(withdrawalId, { decision, reason })}
      approveBlocked={<Trans>Approval comes after the check.</Trans>}
      approveSummary={null}
      rejectSummary={
        <p>
          <Trans>The held amount returns to the member's available cash; the member sees the reason.</Trans>
        </p>
      }
      onDone={onRejected}
    />
  );
}
