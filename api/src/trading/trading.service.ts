import type { Catalog } from "@kabuto/feed";
import type { Bus } from "@kabuto/gateway";
import type {
  AccountEvent,
  Book,
  Currency,
  Market,
  Order,
  PlaceOrder,
  Position,
  Quote,
} from "@kabuto/shared";
import {
  addMarginSchema,
  bookTopic,
  closingCharges,
  defaultTerms,
  type Fill,
  isOnTick,
  isWholeUnits,
  limitOrderHold,
  type MarketTerms,
  marketCurrency,
  placeOrderSchema,
  priceToUnits,
  profit,
  quoteTopic,
  type Side,
  sessionAt,
  symbolMarket,
  toMinor,
  unitsToPrice,
  walkBook,
} from "@kabuto/shared";
import { sql } from "drizzle-orm";
import type { Db } from "../db/database.ts";
import { type Row, rowsOf } from "../db/rows.ts";
import { AppError } from "../errors.ts";
import type { AccountEvents } from "../events/account-events.ts";
import {
  claimKey,
  type Idempotency,
  type IdempotentResult,
  storedResult,
  storeResult,
} from "../idempotency/claims.ts";
import { numericId } from "../ids.ts";
import { houseAccount, memberAccount, type Posting, transfer } from "../ledger/journal.ts";
import { lockAvailable, postJournal, type Tx } from "../ledger/ledger.repo.ts";
import { validate } from "../validate.ts";
import { openJournals } from "./drafts.ts";
import { isBalanceRefusal, type MemberFlags, type OpeningResult, writeOpening } from "./trading.repo.ts";

/** A result and the account events it causes once committed. */
interface ActionResult extends IdempotentResult {
  events?: AccountEvent[];
}

/**
 * Orders and positions. Every money movement is a journal written in the same transaction as
 * the business row; the member's available-cash account row is locked first, so two requests
 * racing for the same cash are served one after the other.
 */
export class TradingService {
  private readonly db: Db;
  private readonly catalog: Catalog;
  private readonly bus: Bus;
  private readonly terms: Record<Market, MarketTerms>;
  private readonly alwaysOpen: boolean;
  private readonly now: () => number;
  private readonly events: AccountEvents;

  constructor(deps: {
    db: Db;
    catalog: Catalog;
    bus: Bus;
    alwaysOpen: boolean;
    now: () => number;
    terms?: Record<Market, MarketTerms>;
    events?: AccountEvents;
  }) {
    this.db = deps.db;
    this.catalog = deps.catalog;
    this.bus = deps.bus;
    this.terms = deps.terms ?? defaultTerms;
    this.alwaysOpen = deps.alwaysOpen;
    this.now = deps.now;
    this.events = deps.events ?? (() => undefined);
  }

  termsOf(market: Market): MarketTerms {
    return this.terms[market];
  }

