import { roundToTick, type TickTable, tickUnits } from "@kabuto/shared/market/ticks";
import type { Book, PtsSessionState } from "@kabuto/shared/protocol/market-data";
import {
  bookMeanLots,
  ordersPerPrint,
  printChanceIn,
  regularSessionSeconds,
  sizeAt,
  tradingYearMs,
} from "./activity.ts";
import type { SimInstrument } from "./instruments.ts";
import { createRandom, type Random } from "./prng.ts";
import type { PhaseNow } from "./session-clock.ts";
import type { InstrumentState, StartState } from "./simulator.ts";
import { intensity } from "./volume-profile.ts";

/**
 * The PTS (`shared/src/market/pts.ts`), the second venue of every Tokyo name: its own last
 * price, session statistics and book on its finer grid. While the TSE trades, PTS market makers
 * quote around the TSE's price, a little apart from it; outside the TSE's hours the PTS finds
 * its own price, slowly and thinly. It trades only in its sessions, within the TSE's limits.
 */

/** Of the TSE's prints and volume in its regular session, the share the PTS sees: J-Market is a small venue. */
const ptsShareOfPrints = 0.1;
/**
 * Trading intensity at the PTS outside the TSE's regular session (the volume profile's scale,
 * where the TSE's regular session runs 0.55 to 3): a few night traders, far below even the TSE's quiet lunch-hour lull.
 */
const offHoursWeight = 0.03;
/** Volatility outside the TSE's hours, against the regular session's: little news trades at night. */
const offHoursVolScale = 0.3;
/** A PTS level's typical size against the TSE's: thin, as J-Market's boards are. */
const ptsDepthShare = 0.2;
/**
 * While tracking the TSE, the PTS's mid sits this many TSE ticks from the TSE's mid, as a
 * standard deviation, and that offset decays over `basisDecayMs`: a slow wander, not a jitter.
 * With the PTS's wider spread, it is now and then better than the TSE on one side (a third of
 * the time or so), and then worse on the other.
 */
const basisTicks = 0.2;
const basisDecayMs = 30_000;
/** The PTS ticks the PTS's spread adds to one TSE tick (from, up to), and most PTS ticks between levels. */
const spreadExtraTicks = { min: 2, max: 5 };
const levelGapTicksMax = 2;
const bookLevels = 5;

export interface PtsState {
  table: TickTable;
  rng: Random;
  /** The continuous price the PTS drifts around, in units. */
  fair: number;
  /** While tracking the TSE: the PTS mid's offset from the TSE's fair price, in TSE ticks. */
  basis: number;
  last: number;
  open: number;
  high: number;
  low: number;
  /** The base price: the TSE's previous close in the day session, the TSE's close at night. */
  prevClose: number;
  volume: number;
  turnover: number;
  tradeMs: number;
  limits: { up: number; down: number } | null;
  book: Book | null;
  /** The session the statistics belong to (`day/2026-11-19`, `night/2026-11-20`); "" before the first. */
  session: string;
  /** The TSE's mid when the PTS last quoted: its market makers re-quote when it moves. */
  quotedAgainst: number;
}

/** What a PTS step changed: its quote (and book), only its book, or nothing. */
export type PtsChange = "quote" | "book" | "none";

/**
 * A Tokyo name's PTS as a start finds it: at the TSE's last price, with the TSE's base and
 * limits until its first session begins, and a board around that price. Nothing of the PTS is stored, so a restart puts it
 * back at the TSE's last price, and a restart in a session begins that session's statistics afresh.
 */
export function startPts(
  instrument: SimInstrument,
  start: StartState,
  limits: PtsState["limits"],
  seed: string,
): PtsState | undefined {
  if (!instrument.ptsTable) return undefined;
  const pts: PtsState = {
    table: instrument.ptsTable,
    rng: createRandom(`${seed}/pts/${instrument.symbol}/${start.tradeMs}`),
    fair: start.last,
    basis: 0,
    last: start.last,
    open: 0,
    high: 0,
    low: 0,
    prevClose: start.prevClose,
    volume: 0,
    turnover: 0,
    tradeMs: start.tradeMs,
    limits,
    book: null,
    session: "",
    quotedAgainst: 0,
  };
  // A board from the start, as the TSE's: its last quotes stay up while the PTS is closed.
  pts.book = buildPtsBook(instrument, pts, touchAround(instrument, pts));
  return pts;
}

