import { priceToUnits } from "@kabuto/shared/market/ticks";
import type { Market } from "@kabuto/shared/symbols";
import { type FillLevel, ptsShares, takenLevels } from "@kabuto/shared/trading/fill-book";
import { type Side, toMinor, walkBook } from "@kabuto/shared/trading/rules";
import { type SQL, sql } from "drizzle-orm";
import { rowsOf } from "../db/rows.ts";
import { formatAverage } from "./drafts.ts";
import type { Conn } from "./trading.repo.ts";

/**
 * Replaying a day's fills (`npm run fills:replay`): each fill's stored book (`fill_books`) walked
 * again by the same `walkBook`, and the result compared with what the fill stored and what the
 * order, the position and the journal recorded. Off-book fills (block trades, allotments) have
 * no book to walk: they are counted apart, and only their agreed price is compared.
 */

/** One stored fill with what its order, position and journal recorded. */
export interface StoredFill {
  /** A fill is its position's opening or close (`kind`): the two name it. */
  positionId: string;
  kind: "open" | "close";
  orderId: string | null;
  market: Market;
  symbol: string;
  side: Side;
  quantity: number;
  offBook: boolean;
  epoch: string | null;
  seq: number | null;
  /** The levels walked in the order the fill took them; a fill that walked the PTS's book names each one's venue. */
  seen: FillLevel[];
  taken: FillLevel[];
  scaledNotional: bigint;
  averageUnits: string;
  price: string;
  filledAtMs: number;
  recorded: {
    /** The position's quantity. */
    quantity: number | null;
    /** The position's open or close price, by `kind`. */
    positionPrice: string | null;
    /** The position's open or close notional in minor units, by `kind`. */
    positionNotional: bigint | null;
    /** The filled order's price; null where the fill had no order (a close at market). */
    orderPrice: string | null;
    /** The price the fill's journal states (its description's `price`); null where none states one. */
    journalPrice: string | null;
    /** The filled order's shares done at the PTS (its route); null where the fill had no order. */
    orderPtsQuantity: number | null;
  };
}

/** One way a fill's replay differs from what was recorded. */
export interface FillDifference {
  positionId: string;
  orderId: string | null;
  kind: "open" | "close";
  /** What differs: `walk` (the stored book cannot fill it), `levels`, `notional`, `average`, `price`, `quantity`, `position price`, `position notional`, `order price`, `journal price`, `route` (the order's shares at the PTS). */
  what: string;
  recorded: string;
  replayed: string;
}

/**
 * Walks a stored fill's book again and lists every difference from what it and its records
 * say; none for a fill that replays exactly. An off-book fill compares its agreed price alone.
 */
export function replayFill(fill: StoredFill): FillDifference[] {
  const differences: FillDifference[] = [];
  const differ = (what: string, recorded: string | null, replayed: string) => {
    if (recorded !== replayed)
      differences.push({
        positionId: fill.positionId,
        orderId: fill.orderId,
        kind: fill.kind,
        what,
        recorded: recorded ?? "(none)",
        replayed,
      });
  };
  if (fill.recorded.quantity !== null)
    differ("quantity", String(fill.recorded.quantity), String(fill.quantity));
  if (fill.offBook) {
    // An agreed price may be written as the offer states it ("2500" or "2500.0"): compared as price units.
    const agreed = (recorded: string | null) =>
      recorded !== null && priceToUnits(recorded, fill.market) === priceToUnits(fill.price, fill.market)
        ? fill.price
        : recorded;
    differ("position price", agreed(fill.recorded.positionPrice), fill.price);
    if (fill.recorded.orderPrice !== null)
      differ("order price", agreed(fill.recorded.orderPrice), fill.price);
    if (fill.recorded.journalPrice !== null)
      differ("journal price", agreed(fill.recorded.journalPrice), fill.price);
    return differences;
  }
  const book = {
    symbol: fill.symbol as never,
    bids: fill.side === "short" ? fill.seen : [],
    asks: fill.side === "long" ? fill.seen : [],
  };
  const walked = walkBook(book, fill.market, fill.side, fill.quantity);
  if (!walked) {
    differ("walk", `${fill.quantity} filled`, "the stored book cannot fill it");
    return differences;
  }
  const price = formatAverage(walked.averageUnits, fill.market);
  differ("levels", levelsText(fill.taken), levelsText(takenLevels(fill.seen, fill.quantity)));
  differ("notional", fill.scaledNotional.toString(), walked.scaledNotional.toString());
  differ("average", sameNumber(fill.averageUnits, walked.averageUnits), String(walked.averageUnits));
  differ("price", fill.price, price);
  differ("position price", fill.recorded.positionPrice, price);
  differ(
    "position notional",
    fill.recorded.positionNotional?.toString() ?? null,
    toMinor(walked.scaledNotional, fill.market).toString(),
  );
  if (fill.orderId !== null) differ("order price", fill.recorded.orderPrice, price);
  differ("journal price", fill.recorded.journalPrice, price);
  // A routed fill: the order says how many shares were done at the PTS; its walked levels say the same.
  if (fill.recorded.orderPtsQuantity !== null)
    differ(
      "route",
      String(fill.recorded.orderPtsQuantity),
      String(ptsShares(takenLevels(fill.seen, fill.quantity))),
    );
  return differences;
}

/** Levels as a line of the report: `price×size` in the order taken, `@pts` or `@tse` where a level names its venue. */
function levelsText(levels: readonly FillLevel[]): string {
  return (
    levels.map((level) => `${level.price}×${level.size}${level.venue ? `@${level.venue}` : ""}`).join(" ") ||
    "(none)"
  );
}

