import type { Bus } from "@kabuto/bus";
import type { Instrument } from "@kabuto/shared/api/market";
import type {
  AccountSummary,
  FundRecord,
  FundRecordKind,
  Order,
  OrderRequest,
  Position,
} from "@kabuto/shared/api/trading";
import { marketDate } from "@kabuto/shared/market/calendar";
import type { InstrumentCatalog } from "@kabuto/shared/market/catalog";
import { dailyLimitFor } from "@kabuto/shared/market/price-limits";
import { ptsSessionAt } from "@kabuto/shared/market/pts";
import { sessionAt } from "@kabuto/shared/market/sessions";
import { isOnTick, priceToUnits, type TickTable, tickUnits, unitsToPrice } from "@kabuto/shared/market/ticks";
import { isWholeUnits } from "@kabuto/shared/market/units";
import { type PtsHours, ptsTickTable } from "@kabuto/shared/market/venues";
import type { Book, PtsSessionState, Quote, StampedBook } from "@kabuto/shared/protocol/market-data";
import type { AccountEvent, MarketUpdate } from "@kabuto/shared/protocol/socket";
import {
  bookTopic,
  type MarketTopic,
  ptsBookTopic,
  ptsQuoteTopic,
  quoteTopic,
} from "@kabuto/shared/protocol/topics";
import type { Currency, Market } from "@kabuto/shared/symbols";
import { marketCurrency } from "@kabuto/shared/symbols";
import { type AttachedUnits, checkAttached } from "@kabuto/shared/trading/attached";
import { nextAuctionDate } from "@kabuto/shared/trading/auctions";
import { conditionRefusal, isAuctionOnly } from "@kabuto/shared/trading/conditions";
import type { DayTradeTerms } from "@kabuto/shared/trading/day-trade";
import {
  dayTradeCutoffMs,
  dayTradeLeverageWhole,
  dayTradeOpenAllowed,
  defaultDayTradeCutoffMinutes,
  defaultDayTradeTerms,
} from "@kabuto/shared/trading/day-trade";
import { type BookFill, walkStampedBook } from "@kabuto/shared/trading/fill-book";
import type { MarketTerms, Side } from "@kabuto/shared/trading/rules";
import { acceptsAddedMargin } from "@kabuto/shared/trading/rules";
import { smartRoute } from "@kabuto/shared/trading/smart-route";
import {
  checkNewStop,
  type StopRefusal,
  stopHold,
  stopHoldUnits,
  trailStart,
} from "@kabuto/shared/trading/stops";
import { defaultTerms } from "@kabuto/shared/trading/terms";
import { firstValidDate, validDateFor } from "@kabuto/shared/trading/validity";
import { coalesced } from "../db/coalesce.ts";
import type { Db } from "../db/database.ts";
import { AppError } from "../errors.ts";
import { type AccountEvents, type MemberEvent, transactThenEmit } from "../events/account-events.ts";
import { type Claim, type Keyed, storedResult, underClaim } from "../idempotency/claims.ts";
import { numericId } from "../ids.ts";
import { findMember, isDayTradeApproved, isMemberId } from "../kernel/members.repo.ts";
import type { OnPositionClose } from "../kernel/product.ts";
import type { JournalDraft } from "../ledger/journal.ts";
import {
  lockAvailable,
  lockAvailables,
  memberBalances,
  postJournal,
  postJournals,
} from "../ledger/ledger.repo.ts";
import type { PushService } from "../push/push.service.ts";
import type { PushNotice } from "../push/push-text.ts";
import { accountSummary, fundRecords } from "./account.repo.ts";
import type { NewOpening } from "./batch.repo.ts";
import {
  addMarginJournal,
  type CloseReason,
  type Closing,
  closeJournals,
  dayTradeOpenJournals,
  holdJournal,
  type Opening,
  type OpeningVenue,
  openJournals,
  releaseJournal,
  restingHold,
} from "./drafts.ts";
import { type FillBookRow, insertFillBooks } from "./fill-books.repo.ts";
import { alone, type BatchSettings, OrderBatcher } from "./order-batch.ts";
import {
  addPositionMargin,
  type Conn,
  cancelClosingStops,
  cancelClosingStopsOf,
  cancelOrderRow,
  closePositionRow,
  closePositionRows,
  fillClosingOrderRow,
  findPosition,
  fireStopRow,
  insertDayOrder,
  insertOpenings,
  insertRestingOrder,
  isOpenMirror,
  type LockedOrder,
  listDayTrades,
  listOrders,
  listPositions,
  lockOrder,
  lockPosition,
  lockPositions,
  type MemberFlags,
  marketOf,
  type OrderRoute,
  type OwnedPosition,
  placeAttachedLegs,
  readMemberFlags,
  readMembersFlags,
  readPositions,
  reserveOpeningIds,
  routeOf,
  trailStopRow,
  tseRoute,
  writeOpening,
} from "./trading.repo.ts";

/**
 * How the worker fills an order. A pass skips an order whose row another transaction holds
 * (another worker is filling it, or a member is cancelling it): it will find it again. A stop the
 * pass has just fired waits for its row instead: the transaction holding it for a moment is most
 * often another pass's conditional update that saw the same crossing and lost the race to fire
 * it; skipped, the stop would wait for the next fill pass, a second later, rather than
 * milliseconds. The fill reads the order again once it has the row, so whoever filled it first
 * leaves it nothing to do.
 */
export interface FillOptions {
  justFired?: boolean;
}

/** A TSE auction's print as a fill's book: its kind and date, one level at its price and volume. */
export interface Cross {
  kind: "open" | "close";
  tradingDate: string;
  book: StampedBook;
}

/** Day trading's settings: each market's terms and the minutes before the close of the cut-off. */
export interface DayTradeSettings {
  terms: Record<Market, DayTradeTerms>;
  cutoffMinutes: number;
}

/**
 * Orders and positions: the use cases. Checks come first; the drafts decide every journal; the
 * repository writes them with the business rows in one transaction, the member's available-cash
 * account locked first, so two requests racing for the same cash are served one after the other.
 * Answers are domain objects; refusals are AppErrors with a code.
 */
export class TradingService {
  private readonly db: Db;
  private readonly catalog: InstrumentCatalog;
  private readonly bus: Bus;
  private readonly terms: Record<Market, MarketTerms>;
  private readonly alwaysOpen: boolean;
  private readonly now: () => number;
  private readonly events: AccountEvents;
  private readonly onClose: OnPositionClose;
  /** The member's installed apps, told of what the engine did on its own once it has committed. */
  private readonly push: Pick<PushService, "tell">;
  readonly dayTrade: DayTradeSettings;
  /** Market orders' group commit; none writes each order alone. */
  private readonly batcher: OrderBatcher | undefined;
  /** The PTS's day and night sessions (settings `PTS_DAY_HOURS`, `PTS_NIGHT_HOURS`). */
  private readonly ptsHours: PtsHours | undefined;
  /**
   * An order's quote and book, read with those of the orders that arrive with it: one read of
   * the bus (and one parse of each update) for them all, each still read after its order came.
   */
  private readonly orderSnapshots: (topics: readonly MarketTopic[]) => Promise<MarketUpdate[]>;

  constructor(deps: {
    db: Db;
    catalog: InstrumentCatalog;
    bus: Bus;
    alwaysOpen: boolean;
    now: () => number;
    terms?: Record<Market, MarketTerms>;
    dayTrade?: DayTradeSettings;
    events?: AccountEvents;
    /**
     * What other products let go of as a position closes (the kernel's `onPositionClose`: a block
     * sell bid's held charges). The product always passes it; a service built for one flow alone
     * (a demo lead's history, whose positions nothing else holds) may leave it out.
     */
    onClose?: OnPositionClose;
    /**
     * Web Push: a fired stop, a worker's fill, a lapsed order and a margin call are pushed to the
     * member's installed apps (`push.tell`). None tells no device (a service built for one flow).
     */
    push?: Pick<PushService, "tell">;
    /** Write market orders in batches (see `OrderBatcher`); a batch of at most one writes each alone. */
    batch?: BatchSettings;
    /** The PTS's hours; none keeps J-Market's (`defaultPtsHours`). */
    ptsHours?: PtsHours;
  }) {
    this.db = deps.db;
    this.catalog = deps.catalog;
    this.bus = deps.bus;
    this.terms = deps.terms ?? defaultTerms;
    this.alwaysOpen = deps.alwaysOpen;
    this.now = deps.now;
    this.events = deps.events ?? (() => undefined);
    this.onClose = deps.onClose ?? (async () => undefined);
    this.push = deps.push ?? { tell: async () => undefined };
    this.dayTrade = deps.dayTrade ?? {
      terms: defaultDayTradeTerms,
      cutoffMinutes: defaultDayTradeCutoffMinutes,
    };
    this.batcher = deps.batch && deps.batch.max > 1 ? new OrderBatcher(deps.db, deps.batch) : undefined;
    this.ptsHours = deps.ptsHours;
    this.orderSnapshots = coalesced(async (lists: readonly (readonly MarketTopic[])[]) => {
      const updates = await deps.bus.snapshots([...new Set(lists.flat())]);
      const byTopic = new Map<string, MarketUpdate>(updates.map((update) => [update.topic, update]));
      return lists.map((topics) => topics.flatMap((topic) => byTopic.get(topic) ?? []));
    });
  }

  /** The PTS's phase at an instant: its day or night session, or closed (`ptsSessionAt`). */
  ptsSession(atMs: number): PtsSessionState {
    return ptsSessionAt(atMs, {
      alwaysOpen: this.alwaysOpen,
      ...(this.ptsHours ? { hours: this.ptsHours } : {}),
    });
  }

