import type { Credit, CreditLine, Loan } from "@kabuto/shared/api/loans";
import { loansApi } from "@kabuto/shared/endpoints/loans";
import { formatMoney } from "@kabuto/shared/format";
import { interestFor, type LoanCurrency, ppmToPercent } from "@kabuto/shared/loans/interest";
import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { type FormEvent, useState } from "react";
import { Link } from "wouter";
import { ChoiceChips } from "../../app/choice-chips.tsx";
import { PageHeader } from "../../app/page-header.tsx";
import { useLocale } from "../../i18n/use-locale.ts";
import { call } from "../../lib/api.ts";
import { ApiError, errorCode, type FieldError } from "../../lib/api-error.ts";
import { IntentKeys } from "../../lib/intent-key.ts";
import { notifyError, notifySuccess } from "../../lib/notify.ts";
import { useEndpoint } from "../../lib/queries.ts";
import { afterOwnAction } from "../../state/account-feed.ts";
import { useSessionState } from "../../state/session.ts";
import type { FieldErrors } from "../auth/form-errors.ts";
import { LoadProblem, Notice, SignInNeeded } from "../identity/identity-parts.tsx";
import { useAccountSummary } from "../trading/trading-store.ts";
import { useConfirmStep } from "../trading-pin/confirm-step.tsx";
import { isPinRefusal } from "../trading-pin/pin-refusal.ts";
import { amountError, amountForServer, parseAmount } from "../wallet/amount.ts";
import { AmountField, requestTime } from "../wallet/wallet-parts.tsx";
import "./loans.css";

/** The borrow form's worked example: a month of interest on the amount typed. */
const exampleDays = 30;

const statusLabels: Record<Loan["status"], MessageDescriptor> = {
  pending: msg({ message: "Pending review", context: "loan status" }),
  approved: msg({ message: "Owed", context: "loan status" }),
  rejected: msg({ message: "Rejected", context: "loan status" }),
  settled: msg({ message: "Repaid", context: "loan status" }),
};

/**
 * `/user/jkjl`: credit loans. The member's credit (score, line, borrowed, what is left), a form
 * to borrow within the line that states the rate and what a month would cost, and the loan
 * records (amount, time, order number, status) with what each still owes and a way to repay it.
 */
export function LoansScreen() {
  const session = useSessionState();
  const credit = useEndpoint(loansApi.credit, {});
  const loans = useEndpoint(loansApi.list, {});
  const done = () => afterOwnAction();
  return (
    <>
      <PageHeader back="/user/usercenter" title={<Trans>Credit loans</Trans>} />
      <main className="form-page">
        {!session && <SignInNeeded />}
        {session && credit.status === "loading" && <div className="panel" aria-busy="true" />}
        {session && credit.status === "error" && <LoadProblem error={credit.error} onRetry={credit.reload} />}
        {session && credit.status === "ready" && <CreditPanel credit={credit.value} />}
        {session && credit.status === "ready" && <BorrowForm credit={credit.value} onDone={done} />}
        {session && (
          <section className="panel">
            <h2 className="panel__title">
              <Trans>Loan records</Trans>
            </h2>
            {loans.status === "loading" && <span className="skeleton" />}
            {loans.status === "error" && <LoadProblem error={loans.error} onRetry={loans.reload} />}
            {loans.status === "ready" && <LoanList loans={loans.value.items} onDone={done} />}
          </section>
        )}
      </main>
    </>
  );
}

