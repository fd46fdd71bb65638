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