  /** Today's cut-off in a market at this instant (see `dayTradeCutoffMs`). */
  dayTradeCutoff(market: Market, atMs: number): number | undefined {
    return dayTradeCutoffMs(market, atMs, this.cutoffOptions());
  }

  /** Whether a new day trade may open in a market now: a regular session before the cut-off. */
  dayTradeOpen(market: Market, atMs: number): boolean {
    return (
      dayTradeOpenAllowed(market, atMs, this.cutoffOptions()) &&
      sessionAt(market, atMs, { alwaysOpen: this.alwaysOpen }).phase === "regular"
    );
  }

  dayTrades(memberId: string, status?: Position["status"]): Promise<Position[]> {
    return listDayTrades(this.db, memberId, status);
  }

  private cutoffOptions() {
    return { cutoffMinutes: this.dayTrade.cutoffMinutes, alwaysOpen: this.alwaysOpen };
  }

  /** The tick grid of a listed instrument; undefined for one the catalog does not list. */
  tickTableOf(symbol: string): Instrument["tickTable"] | undefined {
    return this.catalog.instrumentBySymbol.get(symbol)?.tickTable;
  }

  termsOf(market: Market): MarketTerms {
    return this.terms[market];
  }

  async orders(memberId: string, status?: Order["status"]): Promise<Order[]> {
    return this.withStopHolds(await listOrders(this.db, memberId, status));
  }

  /** A member's orders for the console: the same list the member reads. */
  async memberOrders(memberId: string, status?: Order["status"]): Promise<Order[]> {
    if (!isMemberId(memberId) || !(await findMember(this.db, memberId)))
      throw new AppError("MEMBER_NOT_FOUND");
    return this.withStopHolds(await listOrders(this.db, memberId, status));
  }

  /**
   * Marks the waiting stops the engine holds now (`stopHold`, the rule its pass skips a symbol
   * by), so the member reads why a stop the price crossed has not fired. One read of the bus's
   * newest quotes for the symbols of the list's waiting stops; none when it has none.
   */
  private async withStopHolds(list: Order[]): Promise<Order[]> {
    const waiting = (order: Order) =>
      order.status === "pending" && order.triggerPrice !== null && order.triggeredAtMs === null;
    const symbols = list.filter(waiting).map((order) => order.symbol);
    if (symbols.length === 0) return list;
    const quotes = await this.quotes(symbols);
    const nowMs = this.now();
    return list.map((order) => {
      if (!waiting(order)) return order;
      const regular =
        sessionAt(marketOf(order.symbol), nowMs, { alwaysOpen: this.alwaysOpen }).phase === "regular";
      return { ...order, stopHold: stopHold(quotes.get(order.symbol)?.quoteMs, nowMs, regular) };
    });
  }

  positions(memberId: string, status?: Position["status"]): Promise<Position[]> {
    return listPositions(this.db, memberId, status);
  }

  async position(memberId: string, positionId: string): Promise<Position> {
    const position = await findPosition(this.db, memberId, numericId(positionId, "POSITION_NOT_FOUND"));
    if (!position) throw new AppError("POSITION_NOT_FOUND");
    return position;
  }

  account(memberId: string): Promise<AccountSummary> {
    return accountSummary(this.db, memberId);
  }

  fundRecords(
    memberId: string,
    query: { type?: FundRecordKind | undefined; before?: number | undefined; limit: number },
  ): Promise<{ items: FundRecord[] }> {
    return fundRecords(this.db, memberId, query);
  }

