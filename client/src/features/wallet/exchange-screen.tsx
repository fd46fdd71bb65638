import type { FxQuote } from "@kabuto/shared/api/funding";
import { fundingApi } from "@kabuto/shared/endpoints/funding";
import { formatMoney, formatPrice, intlLocale } from "@kabuto/shared/format";
import { minorDigits } from "@kabuto/shared/money";
import type { Currency } from "@kabuto/shared/symbols";
import { Trans, useLingui } from "@lingui/react/macro";
import { type FormEvent, type ReactNode, useState } from "react";
import { IconChevron, IconTrade } from "../../app/icons.tsx";
import { PageHeader } from "../../app/page-header.tsx";
import { TextField } from "../../app/text-field.tsx";
import type { AppLocale } from "../../i18n/locale.ts";
import { useLocale } from "../../i18n/use-locale.ts";
import { call } from "../../lib/api.ts";
import { ApiError, errorCode } from "../../lib/api-error.ts";
import { IntentKeys } from "../../lib/intent-key.ts";
import { notifyError, notifySuccess } from "../../lib/notify.ts";
import { useEndpoint } from "../../lib/queries.ts";
import { useNow } from "../../lib/use-now.ts";
import { afterOwnAction } from "../../state/account-feed.ts";
import { useSessionState } from "../../state/session.ts";
import { SignInNeeded } from "../identity/identity-parts.tsx";
import { useAccountSummary } from "../trading/trading-store.ts";
import { amountError, amountForServer, parseAmount } from "./amount.ts";
import {
  counterpartFor,
  exchangeCurrencies,
  inverseRate,
  pairError,
  quoteDeadline,
  secondsLeft,
} from "./exchange.ts";
import { FieldError } from "./wallet-parts.tsx";
import "./wallet.css";

/** How often the countdown redraws: often enough that the seconds never lag visibly. */
const tickMs = 250;

/** A quote with its deadline by this browser's clock and its life, for the countdown bar. */
interface HeldQuote {
  quote: FxQuote;
  deadlineMs: number;
  lifeSeconds: number;
}

function currencyName(currency: Currency, locale: AppLocale): string {
  try {
    return new Intl.DisplayNames([intlLocale[locale]], { type: "currency" }).of(currency) ?? currency;
  } catch {
    return currency;
  }
}

/**
 * A currency picker's face: the code, and the full name on a second line, which a native
 * select's one line cut to "JPY · Japan…" in half a phone's width. The select itself lies on
 * top, transparent, so the phone's own picker (with the full names) opens as before and screen
 * readers meet an ordinary select.
 */
function CurrencyFace({ currency, children }: { currency: Currency; children: ReactNode }) {
  const locale = useLocale();
  return (
    <span className="currency-face">
      {children}
      <span className="currency-face__face field__input" aria-hidden="true">
        <span className="currency-face__code">{currency}</span>
        <span className="currency-face__name">{currencyName(currency, locale)}</span>
        <IconChevron className="currency-face__chevron" />
      </span>
    </span>
  );
}

/**
 * `/user/exchange`: currency exchange at a quoted rate (spec sections 5 and 9). The member picks
 * two different currencies and an amount, gets a quote that holds for a stated number of
 * seconds (counted down on screen), and confirms it; an expired quote is asked for again.
 * No fee: the rate is the whole price.
 */
export function ExchangeScreen() {
  const session = useSessionState();
  return (
    <>
      <PageHeader
        back="/user/usercenter"
        title={<Trans context="exchange screen">Currency exchange</Trans>}
      />
      <main className="form-page">{session ? <ExchangeForm key={session.account} /> : <SignInNeeded />}</main>
    </>
  );
}