  async placeOrder(memberId: string, input: unknown, idempotency?: Idempotency): Promise<IdempotentResult> {
    const order = validate(placeOrderSchema, input);
    const instrument = this.catalog.instrumentBySymbol.get(order.symbol);
    if (!instrument) throw new AppError("PRODUCT_NOT_FOUND");
    const market = instrument.market;
    if (!isWholeUnits(market, order.quantity))
      throw new AppError("QUANTITY_INVALID", { lotSize: instrument.lotSize });
    if (!this.terms[market].leverages.includes(order.leverage)) {
      throw new AppError("LEVERAGE_INVALID", { allowed: this.terms[market].leverages });
    }
    const nowMs = this.now();
    const phase = sessionAt(market, nowMs, { alwaysOpen: this.alwaysOpen }).phase;
    const [quote, book] = await this.marketState(order.symbol);
    if (order.type === "market") {
      // Pre-market and after-hours take limit orders only (a thin book would fill a market
      // order anywhere); outside every session nothing trades at all.
      if (order.session !== "regular" || phase === "pre" || phase === "after")
        throw new AppError("MARKET_ORDER_OUTSIDE_REGULAR", { phase });
      if (phase !== "regular") throw new AppError("OUTSIDE_TRADING_HOURS", { phase });
      if (!book) throw new AppError("PRICE_UNAVAILABLE");
      const fill = walkBook(book, market, order.side, order.quantity);
      if (!fill) throw new AppError("BOOK_TOO_THIN");
      const opened = await this.openPosition(
        this.db,
        memberId,
        order,
        market,
        fill,
        null,
        nowMs,
        idempotency,
      );
      if (!opened.replayed) {
        const body = opened.body as Order;
        for (const event of [
          { type: "order", id: body.id },
          { type: "position", id: opened.positionId ?? "" },
          { type: "balance", id: body.currency },
        ] as const) {
          this.events(memberId, event);
        }
      }
      return { status: opened.status, body: opened.body };
    }
    if (order.session === "extended" && market !== "US") throw new AppError("SESSION_INVALID");
    const limitUnits = this.checkLimitPrice(order, instrument.tickTable, market, quote);
    return this.inTransaction(memberId, idempotency, nowMs, (tx) =>
      this.restLimit(tx, memberId, order, market, limitUnits, nowMs),
    );
  }

  async cancelOrder(memberId: string, orderId: string, idempotency?: Idempotency): Promise<IdempotentResult> {
    return this.inTransaction(memberId, idempotency, this.now(), async (tx) => {
      const [row] = rowsOf(
        await tx.execute(
          sql`select * from orders where id = ${numericId(orderId)} and member_id = ${memberId} for update`,
        ),
      );
      if (!row) throw new AppError("ORDER_NOT_FOUND");
      if (row.status !== "pending") throw new AppError("ORDER_NOT_PENDING");
      const currency = marketCurrency[symbolMarket(String(row.symbol) as Order["symbol"]) as Market];
      await this.releaseHold(tx, row, currency, this.now());
      const [updated] = rowsOf(
        await tx.execute(
          sql`update orders set status = 'cancelled', updated_at_ms = ${this.now()} where id = ${row.id} returning *`,
        ),
      );
      return {
        status: 200,
        body: toOrder(updated as Row),
        events: [
          { type: "order", id: String(row.id) },
          { type: "balance", id: currency },
        ],
      };
    });
  }

  /** Closes a holding position at market, for the member (`member`) or the house (`margin_call`). */
  async closePosition(
    memberId: string,
    positionId: string,
    idempotency?: Idempotency,
    reason: "member" | "margin_call" = "member",
  ): Promise<IdempotentResult> {
    const nowMs = this.now();
    return this.inTransaction(memberId, idempotency, nowMs, async (tx) => {
      const position = await this.lockPosition(tx, memberId, positionId);
      if (position.lockedUntilMs !== null && position.lockedUntilMs > nowMs) {
        throw new AppError("POSITION_LOCKED", { untilMs: position.lockedUntilMs });
      }
      const market = symbolMarket(position.symbol) as Market;
      if (sessionAt(market, nowMs, { alwaysOpen: this.alwaysOpen }).phase !== "regular") {
        throw new AppError("OUTSIDE_TRADING_HOURS");
      }
      const [, book] = await this.marketState(position.symbol);
      if (!book) throw new AppError("PRICE_UNAVAILABLE");
      const closingSide: Side = position.side === "long" ? "short" : "long";
      const fill = walkBook(book, market, closingSide, position.quantity);
      if (!fill) throw new AppError("BOOK_TOO_THIN");
      const closed = await this.settleClose(tx, memberId, position, market, fill, reason, nowMs);
      return {
        status: 200,
        body: closed,
        events: [
          { type: "position", id: positionId },
          { type: "balance", id: position.currency },
        ],
      };
    });
  }