  async placeOrder(memberId: string, order: OrderRequest, claim?: Claim): Promise<Keyed<Order>> {
    const instrument = this.catalog.instrumentBySymbol.get(order.symbol);
    if (!instrument) throw new AppError("PRODUCT_NOT_FOUND");
    const market = instrument.market;
    if (!isWholeUnits(market, order.quantity))
      throw new AppError("QUANTITY_INVALID", { lotSize: instrument.lotSize });
    // Only Tokyo's names have a second venue; none named is the TSE, as before the PTS.
    if (order.venue !== undefined && market !== "JP") throw new AppError("VENUE_INVALID");
    const refusal = conditionRefusal({
      market,
      venue: order.venue,
      type: order.type,
      condition: order.condition,
      hasIfd: order.ifd !== undefined,
      closesPosition: order.closesPositionId !== undefined,
      dayTrade: order.dayTrade,
      validUntil: order.validUntil,
    });
    if (refusal) throw new AppError(refusal);
    const venue = order.venue ?? "tse";
    if (venue !== "tse" && order.dayTrade) throw new AppError("DAY_TRADE_TSE_ONLY");
    if (venue === "pts") return this.placePts(memberId, order, instrument, claim);
    if (venue === "smart" && order.type !== "market") throw new AppError("SMART_ROUTE_MARKET_ONLY");
    // A validity is checked before anything is read, so a bad one is refused whatever the market does.
    const validDate = this.validDate(order, market);
    // IFD legs go with resting orders that open a position: a market order's position takes its
    // stop-loss and take-profit from the position's screen.
    if (
      order.ifd !== undefined &&
      (order.type === "market" ||
        order.dayTrade ||
        order.closesPositionId !== undefined ||
        order.session !== "regular")
    )
      throw new AppError("IFD_INVALID");
    if (order.dayTrade) return this.placeDayTrade(memberId, order, market, claim);
    if (order.type === "stop" || order.type === "stop_limit")
      return this.placeStop(memberId, order, instrument, validDate, claim);
    if (order.closesPositionId !== undefined) {
      if (order.type !== "limit") throw new AppError("CLOSE_ORDER_INVALID", { type: order.type });
      return this.placeClosingLimit(memberId, order, instrument, order.closesPositionId, validDate, claim);
    }
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
      if (venue === "smart") return this.placeSmart(memberId, order, market, phase, book, nowMs, claim);
      if (phase !== "regular") throw new AppError("OUTSIDE_TRADING_HOURS", { phase });
      if (!book) throw new AppError("PRICE_UNAVAILABLE");
      const fill = walkStampedBook(book, market, order.side, order.quantity);
      if (!fill) throw new AppError("BOOK_TOO_THIN");
      return this.openMarketAndTell(memberId, order, market, fill, nowMs, claim, false);
    }
    if (order.session === "extended" && market !== "US") throw new AppError("SESSION_INVALID");
    const limitUnits = this.checkLimitPrice(order, instrument.tickTable, market, quote);
    if (isAuctionOnly(order.condition)) {
      // 寄付 and 引け wait for the next auction of their kind; around the clock there is none.
      if (this.alwaysOpen) throw new AppError("CONDITION_NO_AUCTION");
      const auctionDate = nextAuctionDate(order.condition, nowMs);
      return this.keyed(
        memberId,
        claim,
        nowMs,
        (tx) => this.restLimit(tx, memberId, order, market, limitUnits, auctionDate, undefined, nowMs),
        (placed) => [
          { type: "order", id: placed.id },
          { type: "balance", id: placed.currency },
        ],
      );
    }
    if (order.condition === "ioc") {
      // Immediate or cancelled: only while the TSE trades, on the book as it is now.
      if (phase !== "regular") throw new AppError("OUTSIDE_TRADING_HOURS", { phase });
      if (!book) throw new AppError("PRICE_UNAVAILABLE");
      return this.placeIoc(memberId, order, market, limitUnits, validDate, book, nowMs, claim);
    }
    const ifdLegs = attachedLegs(order, instrument, limitUnits);
    return this.keyed(
      memberId,
      claim,
      nowMs,
      (tx) => this.restLimit(tx, memberId, order, market, limitUnits, validDate, ifdLegs, nowMs),
      (placed) => [
        { type: "order", id: placed.id },
        { type: "balance", id: placed.currency },
      ],
    );
  }

  /**
   * The trading date an order rests until (`validDateFor`): the member's `validUntil` within the
   * cap, or the first date it can trade on. Market orders and day trades live that one day only.
   */
  private validDate(order: OrderRequest, market: Market): string {
    const chosen = validDateFor(
      market,
      {
        session: order.session,
        dayOnly: order.dayTrade || order.type === "market",
        validUntil: order.validUntil,
      },
      this.now(),
      { alwaysOpen: this.alwaysOpen },
    );
    if ("refusal" in chosen) {
      const { code, ...details } = chosen.refusal;
      throw new AppError(code, Object.keys(details).length > 0 ? details : undefined);
    }
    return chosen.validDate;
  }

  /**
   * A limit order sent to the PTS: in its day or night session, on its grid (a tenth of the TSE's),
   * within the daily limits its quote states, good for the session it is placed in (it lapses when
   * that session ends), leveraged only while the TSE is in its session (a night order is cash).
   * It opens a position, or closes one (how a member closes at night); it rests until the PTS's
   * book reaches its price (the worker fills it there).
   */
  private async placePts(
    memberId: string,
    order: OrderRequest,
    instrument: Instrument,
    claim: Claim | undefined,
  ): Promise<Keyed<Order>> {
    if (order.type === "market") throw new AppError("PTS_MARKET_ORDER");
    if (order.type !== "limit") throw new AppError("PTS_STOP_ORDER");
    if (order.ifd !== undefined) throw new AppError("IFD_INVALID");
    if (order.session !== "regular") throw new AppError("SESSION_INVALID");
    if (order.validUntil !== undefined) throw new AppError("VALIDITY_DAY_ONLY");
    const market = instrument.market;
    const nowMs = this.now();
    const pts = this.ptsSession(nowMs);
    if (pts.phase === "closed") throw new AppError("PTS_CLOSED", { nextOpenMs: pts.nextChangeMs });
    const closes = order.closesPositionId;
    if (closes === undefined) {
      if (!this.terms[market].leverages.includes(order.leverage))
        throw new AppError("LEVERAGE_INVALID", { allowed: this.terms[market].leverages });
      if (order.leverage > 1 && sessionAt(market, nowMs, { alwaysOpen: this.alwaysOpen }).phase !== "regular")
        throw new AppError("PTS_MARGIN_CLOSED");
    }
    const [quote] = await this.ptsMarketState(order.symbol);
    const limitUnits = this.checkLimitPrice(order, ptsTickTable(instrument.tickTable), market, quote);
    // The session's business day (a night trade counts for the next one) and its end.
    const venue = { validDate: pts.tradingDate, pts: { lapsesAtMs: pts.nextChangeMs } };
    if (closes !== undefined)
      return this.restClosingLimit(memberId, order, closes, { limitUnits, nowMs, ...venue }, claim);
    return this.keyed(
      memberId,
      claim,
      nowMs,
      (tx) =>
        this.restLimit(tx, memberId, order, market, limitUnits, venue.validDate, undefined, nowMs, venue.pts),
      (placed) => [
        { type: "order", id: placed.id },
        { type: "balance", id: placed.currency },
      ],
    );
  }

  /**
   * A market order by the smart route: both books read as it arrives, the PTS's levels taken
   * where strictly better than the TSE's, the rest at the TSE (`smartRoute`), while the TSE is in
   * its regular session and the PTS open. Written as any market order (batched, under its key),
   * with its route and saving on the order and in the opening's memo.
   */
  private async placeSmart(
    memberId: string,
    order: OrderRequest,
    market: Market,
    phase: string,
    book: StampedBook | undefined,
    nowMs: number,
    claim: Claim | undefined,
  ): Promise<Keyed<Order>> {
    if (phase !== "regular" || this.ptsSession(nowMs).phase === "closed")
      throw new AppError("SMART_ROUTE_CLOSED", { phase });
    if (!book) throw new AppError("PRICE_UNAVAILABLE");
    const [, ptsBook] = await this.ptsMarketState(order.symbol);
    const route = smartRoute(book, ptsBook, market, order.side, order.quantity);
    if (!route) throw new AppError("BOOK_TOO_THIN");
    const routed = { venue: "smart" as const, ptsQuantity: route.ptsQuantity, savedMinor: route.savedMinor };
    return this.openMarketAndTell(memberId, order, market, route.fill, nowMs, claim, false, routed);
  }

  /**
   * A day trade: an approved member's market order in a regular session before the day's cut-off,
   * opened under the day-trade margin rule. A retry of one that went through gets its first
   * answer, even past the cut-off.
   */
  private async placeDayTrade(
    memberId: string,
    order: OrderRequest,
    market: Market,
    claim: Claim | undefined,
  ): Promise<Keyed<Order>> {
    if (order.type !== "market" || order.session !== "regular") throw new AppError("DAY_TRADE_MARKET_ONLY");
    if (!(await isDayTradeApproved(this.db, memberId))) throw new AppError("DAY_TRADE_NOT_APPROVED");
    const nowMs = this.now();
    const phase = sessionAt(market, nowMs, { alwaysOpen: this.alwaysOpen }).phase;
    if (phase !== "regular") throw new AppError("OUTSIDE_TRADING_HOURS", { phase });
    if (!dayTradeOpenAllowed(market, nowMs, this.cutoffOptions())) {
      throw new AppError("DAY_TRADE_CUTOFF_PASSED", { cutoffMs: this.dayTradeCutoff(market, nowMs) ?? null });
    }
    const [, book] = await this.marketState(order.symbol);
    if (!book) throw new AppError("PRICE_UNAVAILABLE");
    const fill = walkStampedBook(book, market, order.side, order.quantity);
    if (!fill) throw new AppError("BOOK_TOO_THIN");
    const leverage = dayTradeLeverageWhole(this.dayTrade.terms[market].marginPct);
    return this.openMarketAndTell(memberId, { ...order, leverage }, market, fill, nowMs, claim, true);
  }

  private async openMarketAndTell(
    memberId: string,
    order: OrderRequest,
    market: Market,
    fill: BookFill,
    nowMs: number,
    claim: Claim | undefined,
    dayTrade: boolean,
    routed: OrderRoute = tseRoute(order.symbol),
  ): Promise<Keyed<Order>> {
    const placed = await this.openMarket(memberId, order, market, fill, nowMs, claim, dayTrade, routed);
    if (!placed.replayed) {
      const { id, positionId, currency } = placed.value;
      this.emit(
        memberId,
        { type: "order", id },
        { type: "position", id: positionId ?? "" },
        { type: "balance", id: currency },
      );
    }
    return placed;
  }

  async cancelOrder(memberId: string, orderId: string, claim?: Claim): Promise<Keyed<Order>> {
    const nowMs = this.now();
    return this.keyed(
      memberId,
      claim,
      nowMs,
      async (tx) => {
        const locked = await lockOrder(tx, numericId(orderId), { memberId });
        if (!locked) throw new AppError("ORDER_NOT_FOUND");
        if (locked.order.status !== "pending") throw new AppError("ORDER_NOT_PENDING");
        return this.cancelLocked(tx, locked, nowMs);
      },
      (cancelled) => [
        { type: "order", id: cancelled.id },
        { type: "balance", id: cancelled.currency },
      ],
    );
  }

  /**
   * Closes a holding position at market, for the member (`member`) or the house (`margin_call`,
   * `day_trade_cutoff`). A cut-off close also tells the member's account topic it happened; a
   * margin call tells it too and, once committed, pushes to the member's installed apps.
   */
  async closePosition(
    memberId: string,
    positionId: string,
    claim?: Claim,
    reason: CloseReason = "member",
  ): Promise<Keyed<Position>> {
    const nowMs = this.now();
    const closed = await this.keyed(
      memberId,
      claim,
      nowMs,
      async (tx) => {
        const position = await this.lockClosing(tx, memberId, positionId, nowMs);
        // A mirror of a lead's position closes through its copy (follow trading), so its
        // proceeds return to the copy; a margin call still closes it, and the copy catches up.
        if (reason === "member" && (await isOpenMirror(tx, Number(position.id))))
          throw new AppError("POSITION_MIRRORED");
        if (position.lockedUntilMs !== null && position.lockedUntilMs > nowMs) {
          throw new AppError("POSITION_LOCKED", { untilMs: position.lockedUntilMs });
        }
        const market = marketOf(position.symbol);
        if (sessionAt(market, nowMs, { alwaysOpen: this.alwaysOpen }).phase !== "regular") {
          throw new AppError("OUTSIDE_TRADING_HOURS");
        }
        const [, book] = await this.marketState(position.symbol);
        if (!book) throw new AppError("PRICE_UNAVAILABLE");
        const closingSide: Side = position.side === "long" ? "short" : "long";
        const fill = walkStampedBook(book, market, closingSide, position.quantity);
        if (!fill) throw new AppError("BOOK_TOO_THIN");
        return this.settleClose(tx, memberId, position, market, fill, reason, nowMs);
      },
      (closed) => [
        { type: "position", id: closed.id },
        { type: "balance", id: closed.currency },
        ...(reason === "day_trade_cutoff" ? [{ type: "day_trade_cutoff" as const, id: closed.id }] : []),
        ...(reason === "margin_call" ? [{ type: "margin_call" as const, id: closed.id }] : []),
      ],
    );
    // The close is one conditional change of a holding position: a later pass finds it closed.
    if (reason === "margin_call" && !closed.replayed) {
      const { id, symbol, side, quantity, closePrice } = closed.value;
      this.tell(memberId, { type: "margin_call", id, symbol, side, quantity, closePrice: closePrice ?? "" });
    }
    return closed;
  }

  /**
   * Opens market positions for a set of members inside the caller's transaction, for a flow that
   * pays for them from elsewhere (follow trading's mirrors of one lead position into its copies):
   * for each member the opening a member's market order writes, with the same checks, fill and
   * journals, in a few statements whatever the set's size. The session and the book are read once;
   * each quantity walks the book for its own fill. `fund` gets the cost (margin and fee) of each
   * opening still going ahead (by its index in `wanted`) and answers, for each, the journal that
   * pays it into available cash (written just before its opening) or the refusal that leaves that
   * member out. A refusal of the whole set (a closed market, no book) is thrown, as `placeOrder`
   * would; one member's (their quantity, a book too thin for it, their flags, their funds) is that
   * member's answer alone, in `wanted`'s order.
   */
  async openManyWithin(
    tx: Conn,
    order: Pick<OrderRequest, "symbol" | "side" | "leverage">,
    wanted: readonly { memberId: string; quantity: number }[],
    nowMs: number,
    fund: (
      costs: readonly { index: number; cost: bigint }[],
    ) => Promise<readonly (JournalDraft | AppError)[]>,
  ): Promise<({ orderId: string; positionId: string; currency: Currency } | AppError)[]> {
    const instrument = this.catalog.instrumentBySymbol.get(order.symbol);
    if (!instrument) throw new AppError("PRODUCT_NOT_FOUND");
    const market = instrument.market;
    if (sessionAt(market, nowMs, { alwaysOpen: this.alwaysOpen }).phase !== "regular")
      throw new AppError("OUTSIDE_TRADING_HOURS");
    const [, book] = await this.marketState(order.symbol);
    if (!book) throw new AppError("PRICE_UNAVAILABLE");
    const currency = marketCurrency[market];
    const flags = await readMembersFlags(
      tx,
      wanted.map((each) => each.memberId),
    );
    // Every member of a given quantity gets the same fill: the book is read, not consumed.
    const fills = new Map<number, BookFill | undefined>();
    const going: { index: number; opening: Opening; fill: BookFill }[] = [];
    const answers: ({ orderId: string; positionId: string; currency: Currency } | AppError | undefined)[] =
      wanted.map(({ memberId, quantity }, index) => {
        if (!isWholeUnits(market, quantity)) return new AppError("QUANTITY_INVALID");
        if (!fills.has(quantity)) fills.set(quantity, walkStampedBook(book, market, order.side, quantity));
        const fill = fills.get(quantity);
        if (!fill) return new AppError("BOOK_TOO_THIN");
        const opening = openJournals({
          memberId,
          market,
          terms: this.terms[market],
          ...order,
          quantity,
          fill,
        });
        const barred = barredRefusal(flags.get(memberId));
        if (barred) return barred;
        going.push({ index, opening, fill });
        return undefined;
      });
    const funding = await fund(
      going.map(({ index, opening }) => ({ index, cost: opening.margin + opening.fee })),
    );
    const funded = going.flatMap((each, n) => {
      const paid = funding[n];
      if (paid === undefined) throw new Error("fund answered fewer openings than it was given");
      if (paid instanceof AppError) answers[each.index] = paid;
      return paid instanceof AppError ? [] : [{ ...each, paid }];
    });
    const ids = await reserveOpeningIds(tx, funded.length);
    const rows = funded.map((each, n) => {
      const reserved = ids[n];
      if (!reserved) throw new Error("fewer opening ids than openings");
      return { ...each, ...reserved, ...(wanted[each.index] as (typeof wanted)[number]) };
    });
    await postJournals(
      tx,
      rows.flatMap((row) => [
        row.paid,
        ...row.opening.journals.map((journal) => ({ ...journal, ref: `position:${row.positionId}` })),
      ]),
      nowMs,
    );
    await insertOpenings(
      tx,
      rows.map((row) => ({
        ...order,
        ...row.opening,
        ...row,
        currency,
        nowMs,
        routed: tseRoute(order.symbol),
      })),
    );
    for (const row of rows)
      answers[row.index] = { orderId: row.orderId, positionId: row.positionId, currency };
    return answers.map((answer) => {
      if (!answer) throw new Error("an opening of the set went unanswered");
      return answer;
    });
  }

  /**
   * Closes a set of holding positions in one instrument at market inside the caller's transaction,
   * for a flow that closes many at once (follow trading's mirrors of one lead position): for each
   * the close `closeWithin` writes, with the same fill, journals, fill book and cancelled stops, in
   * a few statements whatever the set's size. The session and the book are read once, before
   * anything is written; each quantity walks the book for its own fill. What other products hold
   * against the positions is let go of (`onClose`) before and again under the positions' locks, as
   * `lockClosing` does; positions are locked in id order, then the members' available cash in
   * member order, the order `postJournals` locks in, so sets that share members queue. A refusal
   * of the whole set (a closed market, no book) is thrown; one position's (not there or no longer
   * held, a book too thin for its quantity) is that position's answer alone, in `wanted`'s order.
   * `settle` gets, for each position closing (by its index in `wanted`), how much the close moves
   * its member's available cash (what it brought, less what it cost: negative for a loss past the
   * margin), and answers journals of the caller's that move it on (a copy taking its proceeds
   * back), written with the closes' journals in the same statement.
   */
  async closeManyWithin(
    tx: Conn,
    symbol: string,
    wanted: readonly { memberId: string; positionId: string }[],
    nowMs: number,
    settle: (
      changes: readonly { index: number; availableChange: bigint }[],
    ) => Promise<readonly JournalDraft[]>,
  ): Promise<({ positionId: string; currency: Currency } | AppError)[]> {
    const instrument = this.catalog.instrumentBySymbol.get(symbol);
    if (!instrument) throw new AppError("PRODUCT_NOT_FOUND");
    const market = instrument.market;
    if (sessionAt(market, nowMs, { alwaysOpen: this.alwaysOpen }).phase !== "regular")
      throw new AppError("OUTSIDE_TRADING_HOURS");
    const [, book] = await this.marketState(symbol);
    if (!book) throw new AppError("PRICE_UNAVAILABLE");
    const currency = marketCurrency[market];
    // Every position of a given side and quantity gets the same fill: the book is read, not consumed.
    const fills = new Map<string, BookFill | undefined>();
    const fillOf = (position: OwnedPosition) => {
      const key = `${position.side}/${position.quantity}`;
      if (!fills.has(key))
        fills.set(
          key,
          walkStampedBook(book, market, position.side === "long" ? "short" : "long", position.quantity),
        );
      return fills.get(key);
    };
    // Which member each position must belong to, and a position's refusal until it closes.
    const owners = new Map(wanted.map((each) => [Number(each.positionId), each.memberId]));
    const refusals = new Map<number, AppError>();
    const closable = (position: OwnedPosition | undefined, id: number): position is OwnedPosition => {
      const refusal =
        position?.memberId !== owners.get(id) || position?.symbol !== symbol
          ? new AppError("POSITION_NOT_FOUND")
          : position.status !== "holding"
            ? new AppError("POSITION_NOT_HOLDING")
            : fillOf(position) === undefined
              ? new AppError("BOOK_TOO_THIN")
              : undefined;
      if (refusal) refusals.set(id, refusal);
      return refusal === undefined;
    };
    // Read before any lock, to let go of other products' holds first (their rows lock before a position's).
    const seen = new Map((await readPositions(tx, [...owners.keys()])).map((p) => [Number(p.id), p]));
    const going = [...owners.keys()].filter((id) => closable(seen.get(id), id));
    const closings = going.map((id) => ({ memberId: owners.get(id) as string, positionId: id, nowMs }));
    await this.onClose(tx, closings);
    const locked = new Map((await lockPositions(tx, going)).map((p) => [Number(p.id), p]));
    const held = going.flatMap((id) => {
      const position = locked.get(id);
      return closable(position, id) ? [position] : [];
    });
    await this.onClose(
      tx,
      held.map((position) => ({ memberId: position.memberId, positionId: Number(position.id), nowMs })),
    );
    const available = await lockAvailables(
      tx,
      held.map((position) => position.memberId),
      currency,
    );
    const closed = held.map((position) => {
      const fill = fillOf(position) as BookFill;
      const cash = available.get(position.memberId) ?? 0n;
      const closing = this.closingOf(position.memberId, position, market, fill, "member", cash);
      return { position, fill, closing, availableChange: availableChange(closing.journals, position) };
    });
    await cancelClosingStopsOf(
      tx,
      held.map((position) => Number(position.id)),
      nowMs,
    );
    const index = new Map(wanted.map((each, n) => [Number(each.positionId), n]));
    const settled = await settle(
      closed.map(({ position, availableChange }) => ({
        index: index.get(Number(position.id)) as number,
        availableChange,
      })),
    );
    await postJournals(tx, [...closed.flatMap(({ closing }) => closing.journals), ...settled], nowMs);
    await closePositionRows(
      tx,
      closed.map(({ position, closing }) => ({
        id: Number(position.id),
        ...closing,
        reason: "member",
        nowMs,
      })),
    );
    await insertFillBooks(
      tx,
      closed.map(({ position, fill, closing }) =>
        closeFillRow(position, fill, closing.closePrice, null, nowMs),
      ),
    );
    const answers = new Map(
      closed.map(({ position }) => [Number(position.id), { positionId: position.id, currency }]),
    );
    return wanted.map((each) => {
      const id = Number(each.positionId);
      const answer = answers.get(id) ?? refusals.get(id);
      if (!answer) throw new Error("a close of the set went unanswered");
      return answer;
    });
  }

  /** Closes a holding position at market inside the caller's transaction (follow trading's mirrors). */
  async closeWithin(tx: Conn, memberId: string, positionId: string, nowMs: number): Promise<Position> {
    const position = await this.lockClosing(tx, memberId, positionId, nowMs);
    const market = marketOf(position.symbol);
    if (sessionAt(market, nowMs, { alwaysOpen: this.alwaysOpen }).phase !== "regular") {
      throw new AppError("OUTSIDE_TRADING_HOURS");
    }
    const [, book] = await this.marketState(position.symbol);
    if (!book) throw new AppError("PRICE_UNAVAILABLE");
    const fill = walkStampedBook(
      book,
      market,
      position.side === "long" ? "short" : "long",
      position.quantity,
    );
    if (!fill) throw new AppError("BOOK_TOO_THIN");
    return this.settleClose(tx, memberId, position, market, fill, "member", nowMs);
  }

  /** The newest books of these symbols, as the bus holds them: the TSE's (or a US one), or the PTS's. */
  async books(symbols: readonly string[], venue: "tse" | "pts" = "tse"): Promise<Map<string, StampedBook>> {
    const unique = [...new Set(symbols)];
    if (unique.length === 0) return new Map();
    const topic = venue === "pts" ? ptsBookTopic : bookTopic;
    const updates = await this.bus.snapshots(unique.map((symbol) => topic(symbol)));
    return new Map(
      updates.map((update) => {
        const book = stamped(update);
        return [book.symbol, book];
      }),
    );
  }

  /** Moves `amount` (positive minor units, checked by the caller) from available cash to the position's margin. */
  async addMargin(
    memberId: string,
    positionId: string,
    amount: bigint,
    claim?: Claim,
  ): Promise<Keyed<Position>> {
    if (amount <= 0n) throw new AppError("AMOUNT_INVALID");
    const nowMs = this.now();
    return this.keyed(
      memberId,
      claim,
      nowMs,
      async (tx) => {
        const position = await this.lockHolding(tx, memberId, positionId);
        if (!acceptsAddedMargin(position)) throw new AppError("POSITION_NOT_LEVERAGED");
        const available = await lockAvailable(tx, memberId, position.currency);
        if (available < amount)
          throw new AppError("INSUFFICIENT_BALANCE", { available: available.toString() });
        await postJournal(tx, addMarginJournal(memberId, position.id, position.currency, amount), nowMs);
        return addPositionMargin(tx, Number(position.id), amount);
      },
      (added) => [
        { type: "position", id: added.id },
        { type: "balance", id: added.currency },
      ],
    );
  }

  /**
   * A stop or stop-limit order (逆指値): checked against the newest quote (`checkNewStop`), then
   * written as a waiting order valid for today's trading date. An opening stop holds now what it
   * could cost when it fires (`stopHoldUnits`), so it never fails for money at its trigger; a
   * closing stop holds nothing, since closing frees the position's margin.
   */
  private async placeStop(
    memberId: string,
    order: OrderRequest,
    instrument: Instrument,
    validDate: string,
    claim: Claim | undefined,
  ): Promise<Keyed<Order>> {
    const market = instrument.market;
    const closes = order.closesPositionId;
    if (closes === undefined && !this.terms[market].leverages.includes(order.leverage)) {
      throw new AppError("LEVERAGE_INVALID", { allowed: this.terms[market].leverages });
    }
    const trailUnits = this.checkTrail(order, market);
    if (trailUnits === null && order.triggerPrice === undefined) throw new AppError("TRIGGER_REQUIRED");
    const typedTrigger =
      order.triggerPrice === undefined ? undefined : priceToUnits(order.triggerPrice, market);
    if (trailUnits === null && typedTrigger === undefined) throw new AppError("TRIGGER_INVALID");
    const nowMs = this.now();
    const today = marketDate(market, nowMs);
    // Stops trigger in the regular session only; Tokyo has no other.
    if (order.session === "extended")
      throw new AppError(market === "US" ? "STOP_OUTSIDE_REGULAR" : "SESSION_INVALID");
    const phase = sessionAt(market, nowMs, { alwaysOpen: this.alwaysOpen }).phase;
    const state = await this.quoteState(order.symbol);
    if (!state) throw new AppError("PRICE_UNAVAILABLE");
    const { quote, quoteMs } = state;
    const lastUnits = priceToUnits(quote.last, market);
    if (lastUnits === undefined) throw new AppError("PRICE_UNAVAILABLE");
    // A trailing stop starts its trail from the last trade.
    const triggerUnits =
      trailUnits === null
        ? (typedTrigger as number)
        : trailStart(order.side, lastUnits, trailUnits, instrument.tickTable);
    if (triggerUnits === undefined) throw new AppError("TRAIL_INVALID", { last: quote.last });
    const limit = bandUnits(quote, market);
    const refusal = checkNewStop(
      order.side,
      triggerUnits,
      { market, table: instrument.tickTable, lastUnits, quoteMs, limit, phase },
      nowMs,
    );
    if (refusal) throw new AppError(refusal.code, refusalDetails(refusal, quote));
    const limitUnits =
      order.type === "stop_limit" ? this.checkLimitPrice(order, instrument.tickTable, market, quote) : null;
    const ifdLegs = attachedLegs(order, instrument, limitUnits ?? triggerUnits);
    const stop = {
      memberId,
      symbol: order.symbol,
      side: order.side,
      type: order.type as "stop" | "stop_limit",
      quantity: order.quantity,
      leverage: order.leverage,
      limitUnits,
      triggerUnits,
      trailUnits,
      validDate,
      nowMs,
    };
    return this.keyed(
      memberId,
      claim,
      nowMs,
      async (tx) => {
        refuseBarred(await readMemberFlags(tx, memberId));
        if (closes !== undefined) return this.restClosingOrder(tx, { ...stop, closesPositionId: closes });
        const held = restingHold({
          market,
          terms: this.terms[market],
          ...order,
          limitUnits: stopHoldUnits(
            order.side,
            { triggerUnits, limitUnits },
            upperLimitUntil(limit, triggerUnits, instrument, validDate !== today),
          ),
        });
        const currency = marketCurrency[market];
        const available = await lockAvailable(tx, memberId, currency);
        if (available < held) {
          throw new AppError("INSUFFICIENT_BALANCE", {
            required: held.toString(),
            available: available.toString(),
            currency,
          });
        }
        const placed = await insertDayOrder(tx, { ...stop, closesPositionId: null, held, ifdLegs });
        await postJournal(tx, holdJournal(memberId, placed.id, currency, held), nowMs);
        return placed;
      },
      (placed) => [
        { type: "order", id: placed.id },
        { type: "balance", id: placed.currency },
      ],
    );
  }

  /**
   * A limit order that closes the whole of a holding position when the book reaches its price (a
   * take-profit): valid for today, holding nothing, in the regular session like a member's close.
   * Beside a closing stop on the same position it makes an OCO: whichever closes the position
   * first cancels the other (`settleClose`), and neither holds money.
   */
  private async placeClosingLimit(
    memberId: string,
    order: OrderRequest,
    instrument: Instrument,
    closes: string,
    validDate: string,
    claim: Claim | undefined,
  ): Promise<Keyed<Order>> {
    const market = instrument.market;
    if (order.session !== "regular") throw new AppError("SESSION_INVALID");
    const [quote] = await this.marketState(order.symbol);
    const limitUnits = this.checkLimitPrice(order, instrument.tickTable, market, quote);
    return this.restClosingLimit(
      memberId,
      order,
      closes,
      { limitUnits, validDate, nowMs: this.now() },
      claim,
    );
  }

  /**
   * Rests a closing limit order (a take-profit at the TSE, or a close at the PTS, which carries its
   * session's end in `pts`) for the whole of a holding position, under the member's key.
   */
  private restClosingLimit(
    memberId: string,
    order: OrderRequest,
    closes: string,
    at: Pick<Parameters<typeof insertDayOrder>[1], "limitUnits" | "validDate" | "nowMs" | "pts">,
    claim: Claim | undefined,
  ): Promise<Keyed<Order>> {
    const closing = {
      memberId,
      symbol: order.symbol,
      side: order.side,
      type: "limit" as const,
      quantity: order.quantity,
      leverage: order.leverage,
      triggerUnits: null,
      closesPositionId: closes,
      ...at,
    };
    return this.keyed(
      memberId,
      claim,
      at.nowMs,
      async (tx) => {
        refuseBarred(await readMemberFlags(tx, memberId));
        return this.restClosingOrder(tx, closing);
      },
      (placed) => [{ type: "order", id: placed.id }],
    );
  }

  /** An order that closes the whole of a holding position of the member's, on the other side of it. */
  private async restClosingOrder(
    tx: Conn,
    stop: Omit<Parameters<typeof insertDayOrder>[1], "held" | "closesPositionId"> & {
      closesPositionId: string;
    },
  ): Promise<Order> {
    const position = await this.lockHolding(tx, stop.memberId, stop.closesPositionId);
    // As for a member's close: a mirror closes through its copy, a locked-up position not before its date.
    if (await isOpenMirror(tx, Number(position.id))) throw new AppError("POSITION_MIRRORED");
    if (position.lockedUntilMs !== null && position.lockedUntilMs > stop.nowMs) {
      throw new AppError("POSITION_LOCKED", { untilMs: position.lockedUntilMs });
    }
    if (
      position.symbol !== stop.symbol ||
      position.side === stop.side ||
      position.quantity !== stop.quantity
    ) {
      throw new AppError("CLOSE_ORDER_INVALID", {
        symbol: position.symbol,
        side: position.side === "long" ? "short" : "long",
        quantity: position.quantity,
      });
    }
    return insertDayOrder(tx, {
      ...stop,
      leverage: position.leverage,
      closesPositionId: Number(position.id),
      held: 0n,
    });
  }

  /** Moves a trailing stop's trigger towards the price (`trailStopRow`), and tells the member it moved. */
  async trailStop(orderId: number, memberId: string, triggerUnits: number): Promise<boolean> {
    const moved = await trailStopRow(this.db, orderId, triggerUnits, this.now());
    if (moved) this.emit(memberId, { type: "order", id: String(orderId) });
    return moved;
  }

  /**
   * Tells the members of these waiting stops that the engine started or stopped holding them
   * (`stopHold`): their lists re-read, and say so, at once rather than at their next look.
   */
  tellStopHolds(stops: readonly { id: number; memberId: string }[]): void {
    for (const stop of stops) this.emit(stop.memberId, { type: "order", id: String(stop.id) });
  }

  /**
   * Fires a waiting stop whose trigger the last trade crossed: one conditional update, so two
   * workers fire it once. The fill follows through `fillLimit` or `fillClose`, in this pass or,
   * after a crash, the next one. Tells the member it fired, on their sockets and their installed
   * apps: only the worker whose update fired it does.
   */
  async fireStop(orderId: number, memberId: string): Promise<boolean> {
    const nowMs = this.now();
    const fired = await fireStopRow(this.db, orderId, nowMs);
    if (!fired) return false;
    this.emit(memberId, { type: "order", id: fired.id }, { type: "stop_triggered", id: fired.id });
    const { id, symbol, side, quantity, triggerPrice } = fired;
    this.tell(memberId, {
      type: "stop_triggered",
      id,
      symbol,
      side,
      quantity,
      triggerPrice: triggerPrice ?? "",
    });
    return true;
  }

  /**
   * The worker's close of a position by a fired closing stop: at market for a stop, or once the
   * book reaches its limit for a stop-limit. The position is locked before the order, as every
   * close locks them, and the other stops on the position are cancelled in the same transaction.
   */
  async fillClose(
    orderId: number,
    memberId: string,
    positionId: number,
    book: StampedBook,
    options: FillOptions = {},
  ): Promise<boolean> {
    const nowMs = this.now();
    const filled = await transactThenEmit(this.db, this.events, async (tx) => {
      const position = await lockPosition(tx, memberId, positionId);
      const locked = await lockOrder(tx, orderId, { skipLocked: !options.justFired });
      if (locked?.order.status !== "pending" || locked.waiting) return { value: undefined, events: [] };
      const notice = (event: AccountEvent) => ({ memberId, event });
      if (position?.status !== "holding") {
        const cancelled = await cancelOrderRow(tx, orderId, nowMs);
        return { value: undefined, events: [notice({ type: "order", id: cancelled.id })] };
      }
      const market = marketOf(position.symbol);
      // A closing order sent to the PTS fills on the PTS's book, which the worker passes it.
      const atPts = locked.order.venue === "pts";
      const fill = walkStampedBook(
        book,
        market,
        locked.order.side,
        position.quantity,
        atPts ? "pts" : undefined,
      );
      const limit = locked.limitUnits;
      if (!fill || (limit !== null && !withinLimit(locked.order.side, fill.averageUnits, limit)))
        return { value: undefined, events: [] };
      await this.onClose(tx, [{ memberId, positionId, nowMs }]);
      const closed = await this.settleClose(tx, memberId, position, market, fill, "member", nowMs, orderId);
      const filled = await fillClosingOrderRow(
        tx,
        orderId,
        { price: closed.closePrice ?? "", ptsQuantity: atPts ? position.quantity : 0 },
        nowMs,
      );
      return {
        value: filled,
        events: [
          notice({ type: "order", id: filled.id }),
          notice({ type: "position", id: closed.id }),
          notice({ type: "balance", id: closed.currency }),
        ],
      };
    });
    if (!filled) return false;
    this.tellFilled(memberId, filled);
    return true;
  }

  /**
   * Cancels a day order (a stop) whose trading date has closed, releasing what it held, and tells
   * its member it lapsed, on their sockets and, once committed, their installed apps. Only the
   * pass that found it pending does: a retry finds it cancelled.
   */
  async expireOrder(orderId: number): Promise<boolean> {
    const nowMs = this.now();
    const expired = await transactThenEmit(this.db, this.events, async (tx) => {
      const locked = await lockOrder(tx, orderId, { skipLocked: true });
      if (locked?.order.status !== "pending") return { value: undefined, events: [] };
      const cancelled = await this.cancelLocked(tx, locked, nowMs);
      return {
        value: { memberId: locked.memberId, order: cancelled },
        events: expiryEvents(locked.memberId, cancelled),
      };
    });
    if (!expired) return false;
    this.tellExpired(expired.memberId, expired.order);
    return true;
  }

  /** The newest quotes of these symbols and when the feed published each, as the bus holds them. */
  async quotes(symbols: readonly string[]): Promise<Map<string, { quote: Quote; quoteMs: number }>> {
    const unique = [...new Set(symbols)];
    const updates = await this.bus.snapshots(unique.map((symbol) => quoteTopic(symbol)));
    return new Map(
      updates.map((update) => [
        (update.data as Quote).symbol,
        { quote: update.data as Quote, quoteMs: update.ts },
      ]),
    );
  }

  /**
   * The TSE's auction of each symbol whose newest quote is one (`Quote.cross`), as a book of one
   * level at the cross price and volume, stamped with the quote's update: what a 不成 order fills
   * on at the close, and a 寄付 or 引け order at its auction, recorded and replayed as any fill's
   * book is.
   */
  async crosses(symbols: readonly string[]): Promise<Map<string, Cross>> {
    const updates = await this.bus.snapshots([...new Set(symbols)].map((symbol) => quoteTopic(symbol)));
    const crosses = new Map<string, Cross>();
    for (const update of updates) {
      const quote = update.data as Quote;
      if (!quote.cross) continue;
      const level = { price: quote.cross.price, size: quote.cross.volume };
      const book = {
        symbol: quote.symbol,
        bids: [level],
        asks: [level],
        epoch: update.epoch,
        seq: update.seq,
      };
      crosses.set(quote.symbol, { kind: quote.cross.kind, tradingDate: quote.cross.tradingDate, book });
    }
    return crosses;
  }

  private async quoteState(symbol: string): Promise<{ quote: Quote; quoteMs: number } | undefined> {
    return (await this.quotes([symbol])).get(symbol);
  }

  /**
   * The worker's fill of a resting limit order whose price the market reached, or of a stop that
   * fired: a stop market at the book as it is, a stop-limit once the book reaches its limit.
   */
  async fillLimit(orderId: number, book: StampedBook, options: FillOptions = {}): Promise<boolean> {
    const nowMs = this.now();
    const filled = await transactThenEmit(this.db, this.events, async (tx) => {
      const locked = await lockOrder(tx, orderId, { skipLocked: !options.justFired });
      if (locked?.order.status !== "pending" || locked.waiting || locked.closesPositionId !== null)
        return { value: undefined, events: [] };
      // A market order rests only as a stop that has fired: it takes the book as it is.
      if (locked.limitUnits === null && locked.order.triggeredAtMs === null)
        return { value: undefined, events: [] };
      const filled = await this.fillLocked(tx, locked, book, nowMs, false);
      return filled
        ? {
            value: { memberId: locked.memberId, order: { ...locked.order, fillPrice: filled.fillPrice } },
            events: filled.events,
          }
        : { value: undefined, events: [] };
    });
    if (!filled) return false;
    this.tellFilled(filled.memberId, filled.order);
    return true;
  }

  /**
   * A 不成 order at the day's close: what has not filled as a limit becomes a market order, filled
   * on the book the worker passes (the closing cross, or the TSE's book as the session closed);
   * where that cannot fill it whole (or there is none), it lapses as any day order does, its hold
   * released. False when it was no longer pending.
   */
  async fillAtClose(orderId: number, book: StampedBook | undefined): Promise<boolean> {
    return this.fillAtAuction(orderId, book, "funari");
  }

  /**
   * A 寄付 or 引け order at its auction: filled whole at the cross (`book`, one level) where its
   * limit allows, else cancelled there, its hold released, as the TSE's unfilled auction orders
   * expire. False when it was no longer pending.
   */
  async fillAtCross(orderId: number, book: StampedBook): Promise<boolean> {
    return this.fillAtAuction(orderId, book, "auction");
  }

  /** `fillAtClose` and `fillAtCross`: at market for 不成, within its limit for 寄付 and 引け. */
  private async fillAtAuction(
    orderId: number,
    book: StampedBook | undefined,
    kind: "funari" | "auction",
  ): Promise<boolean> {
    const nowMs = this.now();
    type Done = { memberId: string; order: Order; outcome: "filled" | "expired" } | undefined;
    const done = await transactThenEmit<Done>(this.db, this.events, async (tx) => {
      const locked = await lockOrder(tx, orderId, { skipLocked: true });
      const condition = locked?.order.condition;
      const fits = kind === "funari" ? condition === "funari" : isAuctionOnly(condition);
      if (locked?.order.status !== "pending" || !fits) return { value: undefined, events: [] };
      const { memberId } = locked;
      const filled = book && (await this.fillLocked(tx, locked, book, nowMs, kind === "funari"));
      if (filled) {
        const order = { ...locked.order, fillPrice: filled.fillPrice };
        return { value: { memberId, order, outcome: "filled" }, events: filled.events };
      }
      // Unfilled at its auction, the order's last chance: it lapses, as the TSE's do.
      const cancelled = await this.cancelLocked(tx, locked, nowMs);
      return {
        value: { memberId, order: cancelled, outcome: "expired" },
        events: expiryEvents(memberId, cancelled),
      };
    });
    if (!done) return false;
    if (done.outcome === "filled") this.tellFilled(done.memberId, done.order);
    else this.tellExpired(done.memberId, done.order);
    return true;
  }

  /**
   * Fills a locked pending order whole on the book, within its limit unless `atMarket` (不成 at
   * the close), in the caller's transaction: its hold released, its position opened, its IFD legs
   * placed. The events to tell its member and the price it filled at, or undefined where the book
   * cannot fill it.
   */
  private async fillLocked(
    tx: Conn,
    locked: LockedOrder,
    book: StampedBook,
    nowMs: number,
    atMarket: boolean,
  ): Promise<{ events: { memberId: string; event: AccountEvent }[]; fillPrice: string } | undefined> {
    const { order, memberId } = locked;
    const limit = atMarket ? null : locked.limitUnits;
    const orderId = Number(order.id);
    const market = marketOf(order.symbol);
    // An order sent to the PTS fills on the PTS's book, which the worker passes it.
    const atPts = order.venue === "pts";
    const fill = walkStampedBook(book, market, order.side, order.quantity, atPts ? "pts" : undefined);
    if (!fill || (limit !== null && !withinLimit(order.side, fill.averageUnits, limit))) return undefined;
    await this.releaseHold(tx, locked, nowMs);
    const done: OpeningVenue | undefined = atPts
      ? { ptsQuantity: order.quantity, quantity: order.quantity }
      : undefined;
    const opening = openJournals({ memberId, market, terms: this.terms[market], ...order, fill, done });
    const routed = { venue: order.venue, ptsQuantity: atPts ? order.quantity : 0, savedMinor: 0n };
    const written = await writeOpening(
      tx,
      { memberId, ...order, ...opening, nowMs, fill, routed },
      { kind: "resting", orderId },
    );
    if (written.outcome !== "opened") throw new Error("a resting order's fill was not written");
    const legs = locked.ifdLegs
      ? await placeAttachedLegs(tx, {
          parent: order,
          memberId,
          positionId: Number(written.positionId),
          legs: locked.ifdLegs,
          validDate: laterDate(
            order.validDate,
            firstValidDate(market, "regular", nowMs, { alwaysOpen: this.alwaysOpen }),
          ),
          nowMs,
        })
      : [];
    const events: AccountEvent[] = [
      { type: "order", id: order.id },
      { type: "position", id: written.positionId },
      { type: "balance", id: order.currency },
      ...legs.map((leg) => ({ type: "order" as const, id: leg.id })),
    ];
    return { events: events.map((event) => ({ memberId, event })), fillPrice: opening.openPrice };
  }

  /** Cancels a locked pending order in the caller's transaction, releasing what it held. */
  private async cancelLocked(tx: Conn, locked: LockedOrder, nowMs: number): Promise<Order> {
    await this.releaseHold(tx, locked, nowMs);
    return cancelOrderRow(tx, Number(locked.order.id), nowMs);
  }

  /**
   * An IOC limit order, in one transaction under its key: placed and held as any limit, then at
   * once filled whole on the book it arrived with (within its limit) or cancelled, its hold
   * released. A retry under the key gets the first answer, so the hold comes back once.
   */
  private async placeIoc(
    memberId: string,
    order: OrderRequest,
    market: Market,
    limitUnits: number,
    validDate: string,
    book: StampedBook,
    nowMs: number,
    claim: Claim | undefined,
  ): Promise<Keyed<Order>> {
    return this.keyed(
      memberId,
      claim,
      nowMs,
      async (tx) => {
        const placed = await this.restLimit(
          tx,
          memberId,
          order,
          market,
          limitUnits,
          validDate,
          undefined,
          nowMs,
        );
        const locked = await lockOrder(tx, Number(placed.id), { memberId });
        if (!locked) throw new Error("an IOC order placed in this transaction is gone");
        if (!(await this.fillLocked(tx, locked, book, nowMs, false)))
          return this.cancelLocked(tx, locked, nowMs);
        const filled = await lockOrder(tx, Number(placed.id), { memberId });
        if (!filled) throw new Error("an IOC order filled in this transaction is gone");
        return filled.order;
      },
      (done) => [
        { type: "order", id: done.id },
        ...(done.positionId === null ? [] : [{ type: "position" as const, id: done.positionId }]),
        { type: "balance", id: done.currency },
      ],
    );
  }

  /**
   * A market order: the order, its position and the journals of opening, written with the
   * market orders that arrive with it in one transaction (`OrderBatcher`), or alone in one
   * statement (`writeOpening`); either reads the member's flags as stored and claims the key.
   */
  private async openMarket(
    memberId: string,
    order: OrderRequest,
    market: Market,
    fill: BookFill,
    nowMs: number,
    claim: Claim | undefined,
    dayTrade: boolean,
    routed: OrderRoute,
  ): Promise<Keyed<Order>> {
    const currency = marketCurrency[market];
    // A smart route's memo says where it was done and what it saved; a TSE order's says neither.
    const done: OpeningVenue | undefined =
      routed.venue === "smart"
        ? { ptsQuantity: routed.ptsQuantity, quantity: order.quantity, savedMinor: routed.savedMinor }
        : undefined;
    const opening = dayTrade
      ? dayTradeOpenJournals({ memberId, market, terms: this.dayTrade.terms[market], ...order, fill })
      : openJournals({ memberId, market, terms: this.terms[market], ...order, fill, done });
    const body: Omit<Order, "id" | "positionId"> = {
      symbol: order.symbol,
      side: order.side,
      type: "market",
      quantity: order.quantity,
      leverage: order.leverage,
      limitPrice: null,
      session: order.session,
      status: "filled",
      held: "0",
      currency,
      fillPrice: opening.openPrice,
      triggerPrice: null,
      triggeredAtMs: null,
      stopHold: null,
      validDate: null,
      closesPositionId: null,
      trailPrice: null,
      ifd: null,
      parentOrderId: null,
      venue: routed.venue,
      condition: null,
      route: routed.venue === null ? null : routeOf(order.quantity, routed),
      createdAtMs: nowMs,
      updatedAtMs: nowMs,
    };
    const write = { memberId, currency, ...order, ...opening, nowMs, dayTrade, fill, routed };
    const newOpening: NewOpening = { write, session: order.session, body, ...(claim ? { claim } : {}) };
    const written = await (this.batcher ? this.batcher.submit(newOpening) : alone(this.db, newOpening));
    if (written.outcome === "unaffordable") {
      const balances = await memberBalances(this.db, memberId);
      const available = balances.find((b) => b.purpose === "available" && b.currency === currency);
      throw new AppError("INSUFFICIENT_BALANCE", {
        required: (opening.margin + opening.fee).toString(),
        available: (available?.balance ?? 0n).toString(),
        currency,
      });
    }
    if (written.outcome === "opened") {
      return { replayed: false, value: { ...body, id: written.orderId, positionId: written.positionId } };
    }
    // Refused, or claimed before: a retry of an order that went through (before a flag was set,
    // or concurrently) gets its first answer.
    const stored = await storedResult(this.db, memberId, claim);
    if (stored) return { replayed: true, answer: stored };
    if (written.outcome === "barred") refuseBarred(written.flags);
    throw new Error("an idempotency key claimed but its answer not stored");
  }

  private async restLimit(
    tx: Conn,
    memberId: string,
    order: OrderRequest,
    market: Market,
    limitUnits: number,
    validDate: string,
    ifdLegs: AttachedUnits | undefined,
    nowMs: number,
    pts?: { lapsesAtMs: number | null },
  ): Promise<Order> {
    const currency = marketCurrency[market];
    // Hold what the fill can cost at most (a short can fill above its limit).
    const held = restingHold({ market, terms: this.terms[market], ...order, limitUnits });
    refuseBarred(await readMemberFlags(tx, memberId));
    const available = await lockAvailable(tx, memberId, currency);
    if (available < held) {
      throw new AppError("INSUFFICIENT_BALANCE", {
        required: held.toString(),
        available: available.toString(),
        currency,
      });
    }
    const placed = await insertRestingOrder(tx, {
      memberId,
      ...order,
      limitUnits,
      validDate,
      ifdLegs,
      held,
      nowMs,
      pts,
    });
    await postJournal(tx, holdJournal(memberId, placed.id, currency, held), nowMs);
    return placed;
  }

  private async settleClose(
    tx: Conn,
    memberId: string,
    position: Position,
    market: Market,
    fill: BookFill,
    reason: CloseReason,
    nowMs: number,
    byOrder?: number,
  ): Promise<Position> {
    // The stops that would close this position have nothing left to close (`byOrder` is the one closing it).
    await cancelClosingStops(tx, Number(position.id), nowMs, byOrder);
    const available = await lockAvailable(tx, memberId, position.currency);
    const closing = this.closingOf(memberId, position, market, fill, reason, available);
    for (const journal of closing.journals) await postJournal(tx, journal, nowMs);
    const closed = await closePositionRow(tx, Number(position.id), { ...closing, reason, nowMs });
    await insertFillBooks(tx, [closeFillRow(position, fill, closing.closePrice, byOrder ?? null, nowMs)]);
    return closed;
  }

  /** The journals and figures of a position's close at a fill (`closeJournals`), under the position's terms. */
  private closingOf(
    memberId: string,
    position: Position,
    market: Market,
    fill: BookFill,
    reason: CloseReason,
    available: bigint,
  ): Closing {
    // A day trade closes with the day-trade commission; the tax on the sale is the market's.
    const terms = position.dayTrade
      ? { feePpm: this.dayTrade.terms[market].feePpm, taxPpm: this.terms[market].taxPpm }
      : this.terms[market];
    return closeJournals({
      memberId,
      market,
      terms,
      position: {
        ...position,
        openNotional: BigInt(position.openNotional),
        margin: BigInt(position.margin),
        openFee: BigInt(position.openFee),
      },
      fill,
      reason,
      available,
    });
  }

  /** Returns a pending order's held money to available cash (cancelled, or about to fill). */
  private async releaseHold(tx: Conn, locked: LockedOrder, nowMs: number): Promise<void> {
    const { memberId, order } = locked;
    // A closing stop holds nothing.
    if (locked.held === 0n) return;
    await lockAvailable(tx, memberId, order.currency);
    await postJournal(tx, releaseJournal(memberId, order.id, order.currency, locked.held), nowMs);
  }

  /**
   * A holding position locked for its close, with what other products hold against it let go of
   * in this transaction (`onClose`: a block sell bid's charges come back and the bid is
   * withdrawn); a close refused later rolls that back too. It runs first, before the position's
   * lock, because those products lock their own rows before the position they concern, and again
   * under that lock, for what was placed against the position while this close waited for it (a
   * sell bid that committed meanwhile); usually the second run finds nothing.
   */
  private async lockClosing(
    tx: Conn,
    memberId: string,
    positionId: string,
    nowMs: number,
  ): Promise<Position> {
    const closing = { memberId, positionId: numericId(positionId), nowMs };
    await this.onClose(tx, [closing]);
    const position = await this.lockHolding(tx, memberId, positionId);
    await this.onClose(tx, [closing]);
    return position;
  }

  private async lockHolding(tx: Conn, memberId: string, positionId: string): Promise<Position> {
    const position = await lockPosition(tx, memberId, numericId(positionId));
    if (!position) throw new AppError("POSITION_NOT_FOUND");
    if (position.status !== "holding") throw new AppError("POSITION_NOT_HOLDING");
    return position;
  }

  /**
   * A trailing stop's amount in price units, or null for a plain stop: a positive price, with no
   * trigger of its own, on a stop market that closes a position.
   */
  private checkTrail(order: OrderRequest, market: Market): number | null {
    if (order.trailPrice === undefined) return null;
    if (order.type !== "stop" || order.closesPositionId === undefined) throw new AppError("TRAIL_CLOSE_ONLY");
    const units = priceToUnits(order.trailPrice, market);
    if (units === undefined || units <= 0 || order.triggerPrice !== undefined)
      throw new AppError("TRAIL_INVALID");
    return units;
  }

  /** A limit price in units: on the grid (the PTS's names its tick), within the quote's daily limits. */
  private checkLimitPrice(order: OrderRequest, table: TickTable, market: Market, quote?: Quote): number {
    if (order.price === undefined) throw new AppError("PRICE_REQUIRED");
    const units = priceToUnits(order.price, market);
    if (units === undefined || units <= 0) throw new AppError("PRICE_INVALID");
    if (!isOnTick(table, units)) {
      if (table === "pts_tse" || table === "pts_topix500")
        throw new AppError("PTS_PRICE_OFF_TICK", { tick: unitsToPrice(tickUnits(table, units), market) });
      throw new AppError("PRICE_OFF_TICK");
    }
    if (quote?.limitUp && quote.limitDown) {
      const up = priceToUnits(quote.limitUp, market) as number;
      const down = priceToUnits(quote.limitDown, market) as number;
      if (units > up || units < down) {
        throw new AppError("PRICE_LIMIT_EXCEEDED", { limitUp: quote.limitUp, limitDown: quote.limitDown });
      }
    }
    return units;
  }

  /** The PTS's quote and book; its quote's limits are the TSE's from the PTS's base price. */
  private async ptsMarketState(symbol: string): Promise<[Quote | undefined, StampedBook | undefined]> {
    const updates = await this.orderSnapshots([ptsQuoteTopic(symbol), ptsBookTopic(symbol)]);
    const quote = updates.find((update) => update.topic === ptsQuoteTopic(symbol))?.data as Quote | undefined;
    const book = updates.find((update) => update.topic === ptsBookTopic(symbol));
    return [quote, book && stamped(book)];
  }

  private async marketState(symbol: string): Promise<[Quote | undefined, StampedBook | undefined]> {
    const updates = await this.orderSnapshots([quoteTopic(symbol), bookTopic(symbol)]);
    const quote = updates.find((update) => update.topic === quoteTopic(symbol))?.data as Quote | undefined;
    const book = updates.find((update) => update.topic === bookTopic(symbol));
    return [quote, book && stamped(book)];
  }

  /**
   * Runs the action in one transaction under the key's claim, and tells the member's sockets
   * what changed only once it has committed (a replayed answer tells nothing new).
   */
  private keyed<T>(
    memberId: string,
    claim: Claim | undefined,
    nowMs: number,
    action: (tx: Conn) => Promise<T>,
    eventsOf: (value: T) => AccountEvent[],
  ): Promise<Keyed<T>> {
    return transactThenEmit(this.db, this.events, async (tx) => {
      const keyed = await underClaim(tx, memberId, claim, nowMs, () => action(tx));
      const events = keyed.replayed ? [] : eventsOf(keyed.value).map((event) => ({ memberId, event }));
      return { value: keyed, events };
    });
  }

  private emit(memberId: string, ...events: AccountEvent[]): void {
    for (const event of events) this.events(memberId, event);
  }

  /**
   * Pushes a committed notice to the member's installed apps. Not awaited: a slow push service
   * must hold up neither the worker's pass nor a request (the push service logs its failures).
   */
  private tell(memberId: string, notice: PushNotice): void {
    void this.push.tell(memberId, notice);
  }

  /** A resting order the worker filled (a limit the market reached, a fired stop, an auction's). */
  private tellFilled(memberId: string, order: Order): void {
    const { id, symbol, side, quantity, fillPrice } = order;
    this.tell(memberId, { type: "order_filled", id, symbol, side, quantity, fillPrice: fillPrice ?? "" });
  }

  /** A resting order that lapsed unfilled at its validity's end. */
  private tellExpired(memberId: string, order: Order): void {
    const { id, symbol, side, quantity, type, limitPrice, triggerPrice } = order;
    this.tell(memberId, {
      type: "order_expired",
      id,
      symbol,
      side,
      quantity,
      orderType: type,
      limitPrice,
      triggerPrice,
    });
  }
}