/**
 * Advances a name's PTS by one step. In the day session while the TSE is in its regular session
 * it quotes around the TSE's mid and prints a tenth as often; in its other hours it walks on its
 * own, slower and thinner. A new listing trades here only once the TSE has found its price.
 */
export function stepPts(
  state: InstrumentState,
  session: PtsSessionState,
  tse: PhaseNow,
  stepMs: number,
  nowMs: number,
): PtsChange {
  const pts = state.pts;
  if (!pts || session.phase === "closed" || stepMs === 0 || !state.book) return "none";
  const rolled = rollSession(state, pts, session);
  const { instrument } = state;
  const { rng } = pts;
  const tracking = session.phase === "day" && tse.phase === "regular";
  const tseWeight = intensity("regular", tse.fraction);
  // The share of the market's volume the PTS trades, on the volume profile's scale.
  const weight = tracking ? tseWeight * ptsShareOfPrints : offHoursWeight;
  if (tracking) {
    const keep = Math.exp(-stepMs / basisDecayMs);
    pts.basis = pts.basis * keep + basisTicks * Math.sqrt(1 - keep * keep) * rng.normal();
    pts.fair = clampToLimits(pts, state.bookMid + pts.basis * instrument.grid.tickAt(state.fair));
  } else {
    const sigma = instrument.annualVol * offHoursVolScale * Math.sqrt(stepMs / tradingYearMs);
    pts.fair = clampToLimits(pts, pts.fair * Math.exp(sigma * rng.normal()));
  }
  const stepSeconds = stepMs / 1000;
  // Beside the TSE, a tenth as many of the steps that show a TSE print show a PTS one: a busy
  // name's TSE prints in most steps, and the PTS's in about one step in ten.
  const printChance = tracking
    ? printChanceIn(instrument, tseWeight, stepSeconds) * ptsShareOfPrints
    : printChanceIn(instrument, weight, stepSeconds);
  if (rng.next() < printChance) {
    const touch = touchAround(instrument, pts);
    // A trade takes the best bid or the best ask, whichever side came to it.
    const price = clampToLimits(pts, rng.next() < 0.5 ? touch.bid : touch.ask);
    const stepShares = (instrument.avgDailyVolume * weight * stepSeconds) / regularSessionSeconds.JP;
    const meanLots = stepShares / printChance / instrument.lot;
    const lots = Math.max(1, Math.round(-Math.log(1 - rng.next()) * meanLots));
    trade(pts, price, lots * instrument.lot, nowMs, instrument.grid.scale);
    pts.book = buildPtsBook(instrument, pts, touch);
    pts.quotedAgainst = state.bookMid;
    return "quote";
  }
  // Between prints, PTS market makers re-quote as the TSE's price moves a tick or more (not as its
  // touch flips between the two sides of one price), and orders come and go.
  const requote =
    rolled ||
    (tracking && Math.abs(state.bookMid - pts.quotedAgainst) >= instrument.grid.tickAt(state.bookMid)) ||
    rng.next() < printChanceIn(instrument, weight * ordersPerPrint, stepSeconds);
  if (requote) {
    pts.book = buildPtsBook(instrument, pts, touchAround(instrument, pts));
    pts.quotedAgainst = state.bookMid;
  }
  if (rolled) return "quote";
  return requote ? "book" : "none";
}

/**
 * Starts a PTS session's statistics afresh when a new one begins. Its base price is the TSE's
 * previous close in the day session (the TSE's last price before the TSE's own day has begun),
 * and the TSE's close of the day at night, where the night's price also starts.
 */
