import { formatMoney, formatPercent } from "@kabuto/shared/format";
import { Trans } from "@lingui/react/macro";
import { useLocale } from "../../i18n/use-locale.ts";
import { formatSignedMoney, toneOf } from "./figures.tsx";
import { type HoldingTotals, pnlPercent } from "./pnl.ts";
import { useHoldingTotals } from "./trading-store.ts";

/**
 * The head of the holdings list, as a broker's portfolio page leads: what the open positions are
 * worth now and their unrealised P&L together, one line per currency (yen and dollars are never
 * added up), live with the quotes.
 */
export function HoldingSummary() {
  const totals = useHoldingTotals();
  if (!totals || totals.length === 0) return null;
  return (
    <section className="holding-summary" data-testid="holding-summary">
      {totals.map((each) => (
        <CurrencyLine key={each.currency} totals={each} />
      ))}
    </section>
  );
}

function CurrencyLine({ totals }: { totals: HoldingTotals }) {
  const locale = useLocale();
  const percent = pnlPercent(totals.unrealized, totals.initialMargin.toString());
  const pending = <span className="skeleton" />;
  return (
    <dl className="holding-summary__line" data-currency={totals.currency} aria-busy={!totals.priced}>
      <div className="holding-summary__figure">
        <dt>
          <Trans>Total market value</Trans>
        </dt>
        <dd className="num" data-testid="holding-summary-value">
          {totals.priced ? formatMoney(totals.marketValue, totals.currency, locale) : pending}
        </dd>
      </div>
      <div className="holding-summary__figure">
        <dt>
          <Trans>Total unrealised P&L</Trans>
        </dt>
        <dd className={`pnl num ${totals.priced ? toneOf(totals.unrealized) : ""}`}>
          {totals.priced ? (
            <>
              <span className="pnl__amount" data-testid="holding-summary-pnl">
                {formatSignedMoney(totals.unrealized, totals.currency, locale)}
              </span>
              {percent !== undefined && (
                <span className="pnl__percent">{formatPercent(percent, locale)}</span>
              )}
            </>
          ) : (
            pending
          )}
        </dd>
      </div>
    </dl>
  );
}
