import { type OpsWithdrawal, type OpsWithdrawalDetail, withdrawalStatuses } from "@kabuto/shared/api/funding";
import { fundingApi } from "@kabuto/shared/endpoints/funding";
import { Trans, useLingui } from "@lingui/react/macro";
import { type FormEvent, type ReactNode, useState } from "react";
import { Link } from "wouter";
import { TextField } from "../../../app/text-field.tsx";
import { call } from "../../../lib/api.ts";
import { notifySuccess } from "../../../lib/notify.ts";
import { cardTypeLabel } from "../../ops/code-labels.ts";
import { DetailScreen } from "../../ops/detail-screen.tsx";
import { FundHistory } from "../../ops/evidence.tsx";
import { useStaff } from "../../ops/ops-session.tsx";
import { Facts, Money, OpsCard, StatusTag, Tag, useBusy, When } from "../../ops/parts.tsx";
import { ReviewPanel } from "../../ops/review-panel.tsx";
import { ReviewQueue } from "../../ops/review-queue.tsx";
import { withdrawalActions } from "../../ops/review-rules.ts";

/** `#/ops/withdrawals`: pending ones wait for a check, checked ones for another staff member's approval. */
export function WithdrawalQueueScreen() {
  const { t } = useLingui();
  const me = useStaff();
  return (
    <ReviewQueue
      title={<Trans>Withdrawals</Trans>}
      path="/ops/withdrawals"
      statuses={withdrawalStatuses}
      read={{
        spec: fundingApi.opsWithdrawals,
        input: (status) => ({ query: { status } }),
        items: (answer) => answer.items,
      }}
      hint={
        <Trans>
          A withdrawal is paid in two steps: one staff member checks it and prepares the payout, another
          approves it.
        </Trans>
      }
      columns={(shared) => [
        shared.number,
        shared.member,
        {
          label: t({ message: "To", context: "payout destination" }),
          cell: (item: OpsWithdrawal) => (
            <>
              {item.bankName} <span className="num">{item.cardNumberMasked}</span>
            </>
          ),
        },
        {
          label: t`Amount`,
          kind: "number",
          cell: (item) => <Money amount={item.amount} currency={item.currency} />,
        },
        shared.createdAt(t`Requested`),
        {
          ...shared.status,
          cell: (item) => (
            <span className="ops-tags">
              <StatusTag status={item.status} />
              {item.status === "checked" && item.makerStaffId === me.id && (
                <Tag>
                  <Trans>Checked by you</Trans>
                </Tag>
              )}
            </span>
          ),
        },
      ]}
    />
  );
}

/** `#/ops/withdrawals/:id`: the card paid to, the member's history, the check and the approval. */
export function WithdrawalDetailScreen({ id }: { id: string }) {
  const me = useStaff();
  return (
    <DetailScreen
      spec={fundingApi.opsWithdrawal}
      input={{ params: { id } }}
      title={<Trans>Withdrawal No. {id}</Trans>}
      back={{ href: "/ops/withdrawals", label: <Trans>Withdrawals</Trans> }}
      target={`withdrawal:${id}`}
      main={(withdrawal) => (
        <>
          <WithdrawalFacts withdrawal={withdrawal} checker={checkerName(withdrawal, me.id)} />
          <PayTo withdrawal={withdrawal} />
        </>
      )}
      side={(withdrawal) => (
        <>
          <WithdrawalDecision withdrawal={withdrawal} />
          <FundHistory items={withdrawal.history} />
        </>
      )}
    />
  );
}

