import type { Order, Position } from "@kabuto/shared/api/trading";
import { unitsToPrice } from "@kabuto/shared/market/ticks";
import type { OrderVenue } from "@kabuto/shared/market/venues";
import type { Currency, Market } from "@kabuto/shared/symbols";
import { marketCurrency, symbolMarket } from "@kabuto/shared/symbols";
import type { AttachedUnits } from "@kabuto/shared/trading/attached";
import { type OrderCondition, orderConditions } from "@kabuto/shared/trading/conditions";
import type { BookFill } from "@kabuto/shared/trading/fill-book";
import type { Side } from "@kabuto/shared/trading/rules";
import { and, asc, desc, eq, inArray, type SQL, sql } from "drizzle-orm";
import type { Db } from "../db/database.ts";
import { executePrepared } from "../db/prepared.ts";
import { mapRows } from "../db/raw-rows.ts";
import { rowsOf } from "../db/rows.ts";
import { members, orders, positions } from "../db/schema.ts";
import type { Tx } from "../ledger/ledger.repo.ts";
import type { PositionJournal } from "./drafts.ts";
import { type FillBookRow, fillBookColumns, fillBookValues } from "./fill-books.repo.ts";

/**
 * Every query of trading, with typed rows: the service gets Orders, Positions and flags, never
 * a raw row. The database is the whole `Db` or a transaction of it.
 */
export type Conn = Pick<Db, "select" | "update" | "insert" | "execute">;

type OrderRow = typeof orders.$inferSelect;
type PositionRow = typeof positions.$inferSelect;

/**
 * A pending order, written as a literal rather than a parameter: the partial indexes on pending
 * orders (waiting stops, fillable orders, day orders, closing orders) can serve only a query whose
 * predicate implies theirs, and a cached generic plan does not see a parameter's value.
 */
const isPending = sql`${orders.status} = 'pending'`;

/** Rows a list returns at most: a phone scrolls through a few dozen orders at a time. */
const listLimit = 200;

export async function listOrders(db: Conn, memberId: string, status?: Order["status"]): Promise<Order[]> {
  const rows = await db
    .select()
    .from(orders)
    .where(and(eq(orders.memberId, memberId), status ? eq(orders.status, status) : undefined))
    .orderBy(desc(orders.id))
    .limit(listLimit);
  return rows.map(toOrder);
}

export async function listPositions(
  db: Conn,
  memberId: string,
  status?: Position["status"],
): Promise<Position[]> {
  const rows = await db
    .select()
    .from(positions)
    .where(and(eq(positions.memberId, memberId), status ? eq(positions.status, status) : undefined))
    .orderBy(desc(positions.id))
    .limit(listLimit);
  return rows.map(toPosition);
}

export async function findPosition(db: Conn, memberId: string, id: number): Promise<Position | undefined> {
  const [row] = await db
    .select()
    .from(positions)
    .where(and(eq(positions.id, id), eq(positions.memberId, memberId)));
  return row && toPosition(row);
}

/**
 * Pending orders for the worker to fill, oldest first: resting limit orders, and stops that have
 * fired (a stop market fills at the book, a stop-limit rests at its limit, a closing one closes its
 * position). Waiting stops are not here: `waitingStops` is the trigger's list. With `ids`, only
 * those among them (the stops a pass has just fired).
 */
export function pendingFillable(
  db: Conn,
  limit: number,
  ids?: readonly number[],
): Promise<
  {
    id: number;
    memberId: string;
    symbol: string;
    side: Order["side"];
    limitUnits: number | null;
    session: Order["session"];
    closesPositionId: number | null;
    /** `pts`: it fills on the PTS's book, in the PTS session it was placed in. */
    venue: Order["venue"];
    lapsesAtMs: number | null;
  }[]
> {
  return db
    .select({
      id: orders.id,
      memberId: orders.memberId,
      symbol: orders.symbol,
      side: orders.side,
      limitUnits: orders.limitUnits,
      session: orders.session,
      closesPositionId: orders.closesPositionId,
      venue: orders.venue,
      lapsesAtMs: orders.lapsesAtMs,
    })
    .from(orders)
    .where(
      and(
        isPending,
        sql`(${orders.triggerUnits} is null or ${orders.triggeredAtMs} is not null)`,
        // 寄付 and 引け trade in their auction only (`pendingAuctionOrders`), never on the book.
        sql`${orders.condition} is distinct from 'open' and ${orders.condition} is distinct from 'close'`,
        ids ? inArray(orders.id, [...ids]) : undefined,
      ),
    )
    .orderBy(asc(orders.id))
    .limit(limit);
}

/**
 * Pending 寄付 and 引け orders, oldest first, with the auction date each waits for (`validDate`):
 * the worker fills them at their auction's cross.
 */
export function pendingAuctionOrders(
  db: Conn,
  limit: number,
): Promise<{ id: number; symbol: string; condition: Order["condition"]; validDate: string | null }[]> {
  return db
    .select({
      id: orders.id,
      symbol: orders.symbol,
      condition: orders.condition,
      validDate: orders.validDate,
    })
    .from(orders)
    .where(and(isPending, sql`${orders.condition} in ('open', 'close')`))
    .orderBy(asc(orders.id))
    .limit(limit);
}

/** A waiting stop as the trigger engine reads it. */
export interface WaitingStop {
  id: number;
  memberId: string;
  symbol: string;
  side: Order["side"];
  triggerUnits: number;
  trailUnits: number | null;
}

/** A waiting stop that a last price crosses, with the day it is valid through. */
export interface CrossedStop extends WaitingStop {
  validDate: string | null;
  session: Order["session"];
}

/** The waiting stops on these symbols and whose they are: their members hear when those start or stop holding. */
export function waitingStopsOf(
  db: Conn,
  symbols: readonly string[],
): Promise<{ id: number; memberId: string }[]> {
  return db
    .select({ id: orders.id, memberId: orders.memberId })
    .from(orders)
    .where(
      and(
        isPending,
        sql`${orders.triggerUnits} is not null and ${orders.triggeredAtMs} is null`,
        inArray(orders.symbol, [...symbols]),
      ),
    );
}

/**
 * The symbols that have stops waiting: the engine reads their quotes and nothing else. One index
 * probe per symbol (a loose index scan), not a read of every waiting stop.
 */
export async function waitingStopSymbols(db: Conn): Promise<string[]> {
  return mapRows(
    await db.execute(sql`
      with recursive ${waitingSymbolsWalk}
      select symbol from found where symbol is not null`),
    (row) => row.text("symbol"),
  );
}