/** What a lapsed order tells its member's sockets: that it lapsed, and the order and cash it released. */
function expiryEvents(memberId: string, order: Order): MemberEvent[] {
  return [
    { memberId, event: { type: "order", id: order.id } },
    { memberId, event: { type: "balance", id: order.currency } },
    { memberId, event: { type: "order_expired", id: order.id } },
  ];
}

/** The book a market update carried, with the feed's epoch and seq of the update. */
function stamped(update: MarketUpdate): StampedBook {
  return { ...(update.data as Book), epoch: update.epoch, seq: update.seq };
}

/** Whether a fill's average price keeps to a limit: a buy at or below it, a sell at or above. */
function withinLimit(side: Side, averageUnits: number, limitUnits: number): boolean {
  return side === "long" ? averageUnits <= limitUnits : averageUnits >= limitUnits;
}

/** The day's band of a quote in price units; null where the market has none. */
function bandUnits(quote: Quote, market: Market): { upUnits: number; downUnits: number } | null {
  const up = quote.limitUp === null ? undefined : priceToUnits(quote.limitUp, market);
  const down = quote.limitDown === null ? undefined : priceToUnits(quote.limitDown, market);
  return up === undefined || down === undefined ? null : { upUnits: up, downUnits: down };
}

/**
 * An IFD's legs in units, checked against the parent's own price (`checkAttached`); undefined
 * for an order without them.
 */
