import type { Instrument } from "@kabuto/shared/api/market";
import { formatChange, formatPercent, formatPrice } from "@kabuto/shared/format";
import { ptsTickTable } from "@kabuto/shared/market/venues";
import type { Quote } from "@kabuto/shared/protocol/market-data";
import { memo, type ReactNode, useEffect, useRef, useState } from "react";
import { Link } from "wouter";
import { useLocale } from "../../i18n/use-locale.ts";
import { useInView } from "../../lib/use-in-view.ts";
import { usePtsQuote, useQuote } from "../../state/topics.ts";
import { detailPath, direction, localName, priceDigits } from "./instrument.ts";

/** How long a changed price stays highlighted. */
const flashMs = 700;

interface QuoteRowProps {
  instrument: Instrument;
  /** The quote that came with the list, shown until the live one arrives. */
  initial: Quote | null;
  onOpen?: (() => void) | undefined;
  /** Where the row leads; the stock's detail screen unless given. */
  href?: string | undefined;
  /** A figure shown under the name. */
  note?: ReactNode;
  /** The row follows the name's PTS quote instead of the TSE's. */
  pts?: boolean;
}

/** A price cell that flashes the colour of the move whenever `value` changes. */
function useFlash(value: string | undefined): { key: number; move: "up" | "down" | undefined } {
  const previous = useRef(value);
  const [flash, setFlash] = useState<{ key: number; move: "up" | "down" | undefined }>({
    key: 0,
    move: undefined,
  });
  useEffect(() => {
    const before = previous.current;
    previous.current = value;
    if (before === undefined || value === undefined || before === value) return;
    setFlash((current) => ({ key: current.key + 1, move: Number(value) > Number(before) ? "up" : "down" }));
    const timer = setTimeout(() => setFlash((current) => ({ ...current, move: undefined })), flashMs);
    return () => clearTimeout(timer);
  }, [value]);
  return flash;
}

/** One row of a quote list: live only while on screen. */
export const QuoteRow = memo(function QuoteRow({
  instrument,
  initial,
  onOpen,
  href,
  note,
  pts = false,
}: QuoteRowProps) {
  const locale = useLocale();
  const ref = useRef<HTMLAnchorElement>(null);
  const inView = useInView(ref);
  const tse = useQuote(inView && !pts ? instrument.symbol : null);
  const atPts = usePtsQuote(inView && pts ? instrument.symbol : null);
  const live = pts ? atPts : tse;
  const lastSeen = useRef(initial);
  if (live) lastSeen.current = live;
  const quote = live ?? lastSeen.current;
  const flash = useFlash(quote?.last);
  const digits = priceDigits(
    instrument.symbol,
    pts ? ptsTickTable(instrument.tickTable) : instrument.tickTable,
    quote?.last,
  );
  const tone = direction(quote?.change);
  return (
    <Link
      href={href ?? detailPath(instrument.symbol)}
      className="quote-row"
      ref={ref}
      data-symbol={instrument.symbol}
      onClick={onOpen}
    >
      <span className="quote-row__name">
        <span className="quote-row__title">{localName(instrument.name, locale)}</span>
        <span className="quote-row__code">
          <span className="market-tag" data-market={instrument.market}>
            {instrument.market}
          </span>
          {instrument.code}
          {note !== undefined && <span className="quote-row__note">{note}</span>}
        </span>
      </span>
      <span
        key={flash.key}
        className={`quote-row__last num ${tone}`}
        data-flash={flash.move}
        data-testid="last"
      >
        {quote ? formatPrice(quote.last, locale, { fractionDigits: digits }) : "—"}
      </span>
      <span className={`quote-row__change num ${tone}`}>
        <span className="quote-row__pct">{quote ? formatPercent(quote.changePct, locale) : "—"}</span>
        <span className="quote-row__abs">
          {quote ? formatChange(quote.change, locale, { fractionDigits: digits }) : ""}
        </span>
      </span>
    </Link>
  );
});
