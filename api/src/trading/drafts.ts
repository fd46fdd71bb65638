import { unitsToPrice } from "@kabuto/shared/market/ticks";
import type { Currency, Market } from "@kabuto/shared/symbols";
import { marketCurrency } from "@kabuto/shared/symbols";
import type { DayTradeTerms } from "@kabuto/shared/trading/day-trade";
import { dayTradeLeverage, dayTradeOpeningCosts } from "@kabuto/shared/trading/day-trade";
import type { Fill, MarketTerms, Side } from "@kabuto/shared/trading/rules";
import { closingCharges, limitOrderHold, openingCosts, profit, toMinor } from "@kabuto/shared/trading/rules";
import {
  houseAccount,
  type JournalDraft,
  type MemberPurpose,
  memberAccount,
  type Posting,
  transfer,
} from "../ledger/journal.ts";

/**
 * The journals of trading, decided here and nowhere else: pure functions from what happened
 * (a fill, a hold, a close) to the postings. The repository only writes them; the database
 * only refuses what breaks an invariant (a negative balance, an unbalanced journal).
 */

/** A journal of a position that does not exist yet: its ref is the position the database numbers. */
export type PositionJournal = Omit<JournalDraft, "ref">;

export interface Opening {
  notional: bigint;
  margin: bigint;
  fee: bigint;
  /** The fill's average price, as the position and the order show it. */
  openPrice: string;
  /** Moves margin and the opening fee out of available cash. */
  journals: PositionJournal[];
}

/** Where an order sent to the PTS or by the smart route was done; the smart route's saving. */
export interface OpeningVenue {
  /** Shares done at the PTS, of the order's quantity. */
  ptsQuantity: number;
  quantity: number;
  /** A smart route's saving against the TSE's own book, minor units; none for an order sent to the PTS. */
  savedMinor?: bigint;
}

/** The opening memo's venue words: all at one venue or split, and a smart route's saving. */
function venueParams(done: OpeningVenue): { venue: "tse" | "pts" | "split"; saved?: string } {
  const venue = done.ptsQuantity === 0 ? "tse" : done.ptsQuantity === done.quantity ? "pts" : "split";
  return done.savedMinor === undefined ? { venue } : { venue, saved: done.savedMinor.toString() };
}

/** Opening a position at a fill: margin from available cash to margin, the fee to the house. */
export function openJournals(input: {
  memberId: string;
  market: Market;
  terms: Pick<MarketTerms, "feePpm">;
  symbol: string;
  side: Side;
  quantity: number;
  leverage: number;
  fill: Fill;
  /** An order sent to the PTS or by the smart route: where it was done, and a smart route's saving. */
  done?: OpeningVenue | undefined;
}): Opening {
  const { memberId, market } = input;
  const currency = marketCurrency[market];
  const notional = toMinor(input.fill.scaledNotional, market);
  const { margin, fee } = openingCosts(notional, input.leverage, input.terms);
  const openPrice = formatAverage(input.fill.averageUnits, market);
  const cash = memberAccount(memberId, "available", currency);
  const journals: PositionJournal[] = [
    {
      kind: "open",
      memberId,
      memo: `${input.side} ${input.quantity} ${input.symbol} @ ${openPrice} ×${input.leverage}`,
      description: {
        code: "position_open",
        params: {
          side: input.side,
          quantity: input.quantity,
          symbol: input.symbol,
          price: openPrice,
          leverage: input.leverage,
          ...(input.done ? venueParams(input.done) : {}),
        },
      },
      postings: transfer(cash, memberAccount(memberId, "margin", currency), margin),
    },
  ];
  // The purchase fee is a journal of its own, a line of its own in the member's fund records.
  if (fee > 0n) {
    journals.push({
      kind: "fee",
      memberId,
      memo: "purchase fee",
      description: { code: "purchase_fee", params: {} },
      postings: transfer(cash, houseAccount("fees", currency), fee),
    });
  }
  return { notional, margin, fee, openPrice, journals };
}

/**
 * Opening a day trade at a fill: the day-trade margin (a share of the notional, not a leverage's
 * quotient) from available cash to margin, and the day-trade commission, if any, to the house.
 */
export function dayTradeOpenJournals(input: {
  memberId: string;
  market: Market;
  terms: DayTradeTerms;
  symbol: string;
  side: Side;
  quantity: number;
  fill: Fill;
}): Opening {
  const { memberId, market } = input;
  const currency = marketCurrency[market];
  const notional = toMinor(input.fill.scaledNotional, market);
  const { margin, fee } = dayTradeOpeningCosts(notional, input.terms);
  const openPrice = formatAverage(input.fill.averageUnits, market);
  const leverage = dayTradeLeverage(input.terms.marginPct);
  const cash = memberAccount(memberId, "available", currency);
  const journals: PositionJournal[] = [
    {
      kind: "open",
      memberId,
      memo: `day trade ${input.side} ${input.quantity} ${input.symbol} @ ${openPrice} ×${leverage}`,
      description: {
        code: "day_trade_open",
        params: {
          side: input.side,
          quantity: input.quantity,
          symbol: input.symbol,
          price: openPrice,
          leverage: String(leverage),
        },
      },
      postings: transfer(cash, memberAccount(memberId, "margin", currency), margin),
    },
  ];
  if (fee > 0n) {
    journals.push({
      kind: "fee",
      memberId,
      memo: "purchase fee",
      description: { code: "purchase_fee", params: {} },
      postings: transfer(cash, houseAccount("fees", currency), fee),
    });
  }
  return { notional, margin, fee, openPrice, journals };
}