  async addMargin(memberId: string, positionId: string, input: unknown, idempotency?: Idempotency) {
    const amount = BigInt(validate(addMarginSchema, input).amount);
    const nowMs = this.now();
    return this.inTransaction(memberId, idempotency, nowMs, async (tx) => {
      const position = await this.lockPosition(tx, memberId, positionId);
      const currency = position.currency;
      const available = await lockAvailable(tx, memberId, currency);
      if (available < amount) throw new AppError("INSUFFICIENT_BALANCE", { available: available.toString() });
      await postJournal(
        tx,
        {
          kind: "margin_add",
          memberId,
          ref: `position:${position.id}`,
          memo: null,
          postings: transfer(
            memberAccount(memberId, "available", currency),
            memberAccount(memberId, "margin", currency),
            amount,
          ),
        },
        nowMs,
      );
      const [updated] = rowsOf(
        await tx.execute(
          sql`update positions set margin_minor = margin_minor + ${amount.toString()}::bigint where id = ${numericId(positionId)} returning *`,
        ),
      );
      return {
        status: 200,
        body: toPosition(updated as Row),
        events: [
          { type: "position", id: positionId },
          { type: "balance", id: currency },
        ],
      };
    });
  }

  /** The worker's fill of a resting limit order whose price the market reached. */
  async fillLimit(orderId: number, book: Book): Promise<boolean> {
    const nowMs = this.now();
    const filled = await this.db.transaction(async (tx) => {
      const [row] = rowsOf(
        await tx.execute(sql`select * from orders where id = ${orderId} for update skip locked`),
      );
      if (row?.status !== "pending") return undefined;
      const market = symbolMarket(String(row.symbol) as Order["symbol"]) as Market;
      const side = row.side as Side;
      const quantity = Number(row.quantity);
      const limit = Number(row.limit_units);
      const fill = walkBook(book, market, side, quantity);
      if (!fill || (side === "long" ? fill.averageUnits > limit : fill.averageUnits < limit))
        return undefined;
      const memberId = String(row.member_id);
      const currency = marketCurrency[market];
      await this.releaseHold(tx, row, currency, nowMs);
      const order = { symbol: String(row.symbol), side, quantity, leverage: Number(row.leverage) };
      const opened = await this.openPosition(tx, memberId, order, market, fill, Number(row.id), nowMs);
      const positionId = opened.positionId ?? "";
      return { memberId, orderId: String(row.id), positionId: String(positionId), currency };
    });
    if (!filled) return false;
    this.events(filled.memberId, { type: "order", id: filled.orderId });
    this.events(filled.memberId, { type: "position", id: filled.positionId });
    this.events(filled.memberId, { type: "balance", id: filled.currency });
    return true;
  }

  /**
   * Reserves margin and the opening fee from available cash and opens the position, in one
   * statement: atomic on its own (a market order) or inside the caller's transaction (a limit
   * order's fill, `orderId` given). The drafts decide the journals; the repository writes them.
   */
  private async openPosition(
    tx: Tx,
    memberId: string,
    order: { symbol: string; side: Side; quantity: number; leverage: number; session?: string },
    market: Market,
    fill: Fill,
    orderId: number | null,
    nowMs: number,
    idempotency?: Idempotency,
  ): Promise<{ replayed: boolean; status: number; body: unknown; positionId?: string }> {
    const currency = marketCurrency[market];
    const opening = openJournals({ memberId, market, terms: this.terms[market], ...order, fill });
    const write = { memberId, currency, ...order, ...opening, nowMs };
    const session = order.session ?? "regular";
    const body: Omit<Order, "id" | "positionId"> = {
      symbol: order.symbol as Order["symbol"],
      side: order.side,
      type: "market",
      quantity: order.quantity,
      leverage: order.leverage,
      limitPrice: null,
      session: session as Order["session"],
      status: "filled",
      held: "0",
      currency,
      fillPrice: opening.openPrice,
      createdAtMs: nowMs,
      updatedAtMs: nowMs,
    };
    let result: OpeningResult;
    try {
      result = await writeOpening(
        tx,
        write,
        orderId === null
          ? { kind: "new", session, body, ...(idempotency ? { claim: idempotency } : {}) }
          : { kind: "resting", orderId },
      );
    } catch (error) {
      if (!isBalanceRefusal(error)) throw error;
      throw new AppError("INSUFFICIENT_BALANCE", {
        required: (opening.margin + opening.fee).toString(),
        available: orderId === null ? (await lockAvailable(this.db, memberId, currency)).toString() : "0",
        currency,
      });
    }
    if (result.outcome === "opened") {
      return {
        replayed: false,
        status: 201,
        body: { ...body, id: result.orderId, positionId: result.positionId },
        positionId: result.positionId,
      };
    }
    // Refused, or claimed before; a retry of an order that went through before a flag was set
    // gets its first answer.
    const stored = await storedResult(tx, memberId, idempotency);
    if (stored) return { replayed: true, ...stored };
    if (result.outcome === "barred") refuseBarred(result.flags);
    throw new Error("an idempotency key claimed but not stored");
  }

