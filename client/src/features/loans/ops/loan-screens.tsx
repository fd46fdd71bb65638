import {
  type CreditLine,
  loanStatuses,
  type OpsCredit,
  type OpsLoan,
  type OpsLoanRow,
} from "@kabuto/shared/api/loans";
import { loansApi } from "@kabuto/shared/endpoints/loans";
import { ppmToPercent } from "@kabuto/shared/loans/interest";
import { minorToDecimal } from "@kabuto/shared/money";
import { Trans, useLingui } from "@lingui/react/macro";
import { type FormEvent, useState } from "react";
import { Link } from "wouter";
import { TextField } from "../../../app/text-field.tsx";
import { call } from "../../../lib/api.ts";
import { errorCode } from "../../../lib/api-error.ts";
import { notifySuccess } from "../../../lib/notify.ts";
import { useEndpoint } from "../../../lib/queries.ts";
import type { FieldErrors } from "../../auth/form-errors.ts";
import { DetailScreen } from "../../ops/detail-screen.tsx";
import {
  Facts,
  Loaded,
  Money,
  OpsCard,
  refusedFields,
  StatusTag,
  TextArea,
  useBusy,
  When,
} from "../../ops/parts.tsx";
import { ReviewPanel } from "../../ops/review-panel.tsx";
import { ReviewQueue } from "../../ops/review-queue.tsx";

/** `#/ops/loans`: credit-loan requests; pending ones oldest first. */
export function LoanQueueScreen() {
  const { t } = useLingui();
  return (
    <ReviewQueue
      title={<Trans>Loans</Trans>}
      path="/ops/loans"
      statuses={loanStatuses}
      read={{
        spec: loansApi.opsList,
        input: (status) => ({ query: { status } }),
        items: (answer) => answer.items,
      }}
      columns={(shared) => [
        shared.number,
        shared.member,
        {
          label: t`Amount`,
          kind: "number",
          cell: (item: OpsLoanRow) => <Money amount={item.amount} currency={item.currency} />,
        },
        {
          label: t`Still owed`,
          kind: "number",
          cell: (item) => (
            <Money amount={BigInt(item.principalOwed) + BigInt(item.interestOwed)} currency={item.currency} />
          ),
        },
        shared.createdAt(t`Requested`),
        shared.status,
      ]}
    />
  );
}

/** `#/ops/loans/:id`: the request beside the member's credit; approve or reject. */
export function LoanDetailScreen({ id }: { id: string }) {
  return (
    <DetailScreen
      spec={loansApi.opsDetail}
      input={{ params: { id } }}
      title={<Trans>Loan No. {id}</Trans>}
      back={{ href: "/ops/loans", label: <Trans>Loans</Trans> }}
      target={`loan:${id}`}
      main={(loan) => <LoanFacts loan={loan} />}
      side={(loan) => (
        <>
          {loan.status === "pending" && <LoanReview loan={loan} />}
          <CreditLines lines={loan.credit.lines} score={loan.credit.score} />
        </>
      )}
    />
  );
}

function LoanReview({ loan }: { loan: OpsLoan }) {
  const amount = <Money amount={loan.amount} currency={loan.currency} />;
  return (
    <ReviewPanel
      decide={async (decision, reason) => {
        await call(loansApi.review, { params: { id: loan.id }, body: { decision, reason } });
      }}
      approveSummary={
        <p>
          <Trans>
            Lends {amount} to {loan.memberAccount}: it arrives in their available cash and is owed, with
            interest from today. The line must still cover it.
          </Trans>
        </p>
      }
      rejectSummary={
        <p>
          <Trans>Nothing is lent; the member sees the reason and the line is free again.</Trans>
        </p>
      }
    />
  );
}

function LoanFacts({ loan }: { loan: OpsLoan }) {
  return (
    <OpsCard>
      <Facts
        items={[
          [<Trans key="s">Status</Trans>, <StatusTag key="v" status={loan.status} />],
          [
            <Trans key="o">Order No.</Trans>,
            <span key="v" className="num">
              {loan.orderNo}
            </span>,
          ],
          [
            <Trans key="a">Amount</Trans>,
            <strong key="v">
              <Money amount={loan.amount} currency={loan.currency} />
            </strong>,
          ],
          [
            <Trans key="r">Annual rate</Trans>,
            <span key="v" className="num">
              {ppmToPercent(loan.annualRatePpm)}%
            </span>,
          ],
          [
            <Trans key="p">Principal owed</Trans>,
            <Money key="v" amount={loan.principalOwed} currency={loan.currency} />,
          ],
          [
            <Trans key="i">Interest owed</Trans>,
            <Money key="v" amount={loan.interestOwed} currency={loan.currency} />,
          ],
          [
            <Trans key="t">Interest so far</Trans>,
            <Money key="v" amount={loan.interestTotal} currency={loan.currency} />,
          ],
          [
            <Trans key="d">Repaid</Trans>,
            <Money key="v" amount={loan.repaidTotal} currency={loan.currency} />,
          ],
          [
            <Trans key="m">Member</Trans>,
            <Link key="v" href={`/ops/members/${loan.memberId}`} className="num">
              {loan.memberAccount}
            </Link>,
          ],
          [<Trans key="n">Verified name</Trans>, loan.memberRealName ?? "—"],
          [<Trans key="c">Requested</Trans>, <When key="v" ms={loan.createdAtMs} />],
          [<Trans key="e">Decided</Trans>, <When key="v" ms={loan.decidedAtMs} />],
          [<Trans key="x">Reason</Trans>, loan.reason ?? "—"],
        ]}
      />
    </OpsCard>
  );
}