/** The loose index scan behind `waitingStopSymbols`: `found` holds each symbol once, then a null. */
const waitingSymbolsWalk = sql`found as (
  (select symbol from orders
    where status = 'pending' and trigger_units is not null and triggered_at_ms is null
    order by symbol limit 1)
  union all
  select (select o.symbol from orders o
      where o.status = 'pending' and o.trigger_units is not null and o.triggered_at_ms is null
        and o.symbol > found.symbol
      order by o.symbol limit 1)
  from found where found.symbol is not null
)`;

/**
 * A symbol's nearest waiting triggers: the highest of its sell stops (the first a falling price
 * reaches) and the lowest of its buy stops (the first a rising one reaches); null where it has
 * none of that side.
 */
export interface StopThreshold {
  symbol: string;
  fallUnits: number | null;
  riseUnits: number | null;
}

/**
 * The nearest triggers of every symbol with waiting stops, or of the symbols given (each once,
 * with nulls where none waits any more). Two index probes per symbol (the index on symbol, side
 * and trigger read from one end), so the stop engine refreshes what it keeps in memory without
 * reading every waiting stop.
 */
export async function stopThresholds(db: Conn, symbols?: readonly string[]): Promise<StopThreshold[]> {
  const waiting = sql`o.symbol = s.symbol and o.status = 'pending' and o.trigger_units is not null
    and o.triggered_at_ms is null`;
  const named = symbols
    ? sql`with s as (select unnest(${sql.param([...symbols])}::text[]) as symbol)`
    : sql`with recursive ${waitingSymbolsWalk}, s as (select symbol from found where symbol is not null)`;
  return mapRows(
    await db.execute(sql`
      ${named}
      select s.symbol,
        (select max(o.trigger_units) from orders o where ${waiting} and o.side = 'short') as fall_units,
        (select min(o.trigger_units) from orders o where ${waiting} and o.side = 'long') as rise_units
      from s`),
    (row) => ({
      symbol: row.text("symbol"),
      fallUnits: row.intOrNull("fall_units"),
      riseUnits: row.intOrNull("rise_units"),
    }),
  );
}

/**
 * The waiting stops that these last prices cross, oldest first: a buy stop at or under its
 * symbol's last, a sell stop at or over it. Each symbol and side is one range of the index on
 * symbol, side and trigger, so a pass costs the stops that fire and not every stop that waits;
 * the worker decides each with the shared rule (`stopTriggered`).
 */
export async function crossedStops(
  db: Conn,
  lasts: readonly { symbol: string; lastUnits: number }[],
  limit: number,
): Promise<CrossedStop[]> {
  if (lasts.length === 0) return [];
  const waiting = sql`o.symbol = q.symbol and o.status = 'pending' and o.trigger_units is not null
    and o.triggered_at_ms is null`;
  return mapRows(
    await db.execute(sql`
      select c.id, c.member_id, c.symbol, c.side, c.trigger_units, c.trail_units, c.valid_date, c.session
      from unnest(${sql.param(lasts.map((q) => q.symbol))}::text[], ${sql.param(lasts.map((q) => q.lastUnits))}::bigint[])
        as q(symbol, last_units)
      cross join lateral (
        (select o.id, o.member_id, o.symbol, o.side, o.trigger_units, o.trail_units, o.valid_date, o.session
          from orders o where ${waiting} and o.side = 'short' and o.trigger_units >= q.last_units)
        union all
        (select o.id, o.member_id, o.symbol, o.side, o.trigger_units, o.trail_units, o.valid_date, o.session
          from orders o where ${waiting} and o.side = 'long' and o.trigger_units <= q.last_units)
      ) c
      order by c.id
      limit ${limit}`),
    (row) => ({
      id: row.int("id"),
      memberId: row.text("member_id"),
      symbol: row.text("symbol"),
      side: row.oneOf("side", ["long", "short"] as const),
      triggerUnits: row.int("trigger_units"),
      trailUnits: row.intOrNull("trail_units"),
      validDate: row.textOrNull("valid_date"),
      session: row.oneOf("session", ["regular", "extended"] as const),
    }),
  );
}

/**
 * Waiting trailing stops, oldest first, of every symbol or of those given: each pass moves their
 * triggers after the price.
 */
export function trailingStops(db: Conn, limit: number, symbols?: readonly string[]): Promise<WaitingStop[]> {
  return db
    .select({
      id: orders.id,
      memberId: orders.memberId,
      symbol: orders.symbol,
      side: orders.side,
      triggerUnits: sql<number>`${orders.triggerUnits}`.mapWith(Number),
      trailUnits: orders.trailUnits,
    })
    .from(orders)
    .where(
      and(
        isPending,
        sql`${orders.trailUnits} is not null and ${orders.triggerUnits} is not null and ${orders.triggeredAtMs} is null`,
        symbols ? inArray(orders.symbol, [...symbols]) : undefined,
      ),
    )
    .orderBy(asc(orders.id))
    .limit(limit);
}

/**
 * Fires a waiting stop: one conditional update from waiting to triggered, so of two workers (or a
 * worker and its restart) exactly one gets the row back; the other gets nothing and does nothing.
 */
export async function fireStopRow(db: Conn, id: number, nowMs: number): Promise<Order | undefined> {
  const [row] = await db
    .update(orders)
    .set({ triggeredAtMs: nowMs, updatedAtMs: nowMs })
    .where(
      and(
        eq(orders.id, id),
        isPending,
        sql`${orders.triggerUnits} is not null and ${orders.triggeredAtMs} is null`,
      ),
    )
    .returning();
  return row && toOrder(row);
}

/**
 * Moves a waiting trailing stop's trigger towards the price: only up for a sell, only down for a
 * buy, so two workers that saw different prices leave the better of the two.
 */
export async function trailStopRow(
  db: Conn,
  id: number,
  triggerUnits: number,
  nowMs: number,
): Promise<boolean> {
  const rows = await db
    .update(orders)
    .set({ triggerUnits, updatedAtMs: nowMs })
    .where(
      and(
        eq(orders.id, id),
        isPending,
        sql`${orders.triggeredAtMs} is null and ${orders.trailUnits} is not null`,
        sql`((${orders.side} = 'short' and ${orders.triggerUnits} < ${triggerUnits})
          or (${orders.side} = 'long' and ${orders.triggerUnits} > ${triggerUnits}))`,
      ),
    )
    .returning({ id: orders.id });
  return rows.length > 0;
}

