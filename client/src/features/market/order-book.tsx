import { formatCompact, formatPrice } from "@kabuto/shared/format";
import { type BookLevel, bookDepth } from "@kabuto/shared/protocol/market-data";
import { Trans } from "@lingui/react/macro";
import type { ReactNode } from "react";
import type { AppLocale } from "../../i18n/locale.ts";
import { useLocale } from "../../i18n/use-locale.ts";
import { useBook, usePtsBook } from "../../state/topics.ts";
import { direction } from "./instrument.ts";

interface OrderBookProps {
  symbol: string;
  /** Shares per trading unit: sizes show in lots, or in shares where a lot is one share (US). */
  lotSize: number;
  /** Prices above it show in the rise colour, below in the fall colour. */
  prevClose: string | undefined;
  digits: number;
  /** Whose board: the TSE's (the default) or the PTS's, on its own finer grid. */
  venue?: "tse" | "pts";
  /** The TSE / PTS switch of a Tokyo name, in the board's title row. */
  switcher?: ReactNode;
}

interface Side {
  kind: "ask" | "bid";
  levels: (BookLevel | undefined)[];
}

/** Always five rows a side, so the board does not jump while levels come and go. */
function padded(levels: BookLevel[]): (BookLevel | undefined)[] {
  return Array.from({ length: bookDepth }, (_, index) => levels[index]);
}

function lots(size: number, lotSize: number, locale: AppLocale): string {
  return formatCompact(size / lotSize, locale);
}

function tone(price: string, prevClose: string | undefined): string {
  if (prevClose === undefined) return "flat";
  return direction(String(Number(price) - Number(prevClose)));
}

/**
 * The five-level board in the Japanese layout: sell orders above (worst at the top, best next to
 * the middle), buy orders below (best first); sizes in lots (in shares where a lot is one
 * share), with bars for their weight.
 */
export function OrderBook({ symbol, lotSize, prevClose, digits, venue = "tse", switcher }: OrderBookProps) {
  const locale = useLocale();
  const tseBook = useBook(venue === "tse" ? symbol : null);
  const ptsBook = usePtsBook(venue === "pts" ? symbol : null);
  const book = venue === "pts" ? ptsBook : tseBook;
  const asks: Side = { kind: "ask", levels: padded(book?.asks ?? []).reverse() };
  const bids: Side = { kind: "bid", levels: padded(book?.bids ?? []) };
  // As the order sheet: where a lot is one share, the member counts shares, so the board does too.
  const inShares = lotSize === 1;
  const largest = Math.max(1, ...[...(book?.asks ?? []), ...(book?.bids ?? [])].map((level) => level.size));

  function row(side: Side["kind"], level: BookLevel | undefined, index: number) {
    const key = `${side}-${index}`;
    const sizeCell = (
      <td className="book__size num">
        {level && (
          <>
            <span className="book__bar" style={{ width: `${(level.size / largest) * 100}%` }} />
            <span className="book__size-text">{lots(level.size, lotSize, locale)}</span>
          </>
        )}
      </td>
    );
    const classes = `book__row book__row--${side}${side === "bid" && index === 0 ? " book__row--first-bid" : ""}`;
    return (
      <tr key={key} className={classes}>
        {side === "ask" ? sizeCell : <td />}
        <td className={`book__price num ${level ? tone(level.price, prevClose) : ""}`}>
          {level ? formatPrice(level.price, locale, { fractionDigits: digits }) : "—"}
        </td>
        {side === "bid" ? sizeCell : <td />}
      </tr>
    );
  }

  return (
    <section className="book" aria-labelledby="book-title" data-testid="order-book" data-venue={venue}>
      <div className="book__head">
        <h2 id="book-title" className="section-title">
          <Trans>Order book</Trans>
          {book === undefined && <span className="skeleton" />}
        </h2>
        {switcher}
      </div>
      <table className="book__table">
        <thead>
          <tr>
            <th scope="col">{inShares ? <Trans>Sell (shares)</Trans> : <Trans>Sell (lots)</Trans>}</th>
            <th scope="col">
              <Trans context="order book">Price</Trans>
            </th>
            <th scope="col">{inShares ? <Trans>Buy (shares)</Trans> : <Trans>Buy (lots)</Trans>}</th>
          </tr>
        </thead>
        <tbody>
          {asks.levels.map((level, index) => row("ask", level, bookDepth - 1 - index))}
          {bids.levels.map((level, index) => row("bid", level, index))}
        </tbody>
      </table>
      {!inShares && (
        <p className="book__spread">
          <Trans>1 lot = {lotSize} shares</Trans>
        </p>
      )}
    </section>
  );
}
