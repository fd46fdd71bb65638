import type { IndexInfo } from "@kabuto/shared/api/market";
import { formatChange, formatPercent, formatPrice } from "@kabuto/shared/format";
import { memo } from "react";
import { useLocale } from "../../i18n/use-locale.ts";
import { useQuote } from "../../state/topics.ts";
import { direction, localName } from "../market/instrument.ts";

/** One index, live from its quote topic. */
export const IndexCard = memo(function IndexCard({ index }: { index: IndexInfo }) {
  const locale = useLocale();
  const quote = useQuote(index.symbol) ?? index.quote;
  const tone = direction(quote?.change);
  return (
    <li className={`index-card ${tone}`} data-symbol={index.symbol}>
      <span className="index-card__name">{localName(index.name, locale)}</span>
      <span className="index-card__last num">
        {quote ? formatPrice(quote.last, locale, { fractionDigits: 2 }) : "—"}
      </span>
      <span className="index-card__move num">
        {quote ? (
          <>
            {formatChange(quote.change, locale, { fractionDigits: 2 })}{" "}
            {formatPercent(quote.changePct, locale)}
          </>
        ) : (
          <span className="skeleton" />
        )}
      </span>
    </li>
  );
});

/**
 * How many cards the strip keeps room for while the indices load: as many as the market
 * publishes (the feed's five, feed/src/universe/indices.ts), so the sections below do not move
 * when the cards arrive.
 */
export const indexPlaceholderCount = 5;

/** A card's rows at their own heights, shimmering, while the indices load. */
export function IndexCardPlaceholder() {
  return (
    <li className="index-card" aria-hidden="true">
      <span className="index-card__name">
        <span className="skeleton" />
      </span>
      <span className="index-card__last num">
        <span className="skeleton" style={{ width: "70%" }} />
      </span>
      <span className="index-card__move num">
        <span className="skeleton" />
      </span>
    </li>
  );
}