/**
 * Pending PTS orders whose session has ended (`lapses_at_ms`), oldest first: they lapse then,
 * not at the TSE's close.
 */
export function lapsedPtsOrders(db: Conn, nowMs: number, limit: number): Promise<{ id: number }[]> {
  return db
    .select({ id: orders.id })
    .from(orders)
    .where(and(isPending, sql`${orders.lapsesAtMs} is not null and ${orders.lapsesAtMs} <= ${nowMs}`))
    .orderBy(asc(orders.lapsesAtMs), asc(orders.id))
    .limit(limit);
}

/**
 * Pending day orders whose date has lapsed in their market (`dayOrdersLapsedThrough`), oldest
 * date first: the orders of today that may still fire are not read at all. A PTS order that
 * lapses with its session (`lapsedPtsOrders`) is not one of them.
 */
export async function lapsedDayOrders(
  db: Conn,
  lapsed: Record<Market, { date: string; inclusive: boolean }>,
  limit: number,
): Promise<
  {
    id: number;
    memberId: string;
    symbol: string;
    session: Order["session"];
    validDate: string | null;
    /** 不成 fills at market at the close instead of lapsing. */
    condition: Order["condition"];
  }[]
> {
  return mapRows(await db.execute(lapsedDayOrdersQuery(lapsed, limit)), (row) => ({
    id: row.int("id"),
    memberId: row.text("member_id"),
    symbol: row.text("symbol"),
    session: row.oneOf("session", ["regular", "extended"] as const),
    validDate: row.textOrNull("valid_date"),
    condition: row.textOrNull("condition") === null ? null : row.oneOf("condition", orderConditions),
  }));
}

/**
 * The statement behind `lapsedDayOrders`: one range of `orders_day_orders_market_idx` per market,
 * read in date order. While Tokyo's date is a day ahead of New York's, a range on the date alone
 * would take in every order valid through Tokyo's date, New York's waiting ones included.
 */
export function lapsedDayOrdersQuery(
  lapsed: Record<Market, { date: string; inclusive: boolean }>,
  limit: number,
): SQL {
  const ofMarket = (market: Market) => {
    const { date, inclusive } = lapsed[market];
    const bound = inclusive ? sql`o.valid_date <= ${date}` : sql`o.valid_date < ${date}`;
    return sql`(select o.id, o.member_id, o.symbol, o.session, o.valid_date, o.condition from orders o
      where split_part(o.symbol, ':', 1) = ${market} and ${bound}
        and o.status = 'pending' and o.lapses_at_ms is null
      order by o.valid_date, o.id
      limit ${limit})`;
  };
  return sql`${ofMarket("JP")} union all ${ofMarket("US")} order by valid_date, id limit ${limit}`;
}

/**
 * Cancels the pending stops that would close this position (it is closing another way, or one of
 * them has just closed it), all but `except`. They hold nothing, so no journal goes with them.
 */
export async function cancelClosingStops(
  tx: Conn,
  positionId: number,
  nowMs: number,
  except?: number,
): Promise<Order[]> {
  const rows = await tx
    .update(orders)
    .set({ status: "cancelled", updatedAtMs: nowMs })
    .where(
      and(
        eq(orders.closesPositionId, positionId),
        isPending,
        except === undefined ? undefined : sql`${orders.id} <> ${except}`,
      ),
    )
    .returning();
  return rows.map(toOrder);
}

/** `cancelClosingStops` for a set of positions closing together, in one statement. */
export async function cancelClosingStopsOf(
  tx: Conn,
  positionIds: readonly number[],
  nowMs: number,
): Promise<void> {
  if (positionIds.length === 0) return;
  await tx
    .update(orders)
    .set({ status: "cancelled", updatedAtMs: nowMs })
    .where(and(inArray(orders.closesPositionId, [...positionIds]), isPending));
}

/** A closing order that closed its position: filled at the close's price, with its shares at the PTS. */
export async function fillClosingOrderRow(
  tx: Conn,
  id: number,
  fill: { price: string; ptsQuantity: number },
  nowMs: number,
): Promise<Order> {
  const [row] = await tx
    .update(orders)
    .set({
      status: "filled",
      fillPrice: fill.price,
      ptsQuantity: fill.ptsQuantity,
      positionId: sql`${orders.closesPositionId}`,
      updatedAtMs: nowMs,
    })
    .where(eq(orders.id, id))
    .returning();
  return toOrder(required(row, `order ${id}`));
}

/**
 * Inserts a day order: a waiting stop, or a closing limit order (a take-profit), with what it
 * holds (nothing, for an order that closes a position).
 */
export async function insertDayOrder(
  tx: Conn,
  order: {
    memberId: string;
    symbol: string;
    side: Order["side"];
    type: "stop" | "stop_limit" | "limit";
    quantity: number;
    leverage: number;
    limitUnits: number | null;
    triggerUnits: number | null;
    trailUnits?: number | null;
    validDate: string;
    closesPositionId: number | null;
    held: bigint;
    nowMs: number;
    /** IFD / IFDOCO: an opening stop's legs. */
    ifdLegs?: AttachedUnits | undefined;
    /** A leg an IFD's fill places: its parent and which leg. */
    parent?: { orderId: number; leg: "take_profit" | "stop_loss" } | undefined;
    /** A closing limit order sent to the PTS, and the end of its session; none goes to the TSE. */
    pts?: { lapsesAtMs: number | null } | undefined;
  },
): Promise<Order> {
  const [row] = await tx
    .insert(orders)
    .values({
      memberId: order.memberId,
      symbol: order.symbol,
      side: order.side,
      type: order.type,
      quantity: order.quantity,
      leverage: order.leverage,
      limitUnits: order.limitUnits,
      triggerUnits: order.triggerUnits,
      trailUnits: order.trailUnits ?? null,
      validDate: order.validDate,
      closesPositionId: order.closesPositionId,
      ifdLegs: order.ifdLegs ?? null,
      parentOrderId: order.parent?.orderId ?? null,
      ifdLeg: order.parent?.leg ?? null,
      venue: order.pts ? "pts" : defaultVenue(order.symbol),
      lapsesAtMs: order.pts?.lapsesAtMs ?? null,
      session: "regular",
      status: "pending",
      heldMinor: order.held,
      createdAtMs: order.nowMs,
      updatedAtMs: order.nowMs,
    })
    .returning();
  return toOrder(required(row, "the new day order"));
}

