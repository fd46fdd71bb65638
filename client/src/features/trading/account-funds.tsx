import { formatMoney } from "@kabuto/shared/format";
import type { Currency } from "@kabuto/shared/symbols";
import { Trans, useLingui } from "@lingui/react/macro";
import type { ReactNode } from "react";
import { useLocale } from "../../i18n/use-locale.ts";
import { errorCode } from "../../lib/api-error.ts";
import { errorMessage } from "../../lib/error-messages.ts";
import { formatSignedMoney, toneOf } from "./figures.tsx";
import type { CurrencyTotals } from "./pnl.ts";
import { useAccountTotals } from "./trading-store.ts";
import "./trading.css";

/** Yen first (the home account), then US dollars, then any other currency alphabetically. */
const currencyOrder: Partial<Record<Currency, number>> = { JPY: 0, USD: 1 };

function byCurrency(a: CurrencyTotals, b: CurrencyTotals): number {
  return (
    (currencyOrder[a.currency] ?? 9) - (currencyOrder[b.currency] ?? 9) ||
    a.currency.localeCompare(b.currency)
  );
}

/**
 * The account centre's money (spec section 2): per currency total assets, frozen and available
 * funds and profit, and the US-dollar amount. Live: the unrealised P&L of holding positions
 * moves the totals with each tick.
 */
export function AccountFunds() {
  const { i18n } = useLingui();
  const { totals, error } = useAccountTotals();
  if (!totals) {
    if (error !== undefined)
      return (
        <p className="funds-card funds-card--problem" role="alert">
          {errorMessage(i18n, errorCode(error))}
        </p>
      );
    return (
      <section className="funds-card" aria-busy="true">
        <span className="skeleton" style={{ width: "40%" }} />
        <span className="skeleton" style={{ width: "60%", height: "1.75rem" }} />
      </section>
    );
  }
  // A member who has never had money has no balances at all: show their yen at zero rather
  // than no figures, so the page says plainly that a deposit is the first step.
  const shown = totals.length > 0 ? totals : [noMoney("JPY")];
  return (
    <>
      {[...shown].sort(byCurrency).map((figures) => (
        <CurrencyCard key={figures.currency} figures={figures} />
      ))}
    </>
  );
}

/** A currency's figures when the member holds nothing in it. */
function noMoney(currency: Currency): CurrencyTotals {
  return {
    currency,
    totalAssets: 0n,
    frozen: 0n,
    available: 0n,
    profit: 0n,
    unrealized: 0n,
    margin: 0n,
    deficit: 0n,
    loans: 0n,
    priced: true,
  };
}

function Figure({ label, children, testId }: { label: ReactNode; children: ReactNode; testId: string }) {
  return (
    <div className="funds-card__figure">
      <dt>{label}</dt>
      <dd className="num" data-testid={testId}>
        {children}
      </dd>
    </div>
  );
}

function CurrencyCard({ figures }: { figures: CurrencyTotals }) {
  const locale = useLocale();
  const { currency } = figures;
  const money = (amount: bigint) => formatMoney(amount, currency, locale);
  return (
    <section className="funds-card" data-currency={currency} data-testid="funds-card">
      <h2 className="funds-card__title">
        {currency === "JPY" && <Trans>Total assets (yen)</Trans>}
        {currency === "USD" && <Trans>US-dollar amount</Trans>}
        {currency !== "JPY" && currency !== "USD" && <Trans>Total assets ({currency})</Trans>}
      </h2>
      {/* Until every holding position has a live price, a total or a profit would be wrong. */}
      <p className="funds-card__total num" data-testid="funds-total" data-priced={figures.priced}>
        {figures.priced ? money(figures.totalAssets) : <span className="skeleton" />}
      </p>
      <dl className="funds-card__figures">
        <Figure label={<Trans>Available funds</Trans>} testId="funds-available">
          {money(figures.available)}
        </Figure>
        <Figure label={<Trans>Frozen funds</Trans>} testId="funds-frozen">
          {money(figures.frozen)}
        </Figure>
        <Figure label={<Trans>Profit</Trans>} testId="funds-profit">
          {figures.priced ? (
            <span className={toneOf(figures.profit)}>
              {formatSignedMoney(figures.profit, currency, locale)}
            </span>
          ) : (
            <span className="skeleton" />
          )}
        </Figure>
      </dl>
      {figures.deficit !== 0n && (
        <p className="funds-card__owed">
          <Trans>Owed: {money(figures.deficit < 0n ? -figures.deficit : figures.deficit)}</Trans>
        </p>
      )}
      {figures.loans !== 0n && (
        <p className="funds-card__owed" data-testid="funds-loans">
          <Trans>Credit loans owed: {money(figures.loans)}</Trans>
        </p>
      )}
    </section>
  );
}