function rollSession(state: InstrumentState, pts: PtsState, session: PtsSessionState): boolean {
  const key = `${session.phase}/${session.tradingDate}`;
  if (pts.session === key) return false;
  pts.session = key;
  if (session.phase === "day" && state.tradingDate === session.tradingDate) {
    pts.prevClose = state.prevClose;
    pts.limits = state.limits;
  } else {
    pts.prevClose = state.last;
    pts.limits = state.instrument.grid.limits(state.last);
  }
  if (session.phase === "night") {
    // The night starts where the TSE closed: its change counts from there.
    pts.fair = state.last;
    pts.last = state.last;
  }
  pts.fair = clampToLimits(pts, pts.fair);
  pts.open = 0;
  pts.high = 0;
  pts.low = 0;
  pts.volume = 0;
  pts.turnover = 0;
  return true;
}

function trade(pts: PtsState, price: number, shares: number, nowMs: number, scale: number): void {
  pts.last = price;
  if (pts.open === 0) {
    pts.open = price;
    pts.high = price;
    pts.low = price;
  }
  pts.high = Math.max(pts.high, price);
  pts.low = Math.min(pts.low, price);
  pts.volume += shares;
  pts.turnover += (price / scale) * shares;
  pts.tradeMs = nowMs;
}

/**
 * The PTS's best bid and ask around its fair price: wider than the TSE's one-tick spread by a
 * few PTS ticks, but on a grid ten times finer, so either side may still beat the TSE's.
 */
function touchAround(instrument: SimInstrument, pts: PtsState): { bid: number; ask: number } {
  const { table, fair, rng } = pts;
  const extra =
    spreadExtraTicks.min + Math.floor(rng.next() * (spreadExtraTicks.max - spreadExtraTicks.min + 1));
  const spread = instrument.grid.tickAt(fair) + extra * tickUnits(table, roundTo(table, fair));
  const bid = roundTo(table, fair - spread / 2);
  return { bid, ask: Math.max(roundTo(table, bid + spread), stepUp(table, bid)) };
}

/** Five levels a side from the touch, a PTS tick or two apart, a fifth as deep as the TSE's, never beyond the limits. */
function buildPtsBook(instrument: SimInstrument, pts: PtsState, touch: { bid: number; ask: number }): Book {
  const { table, rng, limits } = pts;
  const meanLots = Math.max(1, Math.round(bookMeanLots(instrument) * ptsDepthShare));
  const bids: Book["bids"] = [];
  const asks: Book["asks"] = [];
  let bid: number | undefined = touch.bid;
  let ask = touch.ask;
  for (let level = 0; level < bookLevels; level += 1) {
    const depth = 1 + level * 0.6;
    if (bid !== undefined && (!limits || bid >= limits.down)) {
      bids.push({ price: instrument.grid.format(bid), size: sizeAt(rng, meanLots, depth) * instrument.lot });
    }
    if (!limits || ask <= limits.up) {
      asks.push({ price: instrument.grid.format(ask), size: sizeAt(rng, meanLots, depth) * instrument.lot });
    }
    const gap = 1 + Math.floor(rng.next() * levelGapTicksMax);
    for (let tick = 0; tick < gap; tick += 1) {
      bid = bid === undefined ? undefined : stepDown(table, bid);
      ask = stepUp(table, ask);
    }
  }
  return { symbol: instrument.symbol as Book["symbol"], bids, asks };
}

/** A continuous price on the PTS grid (never under its lowest tick). */
function roundTo(table: TickTable, units: number): number {
  return roundToTick(table, Math.max(Math.round(units), 1), "nearest");
}

function stepUp(table: TickTable, units: number): number {
  return roundToTick(table, units + 1, "up");
}

/** One PTS tick down; undefined below the lowest tick, where a bid cannot go. */
function stepDown(table: TickTable, units: number): number | undefined {
  if (units <= 1) return undefined;
  const below = roundToTick(table, units - 1, "down");
  return below < units ? below : undefined;
}

function clampToLimits(pts: PtsState, units: number): number {
  const { limits } = pts;
  if (!limits) return units;
  return Math.min(limits.up, Math.max(limits.down, units));
}