/**
 * The closing orders an IFD's fill places on the position it opened, in the fill's transaction:
 * a take-profit limit, a stop-loss stop (or stop-limit), or both, each for the whole position on
 * the other side and holding nothing. Two on one position make an OCO: the close of either
 * cancels the other. The unique (parent, leg) index keeps each leg to one order.
 */
export async function placeAttachedLegs(
  tx: Conn,
  input: {
    parent: Order;
    memberId: string;
    positionId: number;
    legs: AttachedUnits;
    validDate: string;
    nowMs: number;
  },
): Promise<Order[]> {
  const { parent, legs } = input;
  const leg = {
    memberId: input.memberId,
    symbol: parent.symbol,
    side: parent.side === "long" ? ("short" as const) : ("long" as const),
    quantity: parent.quantity,
    leverage: parent.leverage,
    validDate: input.validDate,
    closesPositionId: input.positionId,
    held: 0n,
    nowMs: input.nowMs,
  };
  const placed: Order[] = [];
  if (legs.takeProfitUnits !== undefined) {
    placed.push(
      await insertDayOrder(tx, {
        ...leg,
        type: "limit",
        limitUnits: legs.takeProfitUnits,
        triggerUnits: null,
        parent: { orderId: Number(parent.id), leg: "take_profit" },
      }),
    );
  }
  if (legs.stopLossTriggerUnits !== undefined) {
    placed.push(
      await insertDayOrder(tx, {
        ...leg,
        type: legs.stopLossLimitUnits === undefined ? "stop" : "stop_limit",
        limitUnits: legs.stopLossLimitUnits ?? null,
        triggerUnits: legs.stopLossTriggerUnits,
        parent: { orderId: Number(parent.id), leg: "stop_loss" },
      }),
    );
  }
  return placed;
}

/** Holding positions for the worker's margin check, oldest first. */
export function holdingPositions(
  db: Conn,
  limit: number,
): Promise<
  {
    id: number;
    memberId: string;
    symbol: string;
    side: Position["side"];
    quantity: number;
    openNotional: bigint;
    initialMargin: bigint;
    margin: bigint;
  }[]
> {
  return db
    .select({
      id: positions.id,
      memberId: positions.memberId,
      symbol: positions.symbol,
      side: positions.side,
      quantity: positions.quantity,
      openNotional: positions.openNotionalMinor,
      initialMargin: positions.initialMarginMinor,
      margin: positions.marginMinor,
    })
    .from(positions)
    .where(eq(positions.status, "holding"))
    .orderBy(asc(positions.id))
    .limit(limit);
}

/** Holding day-trade positions for the worker's cut-off, oldest first. */
export function holdingDayTrades(
  db: Conn,
  limit: number,
): Promise<{ id: number; memberId: string; symbol: string; openedAtMs: number }[]> {
  return db
    .select({
      id: positions.id,
      memberId: positions.memberId,
      symbol: positions.symbol,
      openedAtMs: positions.openedAtMs,
    })
    .from(positions)
    .where(and(eq(positions.dayTrade, true), eq(positions.status, "holding")))
    .orderBy(asc(positions.id))
    .limit(limit);
}

/** A member's day-trade positions, newest first: holding, closed, or both. */
export async function listDayTrades(
  db: Conn,
  memberId: string,
  status?: Position["status"],
): Promise<Position[]> {
  const rows = await db
    .select()
    .from(positions)
    .where(
      and(
        eq(positions.memberId, memberId),
        eq(positions.dayTrade, true),
        status ? eq(positions.status, status) : undefined,
      ),
    )
    .orderBy(desc(positions.id))
    .limit(listLimit);
  return rows.map(toPosition);
}

/** A pending order, locked, with what it holds; `memberId` restricts it to the member's own. */
export interface LockedOrder {
  order: Order;
  memberId: string;
  /** The resting order's limit in price units. */
  limitUnits: number | null;
  held: bigint;
  /** A stop that has not fired yet: nothing may fill it. */
  waiting: boolean;
  /** A closing stop's position. */
  closesPositionId: number | null;
  /** IFD / IFDOCO: the closing orders its fill places. */
  ifdLegs: AttachedUnits | null;
}

export async function lockOrder(
  tx: Conn,
  id: number,
  options: { memberId?: string; skipLocked?: boolean },
): Promise<LockedOrder | undefined> {
  const query = tx
    .select()
    .from(orders)
    .where(and(eq(orders.id, id), options.memberId ? eq(orders.memberId, options.memberId) : undefined));
  const [row] = await (options.skipLocked ? query.for("update", { skipLocked: true }) : query.for("update"));
  return (
    row && {
      order: toOrder(row),
      memberId: row.memberId,
      limitUnits: row.limitUnits,
      held: row.heldMinor,
      waiting: row.triggerUnits !== null && row.triggeredAtMs === null,
      closesPositionId: row.closesPositionId,
      ifdLegs: row.ifdLegs,
    }
  );
}

export async function cancelOrderRow(tx: Conn, id: number, nowMs: number): Promise<Order> {
  const [row] = await tx
    .update(orders)
    .set({ status: "cancelled", updatedAtMs: nowMs })
    .where(eq(orders.id, id))
    .returning();
  return toOrder(required(row, `order ${id}`));
}

export async function insertRestingOrder(
  tx: Conn,
  order: {
    memberId: string;
    symbol: string;
    side: Order["side"];
    quantity: number;
    leverage: number;
    limitUnits: number;
    session: Order["session"];
    validDate: string;
    ifdLegs?: AttachedUnits | undefined;
    held: bigint;
    nowMs: number;
    /** An order sent to the PTS, and the end of its session; none goes to the TSE. */
    pts?: { lapsesAtMs: number | null } | undefined;
    /** A TSE order's execution condition (`trading/conditions.ts`). */
    condition?: OrderCondition | undefined;
  },
): Promise<Order> {
  const [row] = await tx
    .insert(orders)
    .values({
      memberId: order.memberId,
      symbol: order.symbol,
      side: order.side,
      type: "limit",
      condition: order.condition ?? null,
      quantity: order.quantity,
      leverage: order.leverage,
      limitUnits: order.limitUnits,
      session: order.session,
      validDate: order.validDate,
      ifdLegs: order.ifdLegs ?? null,
      venue: order.pts ? "pts" : defaultVenue(order.symbol),
      lapsesAtMs: order.pts?.lapsesAtMs ?? null,
      status: "pending",
      heldMinor: order.held,
      createdAtMs: order.nowMs,
      updatedAtMs: order.nowMs,
    })
    .returning();
  return toOrder(required(row, "the new order"));
}