function CreditPanel({ credit }: { credit: Credit }) {
  const locale = useLocale();
  return (
    <section className="panel" data-testid="credit">
      <div className="credit-score">
        <span className="credit-score__label">
          <Trans>Credit score</Trans>
        </span>
        <span className="credit-score__value num" data-testid="credit-score">
          {credit.score ?? "—"}
        </span>
      </div>
      <table className="credit-table">
        <thead>
          <tr>
            <th scope="col">
              <Trans>Currency</Trans>
            </th>
            <th scope="col">
              <Trans>Credit line</Trans>
            </th>
            <th scope="col">
              <Trans>Borrowed</Trans>
            </th>
            <th scope="col">
              <Trans>Available to borrow</Trans>
            </th>
          </tr>
        </thead>
        <tbody>
          {credit.lines.map((line) => (
            <tr key={line.currency} data-testid={`credit-${line.currency}`}>
              <th scope="row">{line.currency}</th>
              <td className="num">{formatMoney(line.line, line.currency, locale)}</td>
              <td className="num">{formatMoney(line.borrowed, line.currency, locale)}</td>
              <td className="num" data-testid="credit-available">
                {formatMoney(line.available, line.currency, locale)}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {credit.lines.every((line) => line.line === "0") && (
        <p className="field__hint" data-testid="credit-no-line">
          <Trans>
            You have no credit line yet. Operations set lines for verified members from their time with us and
            the money they keep here; ask support if you need one.
          </Trans>
        </p>
      )}
    </section>
  );
}

function BorrowForm({ credit, onDone }: { credit: Credit; onDone: () => void }) {
  const { t } = useLingui();
  const locale = useLocale();
  const lines = credit.lines;
  const [currency, setCurrency] = useState<LoanCurrency>(
    lines.find((line) => line.available !== "0")?.currency ?? "JPY",
  );
  const [amount, setAmount] = useState("");
  const [errors, setErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState(false);
  const [keys] = useState(() => new IntentKeys());
  const line = lines.find((entry) => entry.currency === currency);
  if (!line) return null;
  const money = (value: string | bigint) => formatMoney(value, currency, locale);
  const typed = parseAmount(amount, currency);
  const example = exampleOf(line, typed);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!line) return;
    const problem = amountError(amount, currency, {
      min: BigInt(line.minimum),
      max: BigInt(line.available),
      aboveCode: "LOAN_LINE_INSUFFICIENT",
    });
    setErrors(problem ? { amount: problem } : {});
    const minor = parseAmount(amount, currency);
    if (problem || minor === undefined) return;
    const body = { currency, amount: amountForServer(minor, currency) };
    setBusy(true);
    try {
      await call(loansApi.borrow, { body }, { idempotencyKey: keys.keyFor(JSON.stringify(body)) });
      keys.settle();
      notifySuccess(t`Loan request submitted for review`);
      setAmount("");
      onDone();
    } catch (error) {
      keys.settle(error);
      setErrors(fieldErrorsOf(error, ["AMOUNT_INVALID", "AMOUNT_BELOW_MINIMUM", "LOAN_LINE_INSUFFICIENT"]));
      notifyError(error);
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className="panel" onSubmit={submit} noValidate data-testid="borrow-form">
      <h2 className="panel__title">
        <Trans>Borrow</Trans>
      </h2>
      <ChoiceChips
        name="loan-currency"
        legend={<Trans>Currency</Trans>}
        value={currency}
        onChange={(value) => {
          setCurrency(value);
          setErrors({});
        }}
        choices={lines.map((entry) => ({ value: entry.currency, label: entry.currency }))}
      />
      <dl className="breakdown">
        <div className="breakdown__row">
          <dt>
            <Trans>Available to borrow</Trans>
          </dt>
          <dd className="num" data-testid="borrow-available">
            {money(line.available)}
          </dd>
        </div>
        <div className="breakdown__row">
          <dt>
            <Trans>Annual interest rate</Trans>
          </dt>
          <dd className="num" data-testid="borrow-rate">
            {ppmToPercent(line.annualRatePpm)}%
          </dd>
        </div>
        <div className="breakdown__row breakdown__row--minor">
          <dt>
            <Trans>Smallest loan</Trans>
          </dt>
          <dd className="num">{money(line.minimum)}</dd>
        </div>
      </dl>
      <AmountField
        id="borrow-amount"
        label={<Trans>Amount ({currency})</Trans>}
        currency={currency}
        value={amount}
        onChange={(value) => {
          setAmount(value);
          setErrors({});
        }}
        error={errors.amount}
      />
      <p className="field__hint" data-testid="borrow-example">
        <Trans>
          Interest is charged daily on what you owe ({line.dayBasis}-day year) and added to the loan.
          Borrowing {money(example.principal)} for {exampleDays} days costs {money(example.interest)} in
          interest.
        </Trans>
      </p>
      <p className="field__hint">
        <Trans>
          The money arrives in your available cash once the request is approved. What you owe cannot be
          withdrawn until it is repaid.
        </Trans>
      </p>
      <button
        type="submit"
        className="button button--primary button--block"
        disabled={busy || line.available === "0"}
        data-testid="borrow-submit"
      >
        <Trans>Request loan</Trans>
      </button>
    </form>
  );
}

/** The example's figures: the amount typed, or the whole remaining line when nothing valid is typed. */
function exampleOf(line: CreditLine, typed: bigint | undefined): { principal: bigint; interest: bigint } {
  const fallback = BigInt(line.available) > 0n ? BigInt(line.available) : BigInt(line.minimum);
  const principal = typed ?? fallback;
  return { principal, interest: interestFor(principal, line.annualRatePpm, line.currency, exampleDays) };
}

function LoanList({ loans, onDone }: { loans: Loan[]; onDone: () => void }) {
  const locale = useLocale();
  const { i18n } = useLingui();
  const [repaying, setRepaying] = useState<string | undefined>();
  if (loans.length === 0)
    return (
      <p className="request-empty">
        <Trans>No loans yet.</Trans>
      </p>
    );
  return (
    <ul className="request-list" data-testid="loans">
      {loans.map((loan) => {
        const owed = BigInt(loan.principalOwed) + BigInt(loan.interestOwed);
        return (
          <li key={loan.id} className="request-row" data-testid="loan" data-status={loan.status}>
            <div className="request-row__main">
              <span className="request-row__amount num">
                {formatMoney(loan.amount, loan.currency, locale)}
              </span>
              <span className="status-tag" data-status={loanTone(loan.status)} data-testid="loan-status">
                {i18n._(statusLabels[loan.status])}
              </span>
            </div>
            <div className="request-row__details">
              <span className="num">{loan.orderNo}</span>
              <span className="num">{requestTime(loan.createdAtMs, locale)}</span>
            </div>
            {loan.status === "approved" && (
              <dl className="loan-owed">
                <div>
                  <dt>
                    <Trans>Still owed</Trans>
                  </dt>
                  <dd className="num" data-testid="loan-owed">
                    {formatMoney(owed, loan.currency, locale)}
                  </dd>
                </div>
                <div>
                  <dt>
                    <Trans>Interest so far</Trans>
                  </dt>
                  <dd className="num">{formatMoney(loan.interestTotal, loan.currency, locale)}</dd>
                </div>
              </dl>
            )}
            {loan.status === "rejected" && loan.reason && (
              <p className="request-row__reason">
                <Trans>Reason: {loan.reason}</Trans>
              </p>
            )}
            {loan.status === "approved" && repaying !== loan.id && (
              <button
                type="button"
                className="button button--outline button--small"
                onClick={() => setRepaying(loan.id)}
                data-testid="loan-repay"
              >
                <Trans>Repay</Trans>
              </button>
            )}
            {loan.status === "approved" && repaying === loan.id && (
              <RepayForm
                loan={loan}
                owed={owed}
                onCancel={() => setRepaying(undefined)}
                onDone={() => {
                  setRepaying(undefined);
                  onDone();
                }}
              />
            )}
          </li>
        );
      })}
    </ul>
  );
}

/** The status tag's colour: owed money is a warning, a repaid loan is done. */
function loanTone(status: Loan["status"]): "pending" | "approved" | "rejected" {
  if (status === "approved") return "pending";
  if (status === "settled") return "approved";
  return status;
}

function RepayForm({
  loan,
  owed,
  onCancel,
  onDone,
}: {
  loan: Loan;
  owed: bigint;
  onCancel: () => void;
  onDone: () => void;
}) {
  const { t } = useLingui();
  const locale = useLocale();
  const account = useAccountSummary();
  const cash = BigInt(
    account.value?.balances.find((balance) => balance.currency === loan.currency)?.available ?? "0",
  );
  const [amount, setAmount] = useState("");
  const [error, setError] = useState<FieldError | undefined>();
  const [busy, setBusy] = useState(false);
  const [keys] = useState(() => new IntentKeys());
  const confirm = useConfirmStep();
  const most = owed < cash ? owed : cash;

  async function submit(event: FormEvent) {
    event.preventDefault();
    const problem =
      amountError(amount, loan.currency, { max: owed, aboveCode: "REPAYMENT_EXCEEDS_LOAN" }) ??
      amountError(amount, loan.currency, { max: cash, aboveCode: "INSUFFICIENT_BALANCE" });
    setError(problem);
    const minor = parseAmount(amount, loan.currency);
    if (problem || minor === undefined) return;
    const value = amountForServer(minor, loan.currency);
    const money = (amount: bigint) => formatMoney(amount, loan.currency, locale);
    confirm.ask({
      title: <Trans>Confirm your repayment</Trans>,
      rows: [
        { label: <Trans>Owed now</Trans>, value: money(owed) },
        { label: <Trans>Repayment</Trans>, value: money(minor), testId: "confirm-required", strong: true },
        { label: <Trans>Still owed after</Trans>, value: money(owed - minor) },
      ],
      note: <Trans>Paid from your available cash: interest first, then the amount borrowed.</Trans>,
      confirmLabel: <Trans>Repay</Trans>,
      send: (pin) => send(value, pin),
    });
  }

  /** Sends the confirmed repayment; a refusal of the PIN goes back to the confirmation step. */
  async function send(value: string, pin: string | undefined) {
    setBusy(true);
    try {
      const after = await call(
        loansApi.repay,
        { params: { id: loan.id }, body: { amount: value } },
        { idempotencyKey: keys.keyFor(`${loan.id}:${value}`), tradingPin: pin },
      );
      keys.settle();
      notifySuccess(after.status === "settled" ? t`Loan repaid in full` : t`Repayment received`);
      onDone();
    } catch (failure) {
      keys.settle(failure);
      if (isPinRefusal(failure)) throw failure;
      setError(
        fieldErrorsOf(failure, ["AMOUNT_INVALID", "REPAYMENT_EXCEEDS_LOAN", "INSUFFICIENT_BALANCE"]).amount,
      );
      notifyError(failure);
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className="repay-form" onSubmit={submit} noValidate data-testid="repay-form">
      <p className="field__hint">
        <Trans>
          Paid from your available cash ({formatMoney(cash, loan.currency, locale)}): interest first, then the
          amount borrowed.
        </Trans>
      </p>
      <div className="amount-line">
        <AmountField
          id={`repay-amount-${loan.id}`}
          label={<Trans>Repayment ({loan.currency})</Trans>}
          currency={loan.currency}
          value={amount}
          onChange={(value) => {
            setAmount(value);
            setError(undefined);
          }}
          error={error}
        />
        <button
          type="button"
          className="button button--outline button--small amount-line__all"
          disabled={most <= 0n}
          onClick={() => {
            setAmount(amountForServer(most, loan.currency));
            setError(undefined);
          }}
        >
          <Trans>All</Trans>
        </button>
      </div>
      <div className="repay-form__actions">
        <button type="button" className="button button--outline" onClick={onCancel}>
          <Trans>Cancel</Trans>
        </button>
        <button type="submit" className="button button--primary" disabled={busy} data-testid="repay-submit">
          <Trans>Repay</Trans>
        </button>
      </div>
      {owed > cash && (
        <Notice tone="warn">
          <p className="notice__text">
            <Trans>You owe more than your available cash.</Trans>
          </p>
          <Link href="/user/recharge" className="button button--primary button--small">
            <Trans>Deposit</Trans>
          </Link>
        </Notice>
      )}
      {confirm.element}
    </form>
  );
}

/** The server's refusal at the amount field when it is about the amount; else only in the toast. */
function fieldErrorsOf(error: unknown, amountCodes: readonly string[]): FieldErrors {
  const code = errorCode(error);
  const fields: FieldErrors = error instanceof ApiError ? { ...error.fields } : {};
  if (amountCodes.includes(code)) fields.amount = code;
  return fields;
}