  private async restLimit(
    tx: Tx,
    memberId: string,
    order: { symbol: string; side: Side; quantity: number; leverage: number; session: string },
    market: Market,
    limitUnits: number,
    nowMs: number,
  ): Promise<ActionResult> {
    const currency = marketCurrency[market];
    const scaled = BigInt(order.quantity) * BigInt(limitUnits);
    const notional = toMinor(scaled, market);
    // Hold what the fill can cost at most (a short can fill above its limit).
    const held = limitOrderHold(order.side, notional, order.leverage, this.terms[market]);
    const [flags] = rowsOf(
      await tx.execute(
        sql`select frozen, trading_barred, disabled from members where id = ${memberId} for share`,
      ),
    );
    refuseBarred(
      flags && {
        frozen: flags.frozen === true,
        tradingBarred: flags.trading_barred === true,
        disabled: flags.disabled === true,
      },
    );
    const available = await lockAvailable(tx, memberId, currency);
    if (available < held) {
      throw new AppError("INSUFFICIENT_BALANCE", {
        required: held.toString(),
        available: available.toString(),
        currency,
      });
    }
    const [row] = rowsOf(
      await tx.execute(sql`
        insert into orders (member_id, symbol, side, type, quantity, leverage, limit_units, session, status, held_minor,
          created_at_ms, updated_at_ms)
        values (${memberId}, ${order.symbol}, ${order.side}, 'limit', ${order.quantity}, ${order.leverage}, ${limitUnits},
          ${order.session}, 'pending', ${held.toString()}::bigint, ${nowMs}, ${nowMs})
        returning *`),
    );
    await postJournal(
      tx,
      {
        kind: "order_hold",
        memberId,
        ref: `order:${(row as Row).id}`,
        memo: null,
        postings: transfer(
          memberAccount(memberId, "available", currency),
          memberAccount(memberId, "held", currency),
          held,
        ),
      },
      nowMs,
    );
    return {
      status: 201,
      body: toOrder(row as Row),
      events: [
        { type: "order", id: String((row as Row).id) },
        { type: "balance", id: currency },
      ],
    };
  }