export async function lockPosition(tx: Conn, memberId: string, id: number): Promise<Position | undefined> {
  const [row] = await tx
    .select()
    .from(positions)
    .where(and(eq(positions.id, id), eq(positions.memberId, memberId)))
    .for("update");
  return row && toPosition(row);
}

/** A position with the member whose it is: what a close of a set, which spans members, works on. */
export type OwnedPosition = Position & { memberId: string };

/** Positions by id, unlocked: what a set's close reads (symbol, quantity) before anything is locked. */
export async function readPositions(tx: Conn, ids: readonly number[]): Promise<OwnedPosition[]> {
  if (ids.length === 0) return [];
  const rows = await tx
    .select()
    .from(positions)
    .where(inArray(positions.id, [...ids]));
  return rows.map((row) => ({ ...toPosition(row), memberId: row.memberId }));
}

/** `lockPosition` for a set: the positions locked in id order, so two sets that share some queue. */
export async function lockPositions(tx: Conn, ids: readonly number[]): Promise<OwnedPosition[]> {
  if (ids.length === 0) return [];
  const rows = await tx
    .select()
    .from(positions)
    .where(inArray(positions.id, [...ids]))
    .orderBy(asc(positions.id))
    .for("update");
  return rows.map((row) => ({ ...toPosition(row), memberId: row.memberId }));
}

export async function addPositionMargin(tx: Conn, id: number, amount: bigint): Promise<Position> {
  const [row] = await tx
    .update(positions)
    .set({ marginMinor: sql`${positions.marginMinor} + ${amount.toString()}::bigint` })
    .where(eq(positions.id, id))
    .returning();
  return toPosition(required(row, `position ${id}`));
}

export async function closePositionRow(
  tx: Conn,
  id: number,
  closing: {
    closePrice: string;
    closeNotional: bigint;
    fee: bigint;
    tax: bigint;
    realized: bigint;
    reason: NonNullable<Position["closeReason"]>;
    nowMs: number;
  },
): Promise<Position> {
  const [row] = await tx
    .update(positions)
    .set({
      status: "closed",
      closePrice: closing.closePrice,
      closeNotionalMinor: closing.closeNotional,
      closeFeeMinor: closing.fee,
      closeTaxMinor: closing.tax,
      realizedMinor: closing.realized,
      closeReason: closing.reason,
      closedAtMs: closing.nowMs,
    })
    .where(eq(positions.id, id))
    .returning();
  return toPosition(required(row, `position ${id}`));
}

/** `closePositionRow` for a set of positions closing together, in one statement. */
export async function closePositionRows(
  tx: Conn,
  closings: readonly (Parameters<typeof closePositionRow>[2] & { id: number })[],
): Promise<void> {
  if (closings.length === 0) return;
  const column = <T>(pick: (closing: (typeof closings)[number]) => T) => sql.param(closings.map(pick));
  await tx.execute(sql`
    update positions p set status = 'closed', close_price = c.close_price, close_notional_minor = c.close_notional,
      close_fee_minor = c.fee, close_tax_minor = c.tax, realized_minor = c.realized, close_reason = c.reason,
      closed_at_ms = c.now_ms
    from unnest(${column((c) => c.id)}::bigint[], ${column((c) => c.closePrice)}::text[],
      ${column((c) => c.closeNotional.toString())}::bigint[], ${column((c) => c.fee.toString())}::bigint[],
      ${column((c) => c.tax.toString())}::bigint[], ${column((c) => c.realized.toString())}::bigint[],
      ${column((c) => c.reason)}::text[], ${column((c) => c.nowMs)}::bigint[])
      as c(id, close_price, close_notional, fee, tax, realized, reason, now_ms)
    where p.id = c.id`);
}

/**
 * The member's flags as stored, under a share lock: a freeze waits for an order under way, and
 * an order for a freeze. Undefined for a member who does not exist.
 */
export async function readMemberFlags(tx: Conn, memberId: string): Promise<MemberFlags | undefined> {
  const [row] = await tx
    .select({ frozen: members.frozen, tradingBarred: members.tradingBarred, disabled: members.disabled })
    .from(members)
    .where(eq(members.id, memberId))
    .for("share");
  return row;
}

export function toOrder(row: OrderRow): Order {
  const market = marketOf(row.symbol);
  return {
    id: String(row.id),
    symbol: row.symbol as Order["symbol"],
    side: row.side,
    type: row.type,
    quantity: row.quantity,
    leverage: row.leverage,
    limitPrice: row.limitUnits === null ? null : unitsToPrice(row.limitUnits, market),
    session: row.session,
    status: row.status,
    held: row.heldMinor.toString(),
    currency: marketCurrency[market],
    fillPrice: row.fillPrice,
    positionId: row.positionId === null ? null : String(row.positionId),
    triggerPrice: row.triggerUnits === null ? null : unitsToPrice(row.triggerUnits, market),
    triggeredAtMs: row.triggeredAtMs,
    // Only a read of the list knows the quotes (`TradingService.withStopHolds`).
    stopHold: null,
    validDate: row.validDate,
    closesPositionId: row.closesPositionId === null ? null : String(row.closesPositionId),
    trailPrice: row.trailUnits === null ? null : unitsToPrice(row.trailUnits, market),
    ifd: row.ifdLegs === null ? null : attachedPrices(row.ifdLegs, market),
    parentOrderId: row.parentOrderId === null ? null : String(row.parentOrderId),
    venue: row.venue,
    condition: row.condition,
    route: row.venue !== null && row.status === "filled" ? routeOf(row.quantity, row) : null,
    createdAtMs: row.createdAtMs,
    updatedAtMs: row.updatedAtMs,
  };
}

/** A filled Tokyo order's route as the member reads it: shares per venue, the TSE's first, and the saving. */
export function routeOf(
  quantity: number,
  route: { ptsQuantity: number; savedMinor: bigint },
): NonNullable<Order["route"]> {
  const fills: NonNullable<Order["route"]>["fills"] = [];
  if (quantity > route.ptsQuantity) fills.push({ venue: "tse", quantity: quantity - route.ptsQuantity });
  if (route.ptsQuantity > 0) fills.push({ venue: "pts", quantity: route.ptsQuantity });
  return { fills, saved: route.savedMinor.toString() };
}