function ExchangeForm() {
  const { t } = useLingui();
  const locale = useLocale();
  const terms = useEndpoint(fundingApi.terms, {});
  const summary = useAccountSummary();
  const [from, setFrom] = useState<Currency>("JPY");
  const [to, setTo] = useState<Currency>("USD");
  const [amount, setAmount] = useState("");
  const [errors, setErrors] = useState<{ amount?: string; pair?: string }>({});
  const [held, setHeld] = useState<HeldQuote>();
  const [busy, setBusy] = useState(false);
  const [keys] = useState(() => new IntentKeys());
  const available = summary.value?.balances.find((balance) => balance.currency === from)?.available;

  function changed() {
    setHeld(undefined);
    setErrors({});
  }

  async function quote(event?: FormEvent) {
    event?.preventDefault();
    const found = { amount: amountError(amount, from), pair: pairError(from, to) };
    setErrors(found);
    const minor = parseAmount(amount, from);
    if (found.amount || found.pair || minor === undefined) return;
    setBusy(true);
    const requestedAtMs = Date.now();
    try {
      const answer = await call(fundingApi.quote, {
        body: { from, to, amount: amountForServer(minor, from) },
      });
      // The quote's life as the server states it; failing that, as the server's deadline reads here.
      const lifeSeconds =
        terms.status === "ready"
          ? terms.value.fxQuoteSeconds
          : Math.max(1, Math.round((answer.expiresAtMs - requestedAtMs) / 1000));
      setHeld({ quote: answer, deadlineMs: quoteDeadline(requestedAtMs, lifeSeconds), lifeSeconds });
    } catch (error) {
      const code = errorCode(error);
      setErrors({
        amount: ["AMOUNT_INVALID", "AMOUNT_BELOW_MINIMUM", "INSUFFICIENT_BALANCE"].includes(code)
          ? code
          : undefined,
        pair: ["CURRENCIES_SAME", "FX_PAIR_UNAVAILABLE", "CURRENCY_INVALID"].includes(code)
          ? code
          : undefined,
      });
      notifyError(error);
    } finally {
      setBusy(false);
    }
  }

  async function confirm() {
    // The countdown ticks in the quote card alone; the form need not redraw with it.
    if (!held || secondsLeft(held.deadlineMs, Date.now()) === 0) return;
    setBusy(true);
    try {
      const done = await call(
        fundingApi.convert,
        { body: { quoteId: held.quote.id } },
        { idempotencyKey: keys.keyFor(held.quote.id) },
      );
      keys.settle();
      afterOwnAction();
      const received = formatMoney(done.quote.toAmount, done.quote.to, locale);
      notifySuccess(t`Exchanged: ${received} received`);
      setHeld(undefined);
      setAmount("");
    } catch (error) {
      keys.settle(error);
      const code = errorCode(error);
      // A quote the server no longer holds cannot be confirmed: show it as expired, to be asked for again.
      if (code === "FX_QUOTE_EXPIRED" || code === "FX_QUOTE_NOT_FOUND") setHeld({ ...held, deadlineMs: 0 });
      if (code === "INSUFFICIENT_BALANCE" || code === "INSUFFICIENT_WITHDRAWABLE") {
        setHeld(undefined);
        setErrors({ amount: code });
      }
      if (!(error instanceof ApiError) || code !== "FX_QUOTE_EXPIRED") notifyError(error);
    } finally {
      setBusy(false);
    }
  }

  const option = (currency: Currency, disabled = false) => (
    <option key={currency} value={currency} disabled={disabled}>
      {currency} · {currencyName(currency, locale)}
    </option>
  );
  return (
    <>
      <form className="panel" onSubmit={quote} noValidate data-testid="exchange-form">
        <div className="fx-pair">
          <div className="field">
            <label className="field__label" htmlFor="fx-from">
              <Trans>From</Trans>
            </label>
            <CurrencyFace currency={from}>
              <select
                id="fx-from"
                className="currency-face__control"
                value={from}
                onChange={(event) => {
                  const next = event.target.value as Currency;
                  setFrom(next);
                  setTo(counterpartFor(next, to));
                  changed();
                }}
              >
                {exchangeCurrencies.map((currency) => option(currency))}
              </select>
            </CurrencyFace>
          </div>
          <button
            type="button"
            className="icon-button fx-pair__swap"
            aria-label={t`Swap currencies`}
            onClick={() => {
              setFrom(to);
              setTo(from);
              changed();
            }}
          >
            <IconTrade />
          </button>
          <div className="field">
            <label className="field__label" htmlFor="fx-to">
              <Trans context="exchange into">To</Trans>
            </label>
            <CurrencyFace currency={to}>
              <select
                id="fx-to"
                className="currency-face__control"
                value={to}
                aria-invalid={errors.pair ? true : undefined}
                onChange={(event) => {
                  setTo(event.target.value as Currency);
                  changed();
                }}
              >
                {exchangeCurrencies.map((currency) =>
                  option(currency, pairError(from, currency) !== undefined),
                )}
              </select>
            </CurrencyFace>
          </div>
        </div>
        {errors.pair && <FieldError code={errors.pair} />}
        <TextField
          id="fx-amount"
          label={<Trans>Amount ({from})</Trans>}
          inputMode={minorDigits[from] === 0 ? "numeric" : "decimal"}
          autoComplete="off"
          value={amount}
          onChange={(event) => {
            setAmount(event.target.value);
            changed();
          }}
          error={errors.amount}
        />
        <p className="field__hint num" data-testid="fx-available">
          <Trans>Available: {available === undefined ? "—" : formatMoney(available, from, locale)}</Trans>
        </p>
        {!held && (
          <button
            type="submit"
            className="button button--primary button--block"
            disabled={busy}
            data-testid="fx-quote"
          >
            <Trans>Get a quote</Trans>
          </button>
        )}
      </form>
      {held && (
        <QuoteCard
          held={held}
          busy={busy}
          onConfirm={confirm}
          onRequote={() => quote()}
          onCancel={() => setHeld(undefined)}
        />
      )}
      <p className="field__hint fx-note">
        {terms.status === "ready" ? (
          <Trans>
            No fee: the rate is the whole price. Rates follow the market; a quote holds for{" "}
            {terms.value.fxQuoteSeconds} seconds.
          </Trans>
        ) : (
          <Trans>No fee: the rate is the whole price. Rates follow the market.</Trans>
        )}
      </p>
    </>
  );
}

