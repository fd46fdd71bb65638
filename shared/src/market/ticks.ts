import type { tickTables } from "../api/market.ts";
import type { Market } from "../symbols.ts";
import { assert } from "./assert.ts";

/**
 * The price grid. A price is an integer count of "price units", a fixed fraction of the
 * market's currency, so tick arithmetic is exact and never meets a binary float.
 */

export type TickTable = (typeof tickTables)[number];
export type TickRounding = "down" | "up" | "nearest";

/**
 * Decimal places of one price unit: 0.1 yen, the finest TSE tick (TOPIX 500 names up to
 * 1,000 yen), and $0.0001, the finest US tick (quotes below $1.00).
 */
const priceDecimals: Record<Market, number> = { JP: 1, US: 4 };

/** Price units per yen or dollar. */
export const priceScale: Record<Market, number> = { JP: 10 ** priceDecimals.JP, US: 10 ** priceDecimals.US };

/** Decimals a price always shows: dollars show cents ("187.40"); yen show none ("2345"). */
const priceDecimalsMin: Record<Market, number> = { JP: 0, US: 2 };

/** Longest price text `priceToUnits` reads: a safe integer has 16 digits, plus sign and point. */
const priceTextLengthMax = 32;

/**
 * Most ticks one `stepTicks` call moves. The widest TSE daily limit in ticks is 1,500 (150
 * yen at 0.1 yen); a bound ten times wider still keeps the step loop cheap.
 */
const stepTicksMax = 15_000;

export const tickTableMarket: Record<TickTable, Market> = {
  topix500: "JP",
  tse: "JP",
  us: "US",
  pts_topix500: "JP",
  pts_tse: "JP",
};

/** [highest price of the band, included; tick], in yen or dollars. The last band has no top. */
type BandRow = readonly [upTo: number, tick: number];

const bandRows: Record<TickTable, readonly BandRow[]> = {
  // JPX tick sizes (呼値の単位) for TOPIX 500 constituents.
  topix500: [
    [1_000, 0.1],
    [3_000, 0.5],
    [10_000, 1],
    [30_000, 5],
    [100_000, 10],
    [300_000, 50],
    [1_000_000, 100],
    [3_000_000, 500],
    [10_000_000, 1_000],
    [30_000_000, 5_000],
    [Number.POSITIVE_INFINITY, 10_000],
  ],
  // JPX tick sizes for all other TSE stocks.
  tse: [
    [3_000, 1],
    [5_000, 5],
    [30_000, 10],
    [50_000, 50],
    [300_000, 100],
    [500_000, 500],
    [3_000_000, 1_000],
    [5_000_000, 5_000],
    [30_000_000, 10_000],
    [50_000_000, 50_000],
    [Number.POSITIVE_INFINITY, 100_000],
  ],
  // The PTS (a proprietary trading system, modelled on Japannext's J-Market): a tenth of the TSE's
  // tick in every band, never finer than 0.1 yen, the finest tick J-Market quotes (`ptsTickTable`).
  pts_topix500: [
    [1_000, 0.1],
    [3_000, 0.1],
    [10_000, 0.1],
    [30_000, 0.5],
    [100_000, 1],
    [300_000, 5],
    [1_000_000, 10],
    [3_000_000, 50],
    [10_000_000, 100],
    [30_000_000, 500],
    [Number.POSITIVE_INFINITY, 1_000],
  ],
  pts_tse: [
    [3_000, 0.1],
    [5_000, 0.5],
    [30_000, 1],
    [50_000, 5],
    [300_000, 10],
    [500_000, 50],
    [3_000_000, 100],
    [5_000_000, 500],
    [30_000_000, 1_000],
    [50_000_000, 5_000],
    [Number.POSITIVE_INFINITY, 10_000],
  ],
  // SEC Regulation NMS Rule 612: quotes of $1.00 and above in cents, below $1.00 in $0.0001.
  // Not modelled: the SEC's 2024 amendment giving tightly quoted stocks a $0.005 tick, whose
  // compliance date had not arrived when this table was written; recheck when it does.
  us: [
    [0.9999, 0.0001],
    [Number.POSITIVE_INFINITY, 0.01],
  ],
};

type Band = { maxUnits: number; tickUnits: number };

const bands: Record<TickTable, readonly Band[]> = {
  topix500: toBands("topix500"),
  tse: toBands("tse"),
  us: toBands("us"),
  pts_topix500: toBands("pts_topix500"),
  pts_tse: toBands("pts_tse"),
};

function toBands(table: TickTable): Band[] {
  return bandRows[table].map((row) => toBand(table, row));
}