/** What a resting limit order holds: the most its fill can cost (see `limitOrderHold`). */
export function restingHold(input: {
  market: Market;
  terms: Pick<MarketTerms, "feePpm">;
  side: Side;
  quantity: number;
  leverage: number;
  limitUnits: number;
}): bigint {
  const notional = toMinor(BigInt(input.quantity) * BigInt(input.limitUnits), input.market);
  return limitOrderHold(input.side, notional, input.leverage, input.terms);
}

/** A journal that moves a member's money between two of their own accounts in one currency. */
function memberMove(
  kind: JournalDraft["kind"],
  memberId: string,
  ref: string,
  move: { from: MemberPurpose; to: MemberPurpose; currency: Currency; amount: bigint },
): JournalDraft {
  return {
    kind,
    memberId,
    ref,
    memo: null,
    description: null,
    postings: transfer(
      memberAccount(memberId, move.from, move.currency),
      memberAccount(memberId, move.to, move.currency),
      move.amount,
    ),
  };
}

/** A pending order's hold: available cash to held. */
export function holdJournal(
  memberId: string,
  orderId: string,
  currency: Currency,
  amount: bigint,
): JournalDraft {
  return memberMove("order_hold", memberId, `order:${orderId}`, {
    from: "available",
    to: "held",
    currency,
    amount,
  });
}

/** A pending order's hold returned to available cash (cancelled, or about to fill). */
export function releaseJournal(
  memberId: string,
  orderId: string,
  currency: Currency,
  amount: bigint,
): JournalDraft {
  return memberMove("order_release", memberId, `order:${orderId}`, {
    from: "held",
    to: "available",
    currency,
    amount,
  });
}

/** More margin for a holding position, from available cash. */
export function addMarginJournal(
  memberId: string,
  positionId: string,
  currency: Currency,
  amount: bigint,
): JournalDraft {
  return memberMove("margin_add", memberId, `position:${positionId}`, {
    from: "available",
    to: "margin",
    currency,
    amount,
  });
}

/** Who closed a position: the member, a margin call, or the day-trade cut-off. */
export type CloseReason = "member" | "margin_call" | "day_trade_cutoff";

export interface Closing {
  closeNotional: bigint;
  closePrice: string;
  fee: bigint;
  tax: bigint;
  /** Profit net of both fees and the tax. */
  realized: bigint;
  journals: JournalDraft[];
}

/**
 * Closing a position at a fill: margin back to available cash, profit from the house's clearing
 * account or loss to it, then the selling fee and the tax, each a journal of its own. What the
 * member's money (`available` plus the margin) cannot cover becomes a visible debt in their
 * deficit account, never hidden negative cash.
 */
export function closeJournals(input: {
  memberId: string;
  market: Market;
  terms: Pick<MarketTerms, "feePpm" | "taxPpm">;
  position: {
    id: string;
    symbol: string;
    currency: Currency;
    side: Side;
    quantity: number;
    openNotional: bigint;
    margin: bigint;
    openFee: bigint;
  };
  fill: Fill;
  reason: CloseReason;
  /** The member's available cash, locked. */
  available: bigint;
}): Closing {
  const { memberId, market, position } = input;
  const { currency, margin } = position;
  const closeNotional = toMinor(input.fill.scaledNotional, market);
  const pnl = profit(position.side, position.openNotional, closeNotional);
  const { fee, tax } = closingCharges(position.side, position.openNotional, closeNotional, input.terms);
  const cash = memberAccount(memberId, "available", currency);
  const postings: Posting[] = [...transfer(memberAccount(memberId, "margin", currency), cash, margin)];
  if (pnl >= 0n) postings.push(...transfer(houseAccount("clearing", currency), cash, pnl));
  const owed = (pnl < 0n ? -pnl : 0n) + fee + tax;
  const shortfall = owed > input.available + margin ? owed - input.available - margin : 0n;
  if (shortfall > 0n)
    postings.push(...transfer(memberAccount(memberId, "deficit", currency), cash, shortfall));
  if (pnl < 0n) postings.push(...transfer(cash, houseAccount("clearing", currency), -pnl));
  const closePrice = formatAverage(input.fill.averageUnits, market);
  const ref = `position:${position.id}`;
  const journals: JournalDraft[] = [
    {
      kind: input.reason === "margin_call" ? "margin_call" : "close",
      memberId,
      ref,
      memo: `${input.reason === "day_trade_cutoff" ? "day-trade cut-off " : ""}${position.side} ${position.quantity} ${position.symbol} @ ${closePrice}`,
      description: {
        code: input.reason === "day_trade_cutoff" ? "day_trade_cutoff" : "position_close",
        params: {
          side: position.side,
          quantity: position.quantity,
          symbol: position.symbol,
          price: closePrice,
        },
      },
      postings,
    },
  ];
  // The selling fee and the tax are journals of their own, each a line in the fund records.
  if (fee > 0n)
    journals.push({
      kind: "fee",
      memberId,
      ref,
      memo: "selling fee",
      description: { code: "selling_fee", params: {} },
      postings: transfer(cash, houseAccount("fees", currency), fee),
    });
  if (tax > 0n)
    journals.push({
      kind: "tax",
      memberId,
      ref,
      memo: "stamp duty",
      description: { code: "sale_tax", params: {} },
      postings: transfer(cash, houseAccount("tax", currency), tax),
    });
  const realized = pnl - fee - tax - position.openFee;
  return { closeNotional, closePrice, fee, tax, realized, journals };
}

/** A fill's average price: between ticks when it took several levels, shown to a tenth of a price unit. */
export function formatAverage(units: number, market: Market): string {
  const rounded = Math.round(units);
  if (Math.abs(units - rounded) < 1e-9) return unitsToPrice(rounded, market);
  return (units / (market === "JP" ? 10 : 10_000)).toFixed(market === "JP" ? 2 : 5);
}
