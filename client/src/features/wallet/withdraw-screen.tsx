import type { FundingTerms, Withdrawable, Withdrawal } from "@kabuto/shared/api/funding";
import type { BankCard, SecurityStatus } from "@kabuto/shared/api/identity";
import { fundingApi } from "@kabuto/shared/endpoints/funding";
import { identityApi } from "@kabuto/shared/endpoints/identity";
import { formatMoney } from "@kabuto/shared/format";
import type { Currency } from "@kabuto/shared/symbols";
import { Trans, useLingui } from "@lingui/react/macro";
import { type FormEvent, useState } from "react";
import { Link } from "wouter";
import { ChoiceChips } from "../../app/choice-chips.tsx";
import { PageHeader } from "../../app/page-header.tsx";
import { TextField } from "../../app/text-field.tsx";
import { useLocale } from "../../i18n/use-locale.ts";
import { call } from "../../lib/api.ts";
import { ApiError, errorCode } from "../../lib/api-error.ts";
import { errorMessage } from "../../lib/error-messages.ts";
import { IntentKeys } from "../../lib/intent-key.ts";
import { notifyError, notifySuccess } from "../../lib/notify.ts";
import { type AsyncState, useEndpoint } from "../../lib/queries.ts";
import { afterOwnAction } from "../../state/account-feed.ts";
import { useSessionState } from "../../state/session.ts";
import type { FieldErrors } from "../auth/form-errors.ts";
import { LoadProblem, Notice, SignInNeeded } from "../identity/identity-parts.tsx";
import { amountError, amountForServer, parseAmount } from "./amount.ts";
import { type OpenRequest, openRequest } from "./open-request.ts";
import {
  AmountField,
  FieldError,
  FundHoursNote,
  OpenRequestNotice,
  RequestStatusTag,
  requestTime,
} from "./wallet-parts.tsx";
import { type WithdrawBlocker, withdrawBlocker } from "./withdraw-blocker.ts";
import "./wallet.css";

/** Yen first, then dollars, then the rest alphabetically: the member's home currency leads. */
function currencyRank(currency: Currency): number {
  return currency === "JPY" ? 0 : currency === "USD" ? 1 : 2;
}

interface Loaded {
  security: SecurityStatus;
  cards: BankCard[];
  withdrawable: Withdrawable[];
  terms: FundingTerms;
}

/**
 * `/user/withdraw`: a withdrawal to one of the member's bank cards. The screen states every rule
 * that may hold money back (spec section 5; the README's withdrawal rules): what is withdrawable and how it is
 * computed (available cash less uncovered losses, loans and any debt), the minimum, the hours,
 * the fund password, the card, and a request still under review. Below, the member's
 * withdrawals with their status and any rejection reason.
 */
export function WithdrawScreen() {
  const session = useSessionState();
  const security = useEndpoint(identityApi.security, {});
  const cards = useEndpoint(identityApi.cards, {});
  const withdrawable = useEndpoint(fundingApi.withdrawable, {});
  const terms = useEndpoint(fundingApi.terms, {});
  const withdrawals = useEndpoint(fundingApi.withdrawals, {});
  const deposits = useEndpoint(fundingApi.deposits, {});
  const reads = [security, cards, withdrawable, terms, withdrawals, deposits];
  const reload = () => {
    for (const read of reads) if (read.status === "error") read.reload();
  };
  const loaded = loadedOf(security, cards, withdrawable, terms);
  const open =
    deposits.status === "ready" && withdrawals.status === "ready"
      ? openRequest(deposits.value.items, withdrawals.value.items)
      : undefined;
  return (
    <>
      <PageHeader back="/user/usercenter" title={<Trans context="cash">Withdraw</Trans>} />
      <main className="form-page">
        {!session && <SignInNeeded />}
        {session && loaded.status === "loading" && <div className="panel" aria-busy="true" />}
        {session && loaded.status === "error" && <LoadProblem error={loaded.error} onRetry={reload} />}
        {session && loaded.status === "ready" && <WithdrawForm loaded={loaded.value} open={open} />}
        {session && (
          <section className="panel">
            <h2 className="panel__title">
              <Trans>My withdrawals</Trans>
            </h2>
            {withdrawals.status === "loading" && <span className="skeleton" />}
            {withdrawals.status === "error" && <LoadProblem error={withdrawals.error} onRetry={reload} />}
            {withdrawals.status === "ready" && <WithdrawalList withdrawals={withdrawals.value.items} />}
          </section>
        )}
      </main>
    </>
  );
}