/** Where an order goes where it names no venue: the TSE for a Tokyo name; a US order has no venue. */
export function defaultVenue(symbol: string): OrderVenue | null {
  return marketOf(symbol) === "JP" ? "tse" : null;
}

/** An IFD's legs as the member reads them: prices, not units. */
function attachedPrices(legs: AttachedUnits, market: Market): NonNullable<Order["ifd"]> {
  const price = (units: number | undefined) => (units === undefined ? null : unitsToPrice(units, market));
  return {
    takeProfit:
      legs.takeProfitUnits === undefined ? null : { price: unitsToPrice(legs.takeProfitUnits, market) },
    stopLoss:
      legs.stopLossTriggerUnits === undefined
        ? null
        : {
            triggerPrice: unitsToPrice(legs.stopLossTriggerUnits, market),
            price: price(legs.stopLossLimitUnits),
          },
  };
}

export function toPosition(row: PositionRow): Position {
  return {
    id: String(row.id),
    symbol: row.symbol as Position["symbol"],
    currency: row.currency as Position["currency"],
    side: row.side,
    quantity: row.quantity,
    leverage: row.leverage,
    openOrderId: String(row.openOrderId),
    openPrice: row.openPrice,
    openNotional: row.openNotionalMinor.toString(),
    initialMargin: row.initialMarginMinor.toString(),
    margin: row.marginMinor.toString(),
    openFee: row.openFeeMinor.toString(),
    status: row.status,
    lockedUntilMs: row.lockedUntilMs,
    closePrice: row.closePrice,
    closeNotional: row.closeNotionalMinor?.toString() ?? null,
    closeFee: row.closeFeeMinor?.toString() ?? null,
    closeTax: row.closeTaxMinor?.toString() ?? null,
    realized: row.realizedMinor?.toString() ?? null,
    closeReason: row.closeReason,
    dayTrade: row.dayTrade,
    openedAtMs: row.openedAtMs,
    closedAtMs: row.closedAtMs,
  };
}

/** The market of a symbol as stored: only equity symbols of a market are ever written. */
export function marketOf(symbol: string): Market {
  const market = symbolMarket(symbol as Order["symbol"]);
  if (market !== "JP" && market !== "US") throw new Error(`not a market's symbol: ${symbol}`);
  return market;
}

function required<T>(row: T | undefined, what: string): T {
  if (row === undefined) throw new Error(`${what} vanished under its lock`);
  return row;
}

/** The member's flags as stored, read with a new order under a share lock. */
export interface MemberFlags {
  frozen: boolean;
  tradingBarred: boolean;
  disabled: boolean;
}

/** A position to open, with the journals the drafts decided. */
export interface OpeningWrite {
  memberId: string;
  currency: Currency;
  symbol: string;
  side: Side;
  quantity: number;
  leverage: number;
  openPrice: string;
  notional: bigint;
  margin: bigint;
  fee: bigint;
  nowMs: number;
  journals: PositionJournal[];
  /** A day trade: the worker closes it at the day's cut-off. */
  dayTrade?: boolean;
  /** The fill, with the book it was priced against: written to `fill_books` in the same statement. */
  fill: BookFill;
  /** Where the order went (null for a US order), the shares it did at the PTS and what its route saved. */
  routed: OrderRoute;
}

/** A filled order's venue and route, as its row keeps them. */
export interface OrderRoute {
  venue: OrderVenue | null;
  ptsQuantity: number;
  savedMinor: bigint;
}

/** The route of an order done at the TSE (or in the US): its market's venue, nothing at the PTS. */
export function tseRoute(symbol: string): OrderRoute {
  return { venue: defaultVenue(symbol), ptsQuantity: 0, savedMinor: 0n };
}

/** An opening's record in `fill_books` once its order and position have ids. */
export function openingFillRow(
  opening: Omit<OpeningWrite, "journals">,
  ids: { orderId: string | number; positionId: string | number },
): FillBookRow {
  return {
    ...ids,
    kind: "open",
    symbol: opening.symbol,
    side: opening.side,
    quantity: opening.quantity,
    source: opening.fill.source,
    scaledNotional: opening.fill.scaledNotional,
    averageUnits: opening.fill.averageUnits,
    price: opening.openPrice,
    filledAtMs: opening.nowMs,
  };
}

/**
 * How the order behind the position is written: a member's new market order (inserted, filled,
 * gated on the member's flags and claimed under its idempotency key with `body` as its stored
 * answer), or a resting limit order the worker fills (updated).
 */
export type OpeningOrder =
  | {
      kind: "new";
      session: string;
      claim?: { key: string; hash: string; status: number };
      /** The order as the API answers it, but for the ids the database assigns. */
      body: Omit<Order, "id" | "positionId">;
    }
  | { kind: "resting"; orderId: number };

export type OpeningResult =
  | { outcome: "opened"; orderId: string; positionId: string }
  /** The member may not open positions now (or does not exist): nothing was written. */
  | { outcome: "barred"; flags: MemberFlags | undefined }
  /** The key was claimed before: nothing was written; the stored answer is the caller's to read. */
  | { outcome: "claimed"; flags: MemberFlags };

/**
 * Opens a position in ONE statement: the order, the position, the journals and their entries,
 * and for a new order the flags check and the idempotency claim, so a market order costs one
 * round trip in an implicit transaction. The amounts come from the drafts; the database applies
 * the entries to the balances and refuses a negative one (`isBalanceRefusal`).
 *
 * The member's accounts are created if need be and locked (available first, as every path
 * locks), before any entry moves them. House accounts are not locked: they carry no cached
 * balance, and locking them would make every member's orders queue on one row.
 */