  private async settleClose(
    tx: Tx,
    memberId: string,
    position: Position,
    market: Market,
    fill: Fill,
    reason: "member" | "margin_call",
    nowMs: number,
  ): Promise<Position> {
    const { currency } = position;
    const closeNotional = toMinor(fill.scaledNotional, market);
    const pnl = profit(position.side, BigInt(position.openNotional), closeNotional);
    const { fee, tax } = closingCharges(
      position.side,
      BigInt(position.openNotional),
      closeNotional,
      this.terms[market],
    );
    const margin = BigInt(position.margin);
    const available = await lockAvailable(tx, memberId, currency);
    const cash = memberAccount(memberId, "available", currency);
    const postings: Posting[] = [...transfer(memberAccount(memberId, "margin", currency), cash, margin)];
    if (pnl >= 0n) postings.push(...transfer(houseAccount("clearing", currency), cash, pnl));
    const owed = (pnl < 0n ? -pnl : 0n) + fee + tax;
    // What the member's money cannot cover becomes a visible debt in their deficit account.
    const shortfall = owed > available + margin ? owed - available - margin : 0n;
    if (shortfall > 0n)
      postings.push(...transfer(memberAccount(memberId, "deficit", currency), cash, shortfall));
    if (pnl < 0n) postings.push(...transfer(cash, houseAccount("clearing", currency), -pnl));
    const closePrice = formatAverage(fill.averageUnits, market);
    const ref = `position:${position.id}`;
    await postJournal(
      tx,
      {
        kind: reason === "margin_call" ? "margin_call" : "close",
        memberId,
        ref,
        memo: `${position.side} ${position.quantity} ${position.symbol} @ ${closePrice}`,
        postings,
      },
      nowMs,
    );
    // The selling fee and the tax are journals of their own, each a line in the fund records.
    const charges = [
      { kind: "fee", memo: "selling fee", amount: fee, to: houseAccount("fees", currency) },
      { kind: "tax", memo: "stamp duty", amount: tax, to: houseAccount("tax", currency) },
    ] as const;
    for (const { kind, memo, amount, to } of charges) {
      if (amount === 0n) continue;
      await postJournal(tx, { kind, memberId, ref, memo, postings: transfer(cash, to, amount) }, nowMs);
    }
    const realized = pnl - fee - tax - BigInt(position.openFee);
    const [updated] = rowsOf(
      await tx.execute(sql`
        update positions set status = 'closed', close_price = ${closePrice},
          close_notional_minor = ${closeNotional.toString()}::bigint, close_fee_minor = ${fee.toString()}::bigint,
          close_tax_minor = ${tax.toString()}::bigint, realized_minor = ${realized.toString()}::bigint,
          close_reason = ${reason}, closed_at_ms = ${nowMs}
        where id = ${numericId(position.id)} returning *`),
    );
    return toPosition(updated as Row);
  }

  /** Returns a pending order's held money to available cash (cancelled, or about to fill). */
  private async releaseHold(tx: Tx, order: Row, currency: Currency, nowMs: number): Promise<void> {
    const memberId = String(order.member_id);
    await lockAvailable(tx, memberId, currency);
    await postJournal(
      tx,
      {
        kind: "order_release",
        memberId,
        ref: `order:${order.id}`,
        memo: null,
        postings: transfer(
          memberAccount(memberId, "held", currency),
          memberAccount(memberId, "available", currency),
          BigInt(String(order.held_minor)),
        ),
      },
      nowMs,
    );
  }

  private async lockPosition(tx: Tx, memberId: string, positionId: string): Promise<Position> {
    const [row] = rowsOf(
      await tx.execute(
        sql`select * from positions where id = ${numericId(positionId)} and member_id = ${memberId} for update`,
      ),
    );
    if (!row) throw new AppError("POSITION_NOT_FOUND");
    const position = toPosition(row);
    if (position.status !== "holding") throw new AppError("POSITION_NOT_HOLDING");
    return position;
  }

  private checkLimitPrice(
    order: PlaceOrder,
    table: Parameters<typeof isOnTick>[0],
    market: Market,
    quote?: Quote,
  ): number {
    if (order.price === undefined) throw new AppError("PRICE_REQUIRED");
    const units = priceToUnits(order.price, market);
    if (units === undefined || units <= 0) throw new AppError("PRICE_INVALID");
    if (!isOnTick(table, units)) throw new AppError("PRICE_OFF_TICK");
    if (quote?.limitUp && quote.limitDown) {
      const up = priceToUnits(quote.limitUp, market) as number;
      const down = priceToUnits(quote.limitDown, market) as number;
      if (units > up || units < down) {
        throw new AppError("PRICE_LIMIT_EXCEEDED", { limitUp: quote.limitUp, limitDown: quote.limitDown });
      }
    }
    return units;
  }

  private async marketState(symbol: string): Promise<[Quote | undefined, Book | undefined]> {
    const updates = await this.bus.snapshots([quoteTopic(symbol), bookTopic(symbol)]);
    const quote = updates.find((update) => update.topic === quoteTopic(symbol))?.data as Quote | undefined;
    const book = updates.find((update) => update.topic === bookTopic(symbol))?.data as Book | undefined;
    return [quote, book];
  }