function attachedLegs(
  order: OrderRequest,
  instrument: Instrument,
  priceUnits: number,
): AttachedUnits | undefined {
  if (order.ifd === undefined) return undefined;
  const checked = checkAttached(order.ifd, {
    side: order.side,
    priceUnits,
    market: instrument.market,
    table: instrument.tickTable,
  });
  if ("refusal" in checked) throw new AppError(checked.refusal);
  return checked.legs;
}

/** The later of two trading dates; the second when the first is null. */
function laterDate(a: string | null, b: string): string {
  return a !== null && a > b ? a : b;
}

/**
 * The highest price a buy stop can fill at, for its hold: today's upper limit for a day order. A
 * stop kept past today may fire on a later day, whose limits follow that day's base price; a buy
 * stop fires on the first trade at or above its trigger, so that day's base (the previous close)
 * is below the trigger and its upper limit at most the trigger's own. The hold covers both.
 */
function upperLimitUntil(
  today: { upUnits: number } | null,
  triggerUnits: number,
  instrument: Instrument,
  pastToday: boolean,
): number | null {
  if (today === null) return null;
  if (!pastToday) return today.upUnits;
  const fromTrigger = dailyLimitFor(instrument.market, instrument.tickTable, triggerUnits);
  return Math.max(today.upUnits, fromTrigger?.upUnits ?? today.upUnits);
}