function CreditLines({ lines, score }: { lines: CreditLine[]; score: number | null }) {
  return (
    <OpsCard title={<Trans>Credit</Trans>}>
      <Facts
        items={[
          [
            <Trans key="s">Credit score</Trans>,
            <span key="v" className="num">
              {score ?? "—"}
            </span>,
          ],
          ...lines.map(
            (line) =>
              [
                line.currency,
                <span key={line.currency} className="ops-credit-line">
                  <Trans>
                    line <Money amount={line.line} currency={line.currency} />, borrowed{" "}
                    <Money amount={line.borrowed} currency={line.currency} />, pending{" "}
                    <Money amount={line.pending} currency={line.currency} />, left{" "}
                    <Money amount={line.available} currency={line.currency} />
                  </Trans>
                </span>,
              ] as const,
          ),
        ]}
      />
    </OpsCard>
  );
}

/** A member's credit on their screen (supervisors): the figures, the rules' proposal and the form that sets them. */
export function MemberCreditCard({ memberId }: { memberId: string }) {
  // Saving reads the credit again (it changed the console's tag); the form starts again from it.
  const state = useEndpoint(loansApi.opsCredit, { params: { id: memberId } });
  return (
    <Loaded state={state} retry={state.reload}>
      {(credit) => <CreditForm key={JSON.stringify(credit)} memberId={memberId} credit={credit} />}
    </Loaded>
  );
}

/** A line in major units, as the form's field shows it. */
function major(line: CreditLine | undefined): string {
  return line ? minorToDecimal(BigInt(line.line), line.currency) : "0";
}

function CreditForm({ memberId, credit }: { memberId: string; credit: OpsCredit }) {
  const { t } = useLingui();
  const jpy = credit.credit.lines.find((line) => line.currency === "JPY");
  const usd = credit.credit.lines.find((line) => line.currency === "USD");
  const [score, setScore] = useState(String(credit.credit.score ?? credit.proposal.score));
  const [jpyLine, setJpyLine] = useState(major(jpy));
  const [usdLine, setUsdLine] = useState(major(usd));
  const [reason, setReason] = useState("");
  const [errors, setErrors] = useState<FieldErrors>({});
  const [busy, run] = useBusy();

  function submit(event: FormEvent) {
    event.preventDefault();
    const found: FieldErrors = {};
    const scoreNumber = Number(score);
    if (!/^\d{1,4}$/.test(score.trim()) || scoreNumber > 1000) found.score = "VALIDATION_FAILED";
    if (reason.trim() === "") found.reason = "REASON_REQUIRED";
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    void run(
      async () => {
        await call(loansApi.setCredit, {
          params: { id: memberId },
          body: {
            score: scoreNumber,
            lines: { JPY: jpyLine.trim(), USD: usdLine.trim() },
            reason: reason.trim(),
          },
        });
        notifySuccess(t`Credit saved`);
      },
      (error) => {
        const code = errorCode(error);
        setErrors(refusedFields(error) ?? (code === "CREDIT_LINE_INVALID" ? { JPY: code, USD: code } : {}));
      },
    );
  }

  return (
    <form className="ops-card ops-form" onSubmit={submit} noValidate data-testid="credit-form">
      <h2 className="ops-card__title">
        <Trans>Credit score and lines</Trans>
      </h2>
      <p className="ops-muted">
        <Trans>
          The rules propose a score of {credit.proposal.score}, a yen line of{" "}
          <Money amount={credit.proposal.lines.JPY} currency="JPY" /> and a dollar line of{" "}
          <Money amount={credit.proposal.lines.USD} currency="USD" />, from verification, time with us and net
          balances.
        </Trans>
      </p>
      <TextField
        id="credit-score"
        label={<Trans>Credit score (0–1000)</Trans>}
        inputMode="numeric"
        value={score}
        onChange={(event) => setScore(event.target.value)}
        error={errors.score}
      />
      <TextField
        id="credit-line-jpy"
        label={<Trans>Yen line (JPY)</Trans>}
        inputMode="numeric"
        value={jpyLine}
        onChange={(event) => setJpyLine(event.target.value)}
        error={errors.JPY}
      />
      <TextField
        id="credit-line-usd"
        label={<Trans>Dollar line (USD)</Trans>}
        inputMode="decimal"
        value={usdLine}
        onChange={(event) => setUsdLine(event.target.value)}
        error={errors.USD}
      />
      <TextArea
        id="credit-reason"
        label={<Trans>Reason (kept in the audit log)</Trans>}
        value={reason}
        onChange={setReason}
        error={errors.reason}
        maxLength={500}
      />
      <div className="ops-form__actions">
        <button type="submit" className="button button--primary" disabled={busy} data-testid="credit-save">
          <Trans>Save credit</Trans>
        </button>
      </div>
    </form>
  );
}