export async function writeOpening(
  tx: Tx,
  opening: OpeningWrite,
  order: OpeningOrder,
): Promise<OpeningResult> {
  const { memberId, currency, nowMs, journals } = opening;
  const postings = journals.flatMap((journal, index) =>
    // Credits land before debits, so no account dips below zero half-way through a journal.
    [...journal.postings]
      .sort((a, b) => (a.amount > b.amount ? -1 : a.amount < b.amount ? 1 : 0))
      .map((posting) => ({ journal: index + 1, ...posting })),
  );
  for (const posting of postings) {
    if (posting.account.currency !== currency || (posting.account.memberId ?? memberId) !== memberId)
      throw new Error(`an opening posts to ${currency} accounts of its member only`);
  }
  const memberPurposes = unique(
    postings.filter((p) => p.account.memberId !== null).map((p) => p.account.purpose),
  );
  // Available first: the lock order every cash-spending path keeps.
  memberPurposes.sort((a, b) => (a === "available" ? -1 : b === "available" ? 1 : a.localeCompare(b)));
  const housePurposes = unique(
    postings.filter((p) => p.account.memberId === null).map((p) => p.account.purpose),
  );
  const { head, flagsColumns } = openingHead(opening, order);
  const [row] = rowsOf(
    await executePrepared(
      tx,
      sql`
      with ${head},
      member_accounts as (
        insert into ledger_accounts (member_id, purpose, currency)
        select ${memberId}::uuid, purpose, ${currency} from go,
          unnest(${sql.param(memberPurposes)}::text[]) with ordinality as wanted(purpose, n)
        order by n
        on conflict on constraint ledger_accounts_owner do update set purpose = excluded.purpose
        returning id, purpose
      ),
      new_house_accounts as (
        insert into ledger_accounts (member_id, purpose, currency)
        select null, purpose, ${currency} from go, unnest(${sql.param(housePurposes)}::text[]) as wanted(purpose)
        on conflict do nothing
        returning id, purpose
      ),
      accounts as (
        select id, true as mine, purpose from member_accounts
        union all select id, false, purpose from new_house_accounts
        union all select a.id, false, a.purpose from ledger_accounts a
          where a.member_id is null and a.currency = ${currency} and a.purpose = any(${sql.param(housePurposes)}::text[])
      ),
      journal_ids as (
        select nextval('journals_id_seq') as id, j.kind, j.memo, j.memo_code, j.memo_params, j.n
        from go, unnest(${sql.param(journals.map((j) => j.kind))}::text[],
          ${sql.param(journals.map((j) => j.memo))}::text[],
          ${sql.param(journals.map((j) => j.description?.code ?? null))}::text[],
          ${sql.param(journals.map((j) => (j.description ? JSON.stringify(j.description.params) : null)))}::jsonb[])
          with ordinality as j(kind, memo, memo_code, memo_params, n)
      ),
      journals_written as (
        insert into journals (id, kind, member_id, ref, memo, memo_code, memo_params, created_at_ms)
        select j.id, j.kind, ${memberId}, 'position:' || go.position_id, j.memo, j.memo_code, j.memo_params, ${nowMs}
        from journal_ids j, go order by j.n
        returning id
      ),
      entries_written as (
        insert into entries (journal_id, account_id, currency, amount)
        select j.id, a.id, ${currency}, e.amount
        from unnest(${sql.param(postings.map((p) => p.journal))}::int[],
            ${sql.param(postings.map((p) => p.account.memberId !== null))}::boolean[],
            ${sql.param(postings.map((p) => p.account.purpose))}::text[],
            ${sql.param(postings.map((p) => p.amount.toString()))}::bigint[])
          with ordinality as e(journal, mine, purpose, amount, n)
        join journal_ids j on j.n = e.journal
        join accounts a on a.mine = e.mine and a.purpose = e.purpose
        -- Every account is created and locked before the first entry moves one.
        where (select count(*) from accounts) > 0
        order by e.n
        returning 1
      ),
      position_written as (
        insert into positions (id, member_id, symbol, currency, side, quantity, leverage, open_order_id, open_price,
          open_notional_minor, initial_margin_minor, margin_minor, open_fee_minor, status, opened_at_ms, day_trade)
        select go.position_id, ${memberId}, ${opening.symbol}, ${currency}, ${opening.side}, ${opening.quantity},
          ${opening.leverage}, go.order_id, ${opening.openPrice}, ${opening.notional.toString()}::bigint,
          ${opening.margin.toString()}::bigint, ${opening.margin.toString()}::bigint, ${opening.fee.toString()}::bigint,
          'holding', ${nowMs}, ${opening.dayTrade === true}::boolean
        from go
        returning id
      ),
      fill_written as (
        insert into fill_books (${fillBookColumns})
        select go.position_id, f.kind, go.order_id, f.market, f.symbol, f.side, f.quantity, f.off_book, f.epoch,
          f.seq, f.pts_epoch, f.pts_seq, f.seen, f.taken, f.scaled_notional, f.average_units, f.price, f.filled_at_ms
        from go, (${fillBookValues([openingFillRow(opening, { orderId: 0, positionId: 0 })])})
          as f(position_id, kind, order_id, market, symbol, side, quantity, off_book, epoch, seq, pts_epoch, pts_seq,
            seen, taken, scaled_notional, average_units, price, filled_at_ms)
        returning 1
      )
      select (select count(*) from go) as opened, (select order_id from go) as order_id,
        (select position_id from go) as position_id, ${flagsColumns}`,
    ),
  );
  if (row === undefined) throw new Error("the opening statement returned no row");
  if (Number(row.opened) === 1) {
    return { outcome: "opened", orderId: String(row.order_id), positionId: String(row.position_id) };
  }
  const flags =
    row.frozen === null || row.frozen === undefined
      ? undefined
      : {
          frozen: row.frozen === true,
          tradingBarred: row.trading_barred === true,
          disabled: row.disabled === true,
        };
  if (flags && !flags.frozen && !flags.tradingBarred && !flags.disabled) return { outcome: "claimed", flags };
  return { outcome: "barred", flags };
}

/** Order and position ids for a set of openings: their journals name the positions before the rows exist. */
export async function reserveOpeningIds(
  tx: Conn,
  count: number,
): Promise<{ orderId: string; positionId: string }[]> {
  return rowsOf(
    await tx.execute(sql`
      select nextval('orders_id_seq') as order_id, nextval('positions_id_seq') as position_id
      from generate_series(1, ${count})`),
  ).map((row) => ({ orderId: String(row.order_id), positionId: String(row.position_id) }));
}

/**
 * The filled market orders and the positions of a set of openings, in one statement, as
 * `writeOpening` writes a member's new order: the ids reserved, the flags checked and the journals
 * written by the caller in the same transaction.
 */