/** The stored average (a numeric's text) as the replay prints it where it is the same number. */
function sameNumber(stored: string, replayed: number): string {
  return Math.abs(Number(stored) - replayed) <= 1e-9 * Math.max(1, Math.abs(replayed))
    ? String(replayed)
    : stored;
}

/** What a day's replay found. */
export interface FillReplayReport {
  date: string;
  markets: Market[];
  /** Fills walked again from their stored book. */
  checked: number;
  /** Fills off the book (block trades, allotments): their agreed price compared, no book walked. */
  offBook: number;
  differences: FillDifference[];
}

/** The zone whose calendar day is a market's trading day. */
const zones: Record<Market, string> = { JP: "Asia/Tokyo", US: "America/New_York" };

/**
 * Replays every fill of a trading day (YYYY-MM-DD in the market's own zone: Tokyo for JP, New
 * York for US), one market or both, from what `fill_books` stored.
 */
export async function replayFills(
  db: Conn,
  query: { date: string; market?: Market | undefined },
): Promise<FillReplayReport> {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(query.date)) throw new Error(`not a date: ${query.date}`);
  const markets: Market[] = query.market ? [query.market] : ["JP", "US"];
  const fills: StoredFill[] = [];
  for (const market of markets) fills.push(...(await storedFills(db, market, query.date)));
  return {
    date: query.date,
    markets,
    checked: fills.filter((fill) => !fill.offBook).length,
    offBook: fills.filter((fill) => fill.offBook).length,
    differences: fills.flatMap(replayFill),
  };
}

/** How many fills the ledger check reads at a time: memory stays bounded whatever the history's size. */
const pageSize = 1_000;

/**
 * The ledger check's count (`LedgerCheck`): fills, of all time, whose replay from their stored
 * book differs from what they or their records say, read a page at a time.
 */
export async function fillsNotReplaying(db: Conn): Promise<number> {
  let differing = 0;
  let after = { positionId: "0", kind: "" };
  for (;;) {
    const page = await readFills(
      db,
      sql`(f.position_id, f.kind) > (${after.positionId}::bigint, ${after.kind}::text)
        order by f.position_id, f.kind limit ${pageSize}`,
    );
    differing += page.filter((fill) => replayFill(fill).length > 0).length;
    const last = page.at(-1);
    if (!last || page.length < pageSize) return differing;
    after = last;
  }
}

function storedFills(db: Conn, market: Market, date: string): Promise<StoredFill[]> {
  const zone = zones[market];
  const from = sql`(extract(epoch from (${date}::date)::timestamp at time zone ${zone}) * 1000)::bigint`;
  const until = sql`(extract(epoch from (${date}::date + 1)::timestamp at time zone ${zone}) * 1000)::bigint`;
  return readFills(
    db,
    sql`f.market = ${market} and f.filled_at_ms >= ${from} and f.filled_at_ms < ${until} order by f.filled_at_ms, f.position_id, f.kind`,
  );
}

/** Stored fills with their records, chosen and ordered by `where` (a condition on `f`, then its order). */
async function readFills(db: Conn, where: SQL): Promise<StoredFill[]> {
  const rows = rowsOf(
    await db.execute(sql`
      select f.position_id, f.kind, f.order_id, f.market, f.symbol, f.side, f.quantity, f.off_book, f.epoch,
        f.seq, f.seen, f.taken, f.scaled_notional::text as scaled_notional, f.average_units::text as average_units,
        f.price, f.filled_at_ms, p.quantity as position_quantity,
        case f.kind when 'open' then p.open_price else p.close_price end as position_price,
        case f.kind when 'open' then p.open_notional_minor else p.close_notional_minor end as position_notional,
        o.fill_price as order_price, o.pts_quantity as order_pts_quantity,
        (select j.memo_params ->> 'price' from journals j
          where j.member_id = p.member_id and j.created_at_ms = f.filled_at_ms
            and j.ref = 'position:' || f.position_id and j.memo_params ? 'price'
            and (case f.kind when 'open' then j.kind = 'open' else j.kind in ('close', 'margin_call') end)
          order by j.id limit 1) as journal_price
      from fill_books f
      left join positions p on p.id = f.position_id
      left join orders o on o.id = f.order_id
      where ${where}`),
  );
  return rows.map((row) => ({
    positionId: String(row.position_id),
    kind: row.kind as StoredFill["kind"],
    orderId: row.order_id === null ? null : String(row.order_id),
    market: row.market as Market,
    symbol: String(row.symbol),
    side: row.side as Side,
    quantity: Number(row.quantity),
    offBook: row.off_book === true,
    epoch: row.epoch === null ? null : String(row.epoch),
    seq: row.seq === null ? null : Number(row.seq),
    seen: jsonOf(row.seen) as FillLevel[],
    taken: jsonOf(row.taken) as FillLevel[],
    scaledNotional: BigInt(String(row.scaled_notional)),
    averageUnits: String(row.average_units),
    price: String(row.price),
    filledAtMs: Number(row.filled_at_ms),
    recorded: {
      quantity: row.position_quantity === null ? null : Number(row.position_quantity),
      positionPrice: row.position_price === null ? null : String(row.position_price),
      positionNotional: row.position_notional === null ? null : BigInt(String(row.position_notional)),
      orderPrice: row.order_price === null ? null : String(row.order_price),
      journalPrice: row.journal_price === null ? null : String(row.journal_price),
      orderPtsQuantity: row.order_pts_quantity === null ? null : Number(row.order_pts_quantity),
    },
  }));
}

/** A jsonb column as either driver returns it: parsed already (node-postgres, PGlite) or as text. */
function jsonOf(value: unknown): unknown {
  return typeof value === "string" ? JSON.parse(value) : value;
}
