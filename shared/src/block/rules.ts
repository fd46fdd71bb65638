import { type DeskHours, parseDeskHours } from "../market/desk-hours.ts";
import { priceScale, priceToUnits, roundToTick, type TickTable, unitsToPrice } from "../market/ticks.ts";
import { tradingUnit } from "../market/units.ts";
import { zonedIsoDate } from "../market/zone-time.ts";
import type { Market } from "../symbols.ts";
import { charge, closingCharges, priceNotional, toMinor } from "../trading/rules.ts";

/**
 * Block trades' rules in one place, used by the application form and the server alike: the desk's
 * hours, the negotiated-bid price band around the last auction trade, the per-application share
 * limits, the member's daily purchase limit, and what an application holds. Pure.
 */

/** The block desk's hours (BLOCK_HOURS): Tokyo hours on TSE business days, or always. */
export type BlockHours = DeskHours;

/** Parses BLOCK_HOURS, "HH:MM-HH:MM" or "always"; a window that ends before it starts throws. */
export function parseBlockHours(text: string): BlockHours {
  return parseDeskHours(text, "BLOCK_HOURS");
}

/** The Tokyo date a daily limit counts in. */
export function blockDay(nowMs: number): string {
  return zonedIsoDate("Asia/Tokyo", nowMs);
}

/** A negotiated bid's price may be at most 7% from the last auction trade (ToSTNeT-1's band). */
export const bidBandPct = 7;
/** ...but never narrower than ¥5 either side, so a cheap name still has room. */
export const bidBandFloorYen = 5;

/** The allowed price band, in price units, around the last auction trade price. */
export interface PriceBandUnits {
  lowUnits: number;
  highUnits: number;
}

/**
 * The band around `lastUnits`, its ends moved inward onto the instrument's tick grid (a price
 * must be one the exchange could trade at).
 */
export function bidBand(market: Market, table: TickTable, lastUnits: number): PriceBandUnits {
  const pct = Math.floor((lastUnits * bidBandPct) / 100);
  const half = market === "JP" ? Math.max(pct, bidBandFloorYen * priceScale.JP) : pct;
  return {
    lowUnits: roundToTick(table, Math.max(1, lastUnits - half), "up"),
    highUnits: roundToTick(table, lastUnits + half, "down"),
  };
}

/** The band as decimal price strings, for screens and error details. */
export function bidBandText(
  market: Market,
  table: TickTable,
  lastPrice: string,
): { low: string; high: string } | undefined {
  const last = priceToUnits(lastPrice, market);
  if (last === undefined || last <= 0) return undefined;
  const band = bidBand(market, table, last);
  return { low: unitsToPrice(band.lowUnits, market), high: unitsToPrice(band.highUnits, market) };
}

/** The closed list of refusals the rules give, each a code in the shared error list. */
export type BlockRefusal =
  | { code: "BLOCK_CLOSED" }
  | { code: "BLOCK_MIN_SHARES"; details: { min: number } }
  | { code: "BLOCK_MAX_SHARES"; details: { max: number } }
  | { code: "BLOCK_DAILY_LIMIT"; details: { remaining: string } }
  | { code: "BLOCK_PRICE_LIMIT"; details: { low: string; high: string } }
  | { code: "QUANTITY_INVALID"; details: { unit: number } };

export interface BlockCheckInput {
  market: Market;
  shares: number;
  minShares: number;
  maxShares: number;
  /** The price asked, price units; checked against `band` when given (negotiated bids). */
  priceUnits: number;
  band: PriceBandUnits | null;
  /** What this application holds and what the member's other applications today hold, minor units. */
  holdMinor: bigint;
  usedTodayMinor: bigint;
  dailyLimitMinor: bigint;
  deskOpen: boolean;
}

/** Checks an application in the order a member should hear about them; undefined when it may go. */
export function blockRefusal(input: BlockCheckInput): BlockRefusal | undefined {
  if (!input.deskOpen) return { code: "BLOCK_CLOSED" };
  const unit = tradingUnit[input.market];
  if (!Number.isSafeInteger(input.shares) || input.shares <= 0 || input.shares % unit !== 0) {
    return { code: "QUANTITY_INVALID", details: { unit } };
  }
  if (input.shares < input.minShares) return { code: "BLOCK_MIN_SHARES", details: { min: input.minShares } };
  if (input.shares > input.maxShares) return { code: "BLOCK_MAX_SHARES", details: { max: input.maxShares } };
  if (input.band && (input.priceUnits < input.band.lowUnits || input.priceUnits > input.band.highUnits)) {
    return {
      code: "BLOCK_PRICE_LIMIT",
      details: {
        low: unitsToPrice(input.band.lowUnits, input.market),
        high: unitsToPrice(input.band.highUnits, input.market),
      },
    };
  }
  const left = input.dailyLimitMinor - input.usedTodayMinor;
  if (input.holdMinor > left) {
    return { code: "BLOCK_DAILY_LIMIT", details: { remaining: (left < 0n ? 0n : left).toString() } };
  }
  return undefined;
}

/** What a buy of `shares` at `price` costs: the notional and the purchase fee, minor units. */
export interface BlockCost {
  notionalMinor: bigint;
  feeMinor: bigint;
  /** Held at once: notional plus fee. */
  holdMinor: bigint;
}

export function blockCost(
  market: Market,
  price: string,
  shares: number,
  feePpm: number,
): BlockCost | undefined {
  const scaled = priceNotional(price, shares, market);
  if (scaled === undefined) return undefined;
  const notionalMinor = toMinor(scaled, market);
  const feeMinor = charge(notionalMinor, feePpm);
  return { notionalMinor, feeMinor, holdMinor: notionalMinor + feeMinor };
}

/**
 * What a sell bid of a whole long position costs: the selling fee and the sale tax at the bid's
 * price, held at once (the shares themselves stay in the position until the desk decides).
 */
export function blockSellCost(
  market: Market,
  price: string,
  shares: number,
  openNotionalMinor: bigint,
  terms: { feePpm: number; taxPpm: number },
): { notionalMinor: bigint; feeMinor: bigint; taxMinor: bigint; holdMinor: bigint } | undefined {
  const scaled = priceNotional(price, shares, market);
  if (scaled === undefined) return undefined;
  const notionalMinor = toMinor(scaled, market);
  const { fee, tax } = closingCharges("long", openNotionalMinor, notionalMinor, terms);
  return { notionalMinor, feeMinor: fee, taxMinor: tax, holdMinor: fee + tax };
}

/** A block application buys, or (negotiated bids) sells one whole long position the member holds. */
export const blockSides = ["buy", "sell"] as const;
export type BlockSide = (typeof blockSides)[number];

/** An application's states as the spec names them, and the member's own withdrawal. */
export const blockStates = ["pending", "passed", "rejected", "withdrawn"] as const;
export type BlockState = (typeof blockStates)[number];

/** The two kinds: an application to an offering (立会外分売) and a negotiated bid (ToSTNeT). */
export const blockKinds = ["offering", "bid"] as const;
export type BlockKind = (typeof blockKinds)[number];