/** Converts a table row through the exact decimal parser, so no float reaches the grid. */
function toBand(table: TickTable, [upTo, tick]: BandRow): Band {
  const market = tickTableMarket[table];
  const maxUnits = upTo === Number.POSITIVE_INFINITY ? upTo : priceToUnits(String(upTo), market);
  const tickUnits = priceToUnits(String(tick), market);
  assert(maxUnits !== undefined && tickUnits !== undefined, `tick table ${table} off the price scale`);
  return { maxUnits, tickUnits };
}

/** A decimal string of price units: "2345", "2345.5", "187.40", "0.5123", "-12.5". */
export function unitsToPrice(units: number, market: Market): string {
  assert(Number.isSafeInteger(units), `price units not a safe integer: ${units}`);
  const decimals = priceDecimals[market];
  const digits = String(Math.abs(units)).padStart(decimals + 1, "0");
  const whole = digits.slice(0, -decimals);
  const fraction = digits.slice(-decimals).replace(/0+$/, "").padEnd(priceDecimalsMin[market], "0");
  return `${units < 0 ? "-" : ""}${whole}${fraction ? `.${fraction}` : ""}`;
}

/**
 * Price units of a decimal string, parsed exactly; undefined if the text is not a plain
 * decimal or has a non-zero digit finer than the scale. A sign is accepted because price
 * strings also carry changes, which can be negative; the tick functions take only prices.
 */
export function priceToUnits(text: string, market: Market): number | undefined {
  if (text.length > priceTextLengthMax) return undefined;
  const match = /^(-?)(\d+)(?:\.(\d+))?$/.exec(text);
  if (!match) return undefined;
  const [, sign, whole = "", fraction = ""] = match;
  const decimals = priceDecimals[market];
  if (/[1-9]/.test(fraction.slice(decimals))) return undefined;
  const units = Number(whole + fraction.slice(0, decimals).padEnd(decimals, "0"));
  if (!Number.isSafeInteger(units)) return undefined;
  return sign && units !== 0 ? -units : units;
}

/** The tick at a price: the grid spacing of the band the price lies in. */
export function tickUnits(table: TickTable, priceUnits: number): number {
  assertPrice(priceUnits);
  const band = bands[table].find((candidate) => priceUnits <= candidate.maxUnits);
  assert(band, `no tick band for ${priceUnits}`);
  return band.tickUnits;
}

/** Whether a price is on the grid; anything that is not a positive whole number of units is not. */
export function isOnTick(table: TickTable, priceUnits: number): boolean {
  if (!Number.isSafeInteger(priceUnits) || priceUnits <= 0) return false;
  return priceUnits % tickUnits(table, priceUnits) === 0;
}

/**
 * The grid price below, above or nearest a price (ties go up). Zero is not a price, so a
 * price under the lowest tick rounds to the lowest tick whatever the mode.
 */
export function roundToTick(table: TickTable, priceUnits: number, mode: TickRounding): number {
  const tick = tickUnits(table, priceUnits);
  const remainder = priceUnits % tick;
  const down = priceUnits - remainder;
  const roundUp = remainder > 0 && (mode === "up" || (mode === "nearest" && remainder * 2 >= tick));
  return Math.max(roundUp ? down + tick : down, lowestPrice(table));
}

/**
 * The grid price `n` ticks above (n > 0) or below (n < 0) a grid price, each step taking
 * the tick of the band it lands in; undefined below the lowest tick.
 */
export function stepTicks(table: TickTable, priceUnits: number, n: number): number | undefined {
  assert(isOnTick(table, priceUnits), `price not on the ${table} grid: ${priceUnits}`);
  assert(Number.isSafeInteger(n) && Math.abs(n) <= stepTicksMax, `tick steps out of range: ${n}`);
  let price = priceUnits;
  for (let step = 0; step < Math.abs(n); step += 1) {
    if (n < 0 && price <= lowestPrice(table)) return undefined;
    // From a band's top, one tick up takes the next band's tick; from just above a band's
    // bottom, one tick down lands on the bottom. Rounding the neighbouring unit does both.
    price = n > 0 ? roundToTick(table, price + 1, "up") : roundToTick(table, price - 1, "down");
  }
  return price;
}

/** The smallest price on the grid: one tick of the lowest band. */
export function lowestPrice(table: TickTable): number {
  const first = bands[table][0];
  assert(first, `empty tick table ${table}`);
  return first.tickUnits;
}

function assertPrice(priceUnits: number): void {
  assert(Number.isSafeInteger(priceUnits) && priceUnits > 0, `not a price in units: ${priceUnits}`);
}