/** The form's reads together: the first failure, else loading until all four are in. */
function loadedOf(
  security: AsyncState<SecurityStatus>,
  cards: AsyncState<{ items: BankCard[] }>,
  withdrawable: AsyncState<{ items: Withdrawable[] }>,
  terms: AsyncState<FundingTerms>,
): AsyncState<Loaded> {
  for (const read of [security, cards, withdrawable, terms]) {
    if (read.status === "error") return { status: "error", error: read.error };
  }
  if (
    security.status !== "ready" ||
    cards.status !== "ready" ||
    withdrawable.status !== "ready" ||
    terms.status !== "ready"
  )
    return { status: "loading" };
  return {
    status: "ready",
    value: {
      security: security.value,
      cards: cards.value.items,
      withdrawable: withdrawable.value.items,
      terms: terms.value,
    },
  };
}

/** The notice for what stops a withdrawal, with the way out where the member has one. */
function BlockerNotice({ blocker }: { blocker: WithdrawBlocker }) {
  const { i18n } = useLingui();
  switch (blocker) {
    case "frozen":
      return <Notice tone="danger">{errorMessage(i18n, "ACCOUNT_FROZEN")}</Notice>;
    case "barred":
      return <Notice tone="danger">{errorMessage(i18n, "WITHDRAW_BARRED")}</Notice>;
    case "kyc":
      return (
        <Notice tone="warn" testId="withdraw-needs-kyc">
          <p className="notice__text">
            <Trans>
              Withdrawals go to a bank card in your own name: complete real-name verification first.
            </Trans>
          </p>
          <Link href="/user/bandCard" className="button button--primary button--small">
            <Trans>Real-name verification</Trans>
          </Link>
        </Notice>
      );
    case "card":
      return (
        <Notice tone="warn" testId="withdraw-needs-card">
          <p className="notice__text">
            <Trans>Add the bank card to receive the money first.</Trans>
          </p>
          <Link href="/user/WithCard" className="button button--primary button--small">
            <Trans>Add a bank card</Trans>
          </Link>
        </Notice>
      );
    case "fundPassword":
      return (
        <Notice tone="warn" testId="withdraw-needs-fund-password">
          <p className="notice__text">
            <Trans>Withdrawals ask for your fund password. Set one first.</Trans>
          </p>
          <Link href="/user/setPassword?back=/user/withdraw" className="button button--primary button--small">
            <Trans>Set fund password</Trans>
          </Link>
        </Notice>
      );
  }
}