  /**
   * Runs the action in one transaction with its idempotency claim, and tells the member's
   * sockets what changed only once it has committed (a replayed result tells nothing new).
   */
  private async inTransaction(
    memberId: string,
    idempotency: Idempotency | undefined,
    nowMs: number,
    action: (tx: Tx) => Promise<ActionResult>,
  ): Promise<IdempotentResult> {
    const result = await this.db.transaction(async (tx): Promise<ActionResult> => {
      if (idempotency) {
        const stored = await claimKey(tx, { memberId, key: idempotency.key, hash: idempotency.hash, nowMs });
        if (stored) return stored;
      }
      const acted = await action(tx);
      if (idempotency)
        await storeResult(tx, { memberId, key: idempotency.key }, { status: acted.status, body: acted.body });
      return acted;
    });
    for (const event of result.events ?? []) this.events(memberId, event);
    return { status: result.status, body: result.body };
  }
}

/** The member's flags as stored, read with a new order: those that forbid opening one. */
function refuseBarred(flags: MemberFlags | undefined): void {
  if (!flags || flags.disabled) throw new AppError("UNAUTHENTICATED");
  if (flags.frozen) throw new AppError("ACCOUNT_FROZEN");
  if (flags.tradingBarred) throw new AppError("TRADING_BARRED");
}

function formatAverage(units: number, market: Market): string {
  // The average of several levels can fall between ticks; show it to a tenth of a price unit.
  const rounded = Math.round(units);
  if (Math.abs(units - rounded) < 1e-9) return unitsToPrice(rounded, market);
  return (units / (market === "JP" ? 10 : 10_000)).toFixed(market === "JP" ? 2 : 5);
}

const minor = (value: unknown) => (value === null || value === undefined ? null : String(value));

export function toOrder(row: Row): Order {
  const market = symbolMarket(String(row.symbol) as Order["symbol"]) as Market;
  return {
    id: String(row.id),
    symbol: String(row.symbol) as Order["symbol"],
    side: row.side as Order["side"],
    type: row.type as Order["type"],
    quantity: Number(row.quantity),
    leverage: Number(row.leverage),
    limitPrice: row.limit_units === null ? null : unitsToPrice(Number(row.limit_units), market),
    session: row.session as Order["session"],
    status: row.status as Order["status"],
    held: String(row.held_minor),
    currency: marketCurrency[market],
    fillPrice: (row.fill_price as string | null) ?? null,
    positionId: row.position_id === null ? null : String(row.position_id),
    createdAtMs: Number(row.created_at_ms),
    updatedAtMs: Number(row.updated_at_ms),
  };
}

export function toPosition(row: Row): Position {
  return {
    id: String(row.id),
    symbol: String(row.symbol) as Position["symbol"],
    currency: String(row.currency) as Position["currency"],
    side: row.side as Position["side"],
    quantity: Number(row.quantity),
    leverage: Number(row.leverage),
    openOrderId: String(row.open_order_id),
    openPrice: String(row.open_price),
    openNotional: String(row.open_notional_minor),
    initialMargin: String(row.initial_margin_minor),
    margin: String(row.margin_minor),
    openFee: String(row.open_fee_minor),
    status: row.status as Position["status"],
    lockedUntilMs: row.locked_until_ms === null ? null : Number(row.locked_until_ms),
    closePrice: (row.close_price as string | null) ?? null,
    closeNotional: minor(row.close_notional_minor),
    closeFee: minor(row.close_fee_minor),
    closeTax: minor(row.close_tax_minor),
    realized: minor(row.realized_minor),
    closeReason: (row.close_reason as Position["closeReason"]) ?? null,
    openedAtMs: Number(row.opened_at_ms),
    closedAtMs: row.closed_at_ms === null ? null : Number(row.closed_at_ms),
  };
}