export async function insertOpenings(
  tx: Conn,
  openings: readonly (Omit<OpeningWrite, "journals"> & { orderId: string; positionId: string })[],
): Promise<void> {
  if (openings.length === 0) return;
  const column = <T>(pick: (opening: (typeof openings)[number]) => T) => sql.param(openings.map(pick));
  await tx.execute(sql`
    with opened as (
      select * from unnest(${column((o) => o.orderId)}::bigint[], ${column((o) => o.positionId)}::bigint[],
        ${column((o) => o.memberId)}::uuid[], ${column((o) => o.symbol)}::text[], ${column((o) => o.currency)}::text[],
        ${column((o) => o.side)}::text[], ${column((o) => o.quantity)}::int[], ${column((o) => o.leverage)}::int[],
        ${column((o) => o.openPrice)}::text[], ${column((o) => o.notional.toString())}::bigint[],
        ${column((o) => o.margin.toString())}::bigint[], ${column((o) => o.fee.toString())}::bigint[],
        ${column((o) => o.nowMs)}::bigint[], ${column((o) => o.dayTrade === true)}::boolean[])
        as o(order_id, position_id, member_id, symbol, currency, side, quantity, leverage, open_price, notional,
          margin, fee, now_ms, day_trade)
    ),
    orders_written as (
      insert into orders (id, member_id, symbol, side, type, quantity, leverage, session, status, held_minor,
        fill_price, position_id, venue, created_at_ms, updated_at_ms)
      select order_id, member_id, symbol, side, 'market', quantity, leverage, 'regular', 'filled', 0, open_price,
        position_id, case when symbol like 'JP:%' then 'tse' end, now_ms, now_ms
      from opened
      returning id
    ),
    fills_written as (
      insert into fill_books (${fillBookColumns})
      ${fillBookValues(openings.map((opening) => openingFillRow(opening, opening)))}
      returning 1
    )
    insert into positions (id, member_id, symbol, currency, side, quantity, leverage, open_order_id, open_price,
      open_notional_minor, initial_margin_minor, margin_minor, open_fee_minor, status, opened_at_ms, day_trade)
    select position_id, member_id, symbol, currency, side, quantity, leverage, order_id, open_price, notional,
      margin, margin, fee, 'holding', now_ms, day_trade
    from opened`);
}

/** Several members' flags as stored, under a share lock as `readMemberFlags` takes one; a member not there is absent. */
export async function readMembersFlags(
  tx: Conn,
  memberIds: readonly string[],
): Promise<Map<string, MemberFlags>> {
  const rows = rowsOf(
    await tx.execute(sql`
      select id, frozen, trading_barred, disabled from members
      where id = any(${sql.param([...new Set(memberIds)])}::uuid[]) order by id for share`),
  );
  return new Map(
    rows.map((row) => [
      String(row.id),
      {
        frozen: row.frozen === true,
        tradingBarred: row.trading_barred === true,
        disabled: row.disabled === true,
      },
    ]),
  );
}

/**
 * The first CTEs of the opening: `go` has one row (the order's and the position's ids) when the
 * opening goes ahead, none when the member's flags or an earlier claim of the key stop it.
 */
function openingHead(opening: OpeningWrite, order: OpeningOrder): { head: SQL; flagsColumns: SQL } {
  const { memberId, nowMs } = opening;
  if (order.kind === "resting") {
    const head = sql`go as (select ${order.orderId}::bigint as order_id, nextval('positions_id_seq') as position_id),
      order_written as (
        update orders set status = 'filled', fill_price = ${opening.openPrice}, position_id = go.position_id,
          held_minor = 0, pts_quantity = ${opening.routed.ptsQuantity}, updated_at_ms = ${nowMs}
        from go where orders.id = go.order_id
        returning orders.id
      )`;
    return { head, flagsColumns: sql`false as frozen, false as trading_barred, false as disabled` };
  }
  const key = order.claim?.key ?? null;
  // A new order reads the member's flags as stored, in the same round trip: the session this
  // process remembers may predate a freeze set through another process. The share lock makes
  // a freeze wait for an order already under way, and an order wait for a freeze.
  const head = sql`flags as (
        select frozen, trading_barred, disabled from members where id = ${memberId} for share
      ),
      ids as (
        select nextval('orders_id_seq') as order_id, nextval('positions_id_seq') as position_id
        from flags where not (frozen or trading_barred or disabled)
      ),
      claim as (
        insert into idempotency_keys (member_id, key, request_hash, status, response, created_at_ms)
        select ${memberId}, ${key}::text, ${order.claim?.hash ?? null}::text, ${order.claim?.status ?? 201},
          (${JSON.stringify(order.body)}::jsonb
            || jsonb_build_object('id', ids.order_id::text, 'positionId', ids.position_id::text))::text,
          ${nowMs}
        from ids where ${key}::text is not null
        on conflict do nothing
        returning 1
      ),
      go as (
        select order_id, position_id from ids where ${key}::text is null or exists (select 1 from claim)
      ),
      order_written as (
        insert into orders (id, member_id, symbol, side, type, quantity, leverage, session, status, held_minor,
          fill_price, position_id, venue, pts_quantity, saved_minor, created_at_ms, updated_at_ms)
        select go.order_id, ${memberId}, ${opening.symbol}, ${opening.side}, 'market', ${opening.quantity},
          ${opening.leverage}, ${order.session}, 'filled', 0, ${opening.openPrice}, go.position_id,
          ${opening.routed.venue}::text, ${opening.routed.ptsQuantity}::int, ${opening.routed.savedMinor.toString()}::bigint,
          ${nowMs}, ${nowMs}
        from go
        returning id
      )`;
  return {
    head,
    flagsColumns: sql`(select frozen from flags) as frozen, (select trading_barred from flags) as trading_barred,
      (select disabled from flags) as disabled`,
  };
}

/** Whether the database refused a write because a member's balance would go negative. */
export function isBalanceRefusal(error: unknown): boolean {
  return databaseError(error)?.constraint === "member_balance_not_negative";
}

/** The driver's error, which drizzle wraps as the `cause` of its own. */
function databaseError(error: unknown): { constraint?: unknown } | undefined {
  if (typeof error !== "object" || error === null) return undefined;
  const cause = "cause" in error ? error.cause : undefined;
  return typeof cause === "object" && cause !== null ? cause : error;
}

function unique<T>(values: T[]): T[] {
  return [...new Set(values)];
}

/** Whether the position mirrors a lead's in a running copy (follow trading's `mirrors` table). */
export async function isOpenMirror(tx: Conn, positionId: number): Promise<boolean> {
  const rows = rowsOf(
    await tx.execute(
      sql`select 1 as one from mirrors where follower_position_id = ${positionId} and status = 'open'`,
    ),
  );
  return rows.length > 0;
}
