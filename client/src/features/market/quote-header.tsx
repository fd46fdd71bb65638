import type { InstrumentWithQuote } from "@kabuto/shared/api/market";
import {
  formatAmount,
  formatChange,
  formatClock,
  formatPercent,
  formatPrice,
  formatVolume,
} from "@kabuto/shared/format";
import type { Quote } from "@kabuto/shared/protocol/market-data";
import { Trans } from "@lingui/react/macro";
import type { ReactNode } from "react";
import { useLocale } from "../../i18n/use-locale.ts";
import { direction, symbolMarketOf, symbolZone } from "./instrument.ts";
import { SessionBadge } from "./session-badge.tsx";

interface QuoteHeaderProps {
  symbol: string;
  /**
   * Absent while the stock loads: the header keeps every row at its height (the market, known
   * from the symbol, says how many figures), the figures shimmering, so the chart below does not
   * move when they arrive.
   */
  instrument: InstrumentWithQuote | undefined;
  quote: Quote | null;
  digits: number;
  /**
   * Tokyo's names, from the PTS's parts (`pts-quote.tsx`): a label beside the price when the price
   * is the PTS's (at night), and a line under it (the PTS's price by day, the TSE's close at night).
   */
  priceTag?: ReactNode;
  reference?: ReactNode;
  /**
   * The quote is the PTS's: its `prevClose` is the PTS's base price, not a previous close, and
   * the session badge names its market, whose phase it shows.
   */
  ptsBase?: boolean;
}

function Stat({ label, children }: { label: ReactNode; children: ReactNode }) {
  return (
    <div className="stats__item">
      <dt>{label}</dt>
      <dd className="num">{children}</dd>
    </div>
  );
}

/** The stock's live price, its move and the day's figures. */
export function QuoteHeader({
  symbol,
  instrument,
  quote,
  digits,
  priceTag,
  reference,
  ptsBase,
}: QuoteHeaderProps) {
  const locale = useLocale();
  const market = symbolMarketOf(symbol);
  const missing = instrument ? "—" : <span className="skeleton" />;
  const price = (value: string | null | undefined) =>
    value ? formatPrice(value, locale, { fractionDigits: digits }) : missing;
  const tone = direction(quote?.change);
  return (
    <section className="quote-header" aria-label={instrument?.code} aria-busy={!instrument}>
      <div className="quote-header__top">
        {market && <SessionBadge market={market} named={ptsBase} />}
        {quote && (
          <span className="quote-header__time num">
            {formatClock(quote.tradeMs, locale, symbolZone(symbol))}
          </span>
        )}
      </div>
      <div className="quote-header__price">
        {priceTag}
        <span
          className={`quote-header__last num ${tone}`}
          data-testid={instrument ? "detail-last" : undefined}
        >
          {instrument ? price(quote?.last) : <span className="skeleton" style={{ width: "50%" }} />}
        </span>
        <span className={`quote-header__move num ${tone}`}>
          <span>{quote ? formatChange(quote.change, locale, { fractionDigits: digits }) : ""}</span>
          <span>{quote ? formatPercent(quote.changePct, locale) : ""}</span>
        </span>
      </div>
      {reference}
      <dl className="stats">
        <Stat label={<Trans context="quote stat">Open</Trans>}>{price(quote?.open)}</Stat>
        <Stat label={ptsBase ? <Trans>Base price</Trans> : <Trans>Prev. close</Trans>}>
          {price(quote?.prevClose)}
        </Stat>
        <Stat label={<Trans context="quote stat">High</Trans>}>{price(quote?.high)}</Stat>
        <Stat label={<Trans context="quote stat">Low</Trans>}>{price(quote?.low)}</Stat>
        <Stat label={<Trans>Volume</Trans>}>{quote ? formatVolume(quote.volume, locale) : missing}</Stat>
        <Stat label={<Trans>Turnover</Trans>}>
          {quote && instrument
            ? formatAmount(quote.turnover, instrument.currency, locale, { compact: true })
            : missing}
        </Stat>
        {market === "JP" && (
          <>
            <Stat label={<Trans>Limit up</Trans>}>{price(quote?.limitUp)}</Stat>
            <Stat label={<Trans>Limit down</Trans>}>{price(quote?.limitDown)}</Stat>
          </>
        )}
      </dl>
    </section>
  );
}