function QuoteCard({
  held,
  busy,
  onConfirm,
  onRequote,
  onCancel,
}: {
  held: HeldQuote;
  busy: boolean;
  onConfirm: () => void;
  onRequote: () => void;
  onCancel: () => void;
}) {
  const locale = useLocale();
  const { quote } = held;
  const inverse = inverseRate(quote.rate);
  const left = secondsLeft(held.deadlineMs, useNow(tickMs));
  const expired = left === 0;
  const share = Math.min(1, left / held.lifeSeconds);
  return (
    <section className="panel quote-card" data-testid="fx-quote-card" data-expired={expired || undefined}>
      <p className="quote-card__rate num" data-testid="fx-rate">
        1 {quote.from} = {formatPrice(quote.rate, locale)} {quote.to}
      </p>
      {inverse && (
        <p className="quote-card__inverse num">
          1 {quote.to} ≈ {formatPrice(inverse, locale)} {quote.from}
        </p>
      )}
      <dl className="breakdown">
        <div className="breakdown__row">
          <dt>
            <Trans>You pay</Trans>
          </dt>
          <dd className="num">{formatMoney(quote.fromAmount, quote.from, locale)}</dd>
        </div>
        <div className="breakdown__row">
          <dt>
            <Trans>Fee</Trans>
          </dt>
          <dd className="num">{formatMoney(0n, quote.from, locale)}</dd>
        </div>
        <div className="breakdown__row breakdown__row--total">
          <dt>
            <Trans>You receive</Trans>
          </dt>
          <dd className="num" data-testid="fx-receive">
            {formatMoney(quote.toAmount, quote.to, locale)}
          </dd>
        </div>
      </dl>
      <div className="countdown" data-testid="fx-countdown">
        <div className="countdown__bar" style={{ transform: `scaleX(${share})` }} />
      </div>
      <p className="countdown__text" role="timer" aria-live="off">
        {expired ? (
          <Trans>This quote has expired.</Trans>
        ) : (
          <Trans>
            Rate holds for <span className="num">{left}</span> s
          </Trans>
        )}
      </p>
      <div className="quote-card__actions">
        <button type="button" className="button button--outline" onClick={onCancel} disabled={busy}>
          <Trans>Cancel</Trans>
        </button>
        {expired ? (
          <button
            type="button"
            className="button button--primary"
            onClick={onRequote}
            disabled={busy}
            data-testid="fx-requote"
          >
            <Trans>Get a new quote</Trans>
          </button>
        ) : (
          <button
            type="button"
            className="button button--primary"
            onClick={onConfirm}
            disabled={busy}
            data-testid="fx-confirm"
          >
            <Trans>Exchange</Trans>
          </button>
        )}
      </div>
    </section>
  );
}