function WithdrawalFacts({ withdrawal, checker }: { withdrawal: OpsWithdrawalDetail; checker: ReactNode }) {
  return (
    <OpsCard>
      <Facts
        items={[
          [<Trans key="s">Status</Trans>, <StatusTag key="v" status={withdrawal.status} />],
          [
            <Trans key="a">Amount</Trans>,
            <strong key="v">
              <Money amount={withdrawal.amount} currency={withdrawal.currency} />
            </strong>,
          ],
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
    </OpsCard>
  );
}

function PayTo({ withdrawal }: { withdrawal: OpsWithdrawalDetail }) {
  const { i18n } = useLingui();
  const { card } = withdrawal;
  return (
    <OpsCard title={<Trans>Pay to</Trans>}>
      {card.removedAtMs !== null && (
        <p className="ops-review__note">
          <Trans>The member removed this card after asking; the payout still goes where they asked.</Trans>
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
          [<Trans key="t">Card type</Trans>, cardTypeLabel(i18n, card.cardType)],
          [<Trans key="b">Bank</Trans>, card.bankName],
          [<Trans key="r">Branch</Trans>, `${card.branchName} (${card.branchCode})`],
          ...(card.ifsc ? [[<Trans key="i">IFSC</Trans>, card.ifsc] as const] : []),
          ...(card.upi ? [[<Trans key="u">UPI</Trans>, card.upi] as const] : []),
        ]}
      />
    </OpsCard>
  );
}

/** What the status allows: the check and an early rejection, or the decision by someone else. */
function WithdrawalDecision({ withdrawal }: { withdrawal: OpsWithdrawalDetail }) {
  const me = useStaff();
  const actions = withdrawalActions(withdrawal, me.id);
  const amount = <Money amount={withdrawal.amount} currency={withdrawal.currency} />;
  return (
    <>
      {actions.check && <CheckForm withdrawalId={withdrawal.id} amount={amount} />}
      {actions.check && <RejectPending withdrawalId={withdrawal.id} />}
      {(actions.approve || actions.blockedAsMaker) && (
        <ReviewPanel
          decide={(decision, reason) => reviewWithdrawal(withdrawal.id, decision, reason)}
          approveBlocked={
            actions.blockedAsMaker ? (
              <Trans>You checked this withdrawal, so another staff member must approve it.</Trans>
            ) : undefined
          }
          approveSummary={
            <p>
              <Trans>
                Pays {amount} out to {withdrawal.card.bankName} {withdrawal.cardNumberMasked}. The held amount
                leaves the member's account.
              </Trans>
            </p>
          }
          rejectSummary={<HeldAmountReturns />}
        />
      )}
    </>
  );
}

/** The checker's approval, or a rejection with its reason, of a pending or checked withdrawal. */
async function reviewWithdrawal(id: string, decision: "approve" | "reject", reason: string | undefined) {
  await call(fundingApi.reviewWithdrawal, { params: { id }, body: { decision, reason } });
}

/** What rejecting a withdrawal does, before its check or after. */
function HeldAmountReturns() {
  return (
    <p>
      <Trans>The held amount returns to the member's available cash; the member sees the reason.</Trans>
    </p>
  );
}

/** Who checked the withdrawal: "you", or their sign-in name. */
function checkerName(withdrawal: OpsWithdrawalDetail, myId: string) {
  if (withdrawal.makerStaffId === null) return undefined;
  if (withdrawal.makerStaffId === myId) return <Trans>You</Trans>;
  return withdrawal.makerStaffLogin ?? <Trans>Another staff member</Trans>;
}

/** The first step: the payout is prepared (with the bank's reference if there is one yet). */
function CheckForm({ withdrawalId, amount }: { withdrawalId: string; amount: ReactNode }) {
  const { t } = useLingui();
  const [reference, setReference] = useState("");
  const [busy, run] = useBusy();

  function submit(event: FormEvent) {
    event.preventDefault();
    void run(async () => {
      await call(fundingApi.checkWithdrawal, {
        params: { id: withdrawalId },
        body: { payoutReference: reference.trim() || undefined },
      });
      notifySuccess(t`Checked`);
    });
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
function RejectPending({ withdrawalId }: { withdrawalId: string }) {
  return (
    <ReviewPanel
      decide={(decision, reason) => reviewWithdrawal(withdrawalId, decision, reason)}
      approveBlocked={<Trans>Approval comes after the check.</Trans>}
      approveSummary={null}
      rejectSummary={<HeldAmountReturns />}
    />
  );
}
