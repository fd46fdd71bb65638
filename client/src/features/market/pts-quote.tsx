import type { InstrumentWithQuote } from "@kabuto/shared/api/market";
import { formatChange, formatPercent, formatPrice } from "@kabuto/shared/format";
import { ptsTickTable } from "@kabuto/shared/market/venues";
import type { PtsPhase, Quote } from "@kabuto/shared/protocol/market-data";
import { Trans } from "@lingui/react/macro";
import { memo, type ReactNode, useState } from "react";
import { useLocale } from "../../i18n/use-locale.ts";
import { useMarketSession, usePtsQuote } from "../../state/topics.ts";
import { opensAtPts, ptsOpen, type VenueClock } from "../trading/venue.ts";
import { direction, priceDigits } from "./instrument.ts";
import { OrderBook } from "./order-book.tsx";
import { QuoteHeader } from "./quote-header.tsx";

/**
 * A Tokyo name's PTS on its stock page, loaded with Tokyo's names only: the PTS's price beside
 * the TSE's while the PTS trades, the PTS's price as the headline when the TSE is shut and the
 * PTS is not (at night, the TSE's close beneath it as the reference), and the board's switch
 * between the two venues.
 */

/** The two Tokyo clocks of `session:JP`. */
function useVenueClock(): VenueClock {
  const session = useMarketSession("JP");
  return { tse: session?.phase, pts: session?.pts?.phase };
}

/** "PTS day" / "PTS night": the session the PTS's price comes from. */
function PtsSessionName({ phase }: { phase: PtsPhase }) {
  return phase === "night" ? (
    <Trans context="pts session">PTS night</Trans>
  ) : (
    <Trans context="pts session">PTS day</Trans>
  );
}

/** A price with its change and percentage against its base, coloured by the change's sign. */
function PriceMove({ quote, digits, testId }: { quote: Quote; digits: number; testId: string }) {
  const locale = useLocale();
  const tone = direction(quote.change);
  return (
    <>
      <span className="num" data-testid={testId}>
        {formatPrice(quote.last, locale, { fractionDigits: digits })}
      </span>
      <span className={`num ${tone}`}>
        {formatChange(quote.change, locale, { fractionDigits: digits })}{" "}
        {formatPercent(quote.changePct, locale)}
      </span>
    </>
  );
}

interface JpQuoteHeaderProps {
  symbol: string;
  instrument: InstrumentWithQuote | undefined;
  /** The TSE's quote. */
  quote: Quote | null;
  digits: number;
}

/** The quote header of a Tokyo name, with the PTS's price where the PTS trades. */
export function JpQuoteHeader({ symbol, instrument, quote, digits }: JpQuoteHeaderProps) {
  const clock = useVenueClock();
  const pts = usePtsQuote(ptsOpen(clock) ? symbol : null);
  const ptsDigits = priceDigits(symbol, instrument && ptsTickTable(instrument.tickTable), pts?.last);
  const phase = clock.pts;
  if (pts && phase && phase !== "closed" && opensAtPts(clock)) {
    // The TSE is shut: the live price is the PTS's, the TSE's close is what it is measured against.
    return (
      <QuoteHeader
        symbol={symbol}
        instrument={instrument}
        quote={pts}
        digits={ptsDigits}
        ptsBase
        priceTag={
          <span className="venue-tag" data-testid="detail-venue">
            <PtsSessionName phase={phase} />
          </span>
        }
        reference={
          <p className="quote-header__reference" data-testid="detail-tse-close">
            {quote && (
              <>
                <span className="quote-header__reference-label">
                  <Trans>TSE close</Trans>
                </span>
                <PriceMove quote={quote} digits={digits} testId="detail-tse-last" />
              </>
            )}
          </p>
        }
      />
    );
  }
  return (
    <QuoteHeader
      symbol={symbol}
      instrument={instrument}
      quote={quote}
      digits={digits}
      reference={
        <p className="quote-header__reference" data-testid="detail-pts-line">
          {pts && phase && phase !== "closed" && (
            <>
              <span className="quote-header__reference-label">
                <PtsSessionName phase={phase} />
              </span>
              <PriceMove quote={pts} digits={ptsDigits} testId="detail-pts-last" />
            </>
          )}
        </p>
      }
    />
  );
}

interface JpOrderBookProps {
  symbol: string;
  instrument: InstrumentWithQuote | undefined;
  /** The TSE's previous close: it colours the TSE's board. */
  prevClose: string | undefined;
  digits: number;
}

/**
 * A Tokyo name's board with its TSE / PTS switch: the PTS's board first while the TSE is shut and
 * the PTS is not. Memoised: the stock page's ticks leave it be unless the previous close or the
 * decimals change.
 */
export const JpOrderBook = memo(function JpOrderBook({
  symbol,
  instrument,
  prevClose,
  digits,
}: JpOrderBookProps) {
  const clock = useVenueClock();
  const [chosen, setChosen] = useState<"tse" | "pts">();
  const venue = chosen ?? (opensAtPts(clock) ? "pts" : "tse");
  const pts = usePtsQuote(venue === "pts" ? symbol : null);
  const ptsDigits = priceDigits(symbol, instrument && ptsTickTable(instrument.tickTable), pts?.last);
  const option = (value: "tse" | "pts", label: ReactNode) => (
    <button
      type="button"
      className="venue-switch__tab"
      aria-pressed={venue === value}
      data-active={venue === value || undefined}
      data-testid={`book-venue-${value}`}
      onClick={() => setChosen(value)}
    >
      {label}
    </button>
  );
  const switcher = (
    <fieldset className="venue-switch">
      <legend className="visually-hidden">
        <Trans>Board venue</Trans>
      </legend>
      {option("tse", <Trans context="venue">TSE</Trans>)}
      {option("pts", <Trans context="venue">PTS</Trans>)}
    </fieldset>
  );
  return (
    <OrderBook
      key={venue}
      symbol={symbol}
      lotSize={instrument?.lotSize ?? 1}
      prevClose={venue === "pts" ? pts?.prevClose : prevClose}
      digits={venue === "pts" ? ptsDigits : digits}
      venue={venue}
      switcher={switcher}
    />
  );
});