/** A stop refusal's details as the member reads them: prices as the quote states them. */
function refusalDetails(refusal: StopRefusal, quote: Quote): Record<string, unknown> | undefined {
  switch (refusal.code) {
    case "TRIGGER_LIMIT_EXCEEDED":
      return { limitUp: quote.limitUp, limitDown: quote.limitDown };
    case "TRIGGER_WRONG_SIDE":
      return { last: quote.last };
    default:
      return refusal.params;
  }
}

/** The member's flags as stored, read with a new order: those that forbid opening one. */
function refuseBarred(flags: MemberFlags | undefined): void {
  const refusal = barredRefusal(flags);
  if (refusal) throw refusal;
}

/** Why a member may not open a position now, if they may not. */
function barredRefusal(flags: MemberFlags | undefined): AppError | undefined {
  if (!flags || flags.disabled) return new AppError("UNAUTHENTICATED");
  if (flags.frozen) return new AppError("ACCOUNT_FROZEN");
  if (flags.tradingBarred) return new AppError("TRADING_BARRED");
  return undefined;
}

/** How much a close's journals move the member's available cash: what the close brought, less what it cost. */
function availableChange(journals: readonly JournalDraft[], position: OwnedPosition): bigint {
  let change = 0n;
  for (const journal of journals)
    for (const posting of journal.postings)
      if (
        posting.account.memberId === position.memberId &&
        posting.account.purpose === "available" &&
        posting.account.currency === position.currency
      )
        change += posting.amount;
  return change;
}

/** A close's record of the book it was priced against, on the other side of the position. */
function closeFillRow(
  position: Position,
  fill: BookFill,
  price: string,
  orderId: number | null,
  nowMs: number,
): FillBookRow {
  return {
    positionId: position.id,
    kind: "close",
    orderId,
    symbol: position.symbol,
    side: position.side === "long" ? "short" : "long",
    quantity: position.quantity,
    source: fill.source,
    scaledNotional: fill.scaledNotional,
    averageUnits: fill.averageUnits,
    price,
    filledAtMs: nowMs,
  };
}