function WithdrawForm({ loaded, open }: { loaded: Loaded; open: OpenRequest | undefined }) {
  const { t } = useLingui();
  const locale = useLocale();
  const items = [...loaded.withdrawable].sort(
    (a, b) => currencyRank(a.currency) - currencyRank(b.currency) || a.currency.localeCompare(b.currency),
  );
  const [currency, setCurrency] = useState<Currency | undefined>(items[0]?.currency);
  const [cardId, setCardId] = useState(loaded.cards[0]?.id);
  const [amount, setAmount] = useState("");
  const [fundPassword, setFundPassword] = useState("");
  const [errors, setErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState(false);
  const [keys] = useState(() => new IntentKeys());
  const item = items.find((entry) => entry.currency === currency);
  const blocker = withdrawBlocker(loaded.security, loaded.cards.length);

  function clearError(field: string) {
    setErrors(({ [field]: _, ...rest }) => rest);
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!item) return;
    const found: FieldErrors = {};
    const amountProblem = amountError(amount, item.currency, {
      min: BigInt(item.minimum),
      max: BigInt(item.withdrawable),
      aboveCode: "INSUFFICIENT_WITHDRAWABLE",
    });
    if (amountProblem) found.amount = amountProblem;
    if (!cardId) found.card = "CARD_NOT_FOUND";
    if (fundPassword === "") found.fundPassword = "FUND_PASSWORD_REQUIRED";
    setErrors(found);
    const minor = parseAmount(amount, item.currency);
    if (Object.keys(found).length > 0 || minor === undefined || !cardId) return;
    const body = {
      cardId,
      currency: item.currency,
      amount: amountForServer(minor, item.currency),
      fundPassword,
    };
    setBusy(true);
    try {
      await call(fundingApi.withdraw, { body }, { idempotencyKey: keys.keyFor(JSON.stringify(body)) });
      keys.settle();
      afterOwnAction();
      notifySuccess(t`Withdrawal submitted for review`);
      setAmount("");
      setFundPassword("");
    } catch (error) {
      keys.settle(error);
      setErrors(withdrawErrors(error));
      notifyError(error);
    } finally {
      setBusy(false);
    }
  }

  if (items.length === 0)
    return (
      <div className="form-page__stack" data-testid="withdraw-form">
        {blocker && <BlockerNotice blocker={blocker} />}
        <p className="empty">
          <Trans>You have no money to withdraw.</Trans>
        </p>
      </div>
    );
  const money = (value: string | bigint) => (item ? formatMoney(value, item.currency, locale) : "");
  return (
    <form className="form-page__stack" onSubmit={submit} noValidate data-testid="withdraw-form">
      {blocker && <BlockerNotice blocker={blocker} />}
      {!blocker && open && <OpenRequestNotice request={open} locale={locale} />}
      <section className="panel">
        {items.length > 1 && (
          <ChoiceChips
            name="withdraw-currency"
            legend={<Trans>Currency</Trans>}
            value={currency ?? items[0]?.currency ?? "JPY"}
            onChange={(value) => {
              setCurrency(value);
              clearError("amount");
            }}
            look="chips"
            choices={items.map((entry) => ({ value: entry.currency, label: entry.currency }))}
          />
        )}
        {item && (
          <dl className="breakdown" data-testid="withdrawable">
            <div className="breakdown__row">
              <dt>
                <Trans context="withdrawable">Available cash</Trans>
              </dt>
              <dd className="num">{money(item.available)}</dd>
            </div>
            <div className="breakdown__row">
              <dt>
                <Trans>− Losses beyond position margin</Trans>
              </dt>
              <dd className="num">{money(item.uncoveredLoss)}</dd>
            </div>
            <div className="breakdown__row">
              <dt>
                <Trans>− Loans outstanding</Trans>
              </dt>
              <dd className="num">{money(item.loans)}</dd>
            </div>
            <div className="breakdown__row">
              <dt>
                <Trans>− Owed to the house</Trans>
              </dt>
              <dd className="num">{money(item.debt)}</dd>
            </div>
            {item.rewardsHeld !== "0" && (
              <div className="breakdown__row" data-testid="withdraw-rewards-held">
                <dt>
                  <Trans>− Reward cash still on hold</Trans>
                </dt>
                <dd className="num">{money(item.rewardsHeld)}</dd>
              </div>
            )}
            <div className="breakdown__row breakdown__row--total">
              <dt>
                <Trans>= Withdrawable</Trans>
              </dt>
              <dd className="num" data-testid="withdrawable-amount">
                {money(item.withdrawable)}
              </dd>
            </div>
            <div className="breakdown__row breakdown__row--minor">
              <dt>
                <Trans>Minimum withdrawal</Trans>
              </dt>
              <dd className="num">{money(item.minimum)}</dd>
            </div>
          </dl>
        )}
      </section>
      <section className="panel">
        {loaded.cards.length > 0 && (
          <fieldset className="pick-list" aria-invalid={errors.card ? true : undefined}>
            <legend className="field__label">
              <Trans>To bank card</Trans>
            </legend>
            {loaded.cards.map((card) => (
              <label key={card.id} className="pick" data-testid="withdraw-card">
                <input
                  type="radio"
                  name="withdraw-card"
                  value={card.id}
                  checked={card.id === cardId}
                  onChange={() => {
                    setCardId(card.id);
                    clearError("card");
                  }}
                />
                <span className="pick__body">
                  <span className="pick__title">{card.bankName}</span>
                  <span className="pick__detail num">
                    {card.cardNumberMasked} · {card.holderName}
                  </span>
                </span>
              </label>
            ))}
            {errors.card && <FieldError code={errors.card} />}
          </fieldset>
        )}
        {item && (
          <div className="amount-line">
            <AmountField
              id="withdraw-amount"
              label={<Trans>Amount ({item.currency})</Trans>}
              currency={item.currency}
              value={amount}
              onChange={(value) => {
                setAmount(value);
                clearError("amount");
              }}
              error={errors.amount}
            />
            <button
              type="button"
              className="button button--outline button--small amount-line__all"
              disabled={BigInt(item.withdrawable) <= 0n}
              onClick={() => {
                setAmount(amountForServer(BigInt(item.withdrawable), item.currency));
                clearError("amount");
              }}
            >
              <Trans>All</Trans>
            </button>
          </div>
        )}
        <TextField
          id="withdraw-fund-password"
          label={<Trans>Fund password</Trans>}
          type="password"
          inputMode="numeric"
          autoComplete="off"
          maxLength={6}
          value={fundPassword}
          onChange={(event) => {
            setFundPassword(event.target.value);
            clearError("fundPassword");
          }}
          error={errors.fundPassword}
        />
        <FundHoursNote terms={loaded.terms} what="withdrawal" />
        <p className="field__hint">
          <Trans>The amount is held from your available cash until the withdrawal is reviewed. No fee.</Trans>
        </p>
        <button
          type="submit"
          className="button button--primary button--block"
          disabled={busy || blocker !== undefined || open !== undefined || !loaded.terms.openNow}
          data-testid="withdraw-submit"
        >
          <Trans>Request withdrawal</Trans>
        </button>
      </section>
    </form>
  );
}

/** Where the server's refusal shows: at the field it concerns, else only in the toast. */
function withdrawErrors(error: unknown): FieldErrors {
  const code = errorCode(error);
  const fields: FieldErrors = error instanceof ApiError ? { ...error.fields } : {};
  const amountCodes = [
    "AMOUNT_INVALID",
    "AMOUNT_BELOW_MINIMUM",
    "INSUFFICIENT_WITHDRAWABLE",
    "INSUFFICIENT_BALANCE",
  ];
  const passwordCodes = ["FUND_PASSWORD_WRONG", "FUND_PASSWORD_REQUIRED", "FUND_PASSWORD_THROTTLED"];
  if (amountCodes.includes(code)) fields.amount = code;
  if (passwordCodes.includes(code)) fields.fundPassword = code;
  if (code === "CARD_NOT_FOUND") fields.card = code;
  return fields;
}

function WithdrawalList({ withdrawals }: { withdrawals: Withdrawal[] }) {
  const locale = useLocale();
  if (withdrawals.length === 0)
    return (
      <p className="request-empty">
        <Trans>No withdrawals yet.</Trans>
      </p>
    );
  return (
    <ul className="request-list" data-testid="withdrawals">
      {withdrawals.map((withdrawal) => (
        <li
          key={withdrawal.id}
          className="request-row"
          data-testid="withdrawal"
          data-status={withdrawal.status}
        >
          <div className="request-row__main">
            <span className="request-row__amount num">
              {formatMoney(withdrawal.amount, withdrawal.currency, locale)}
            </span>
            <RequestStatusTag status={withdrawal.status} />
          </div>
          <div className="request-row__details">
            <span className="num">
              {withdrawal.bankName} {withdrawal.cardNumberMasked}
            </span>
            <span className="num">{requestTime(withdrawal.createdAtMs, locale)}</span>
          </div>
          {withdrawal.status === "rejected" && withdrawal.reason && (
            <p className="request-row__reason">
              <Trans>Reason: {withdrawal.reason}</Trans>
            </p>
          )}
        </li>
      ))}
    </ul>
  );
}
