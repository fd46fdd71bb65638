import { randomBytes } from "node:crypto";
import type { Bus } from "@kabuto/bus";
import type {
  BlockApplication,
  BlockApplyRequest,
  BlockBidRequest,
  BlockCatalog,
  BlockInstrument,
  BlockInstrumentInput,
  BlockOffering,
  BlockOfferingInput,
  BlockOfferingPhase,
  OpsBlockQueue,
} from "@kabuto/shared/api/block";
import type { ReviewDecision } from "@kabuto/shared/api/ops";
import {
  type BlockHours,
  type BlockState,
  bidBand,
  blockCost,
  blockDay,
  blockRefusal,
  blockSellCost,
} from "@kabuto/shared/block/rules";
import { commitmentOf, entryHashOf, runDraw } from "@kabuto/shared/ipo/draw";
import type { InstrumentCatalog } from "@kabuto/shared/market/catalog";
import { isDeskOpen } from "@kabuto/shared/market/desk-hours";
import { addDays } from "@kabuto/shared/market/iso-date";
import { isOnTick, priceToUnits, type TickTable, unitsToPrice } from "@kabuto/shared/market/ticks";
import { tradingUnit } from "@kabuto/shared/market/units";
import { zonedWallClockMs } from "@kabuto/shared/market/zone-time";
import { quoteTopic } from "@kabuto/shared/protocol/topics";
import { type Currency, type InstrumentSymbol, type Market, marketCurrency } from "@kabuto/shared/symbols";
import { priceNotional } from "@kabuto/shared/trading/rules";
import type { Db } from "../db/database.ts";
import { AppError } from "../errors.ts";
import { type AccountEvents, type MemberEvent, transactThenEmit } from "../events/account-events.ts";
import { type Claim, type Keyed, underClaim } from "../idempotency/claims.ts";
import { numericId } from "../ids.ts";
import { recordAudit } from "../kernel/audit.ts";
import type { PositionClosing } from "../kernel/product.ts";
import type { StaffMember } from "../kernel/staff-sessions.ts";
import { lockAvailable, postJournal, type Tx } from "../ledger/ledger.repo.ts";
import { closeJournals } from "../trading/drafts.ts";
import { insertFillBooks } from "../trading/fill-books.repo.ts";
import { insertOffBookPosition } from "../trading/off-book.repo.ts";
import { type Conn, closePositionRow, isOpenMirror, lockPosition } from "../trading/trading.repo.ts";
import {
  applicationById,
  applicationsInState,
  type BlockApplicationRow,
  type BlockInstrumentRow,
  type BlockOfferingRow,
  currentOfferings,
  decideApplication,
  demandOf,
  insertApplication,
  insertDraw,
  insertOffering,
  instrumentBySymbol,
  instruments,
  lockApplicant,
  markAllotted,
  memberApplications,
  nextApplicationId,
  offeringById,
  pendingOfOffering,
  pendingSellBids,
  shareOffering,
  upsertInstrument,
  usedToday,
} from "./block.repo.ts";
import { blockFill, blockHoldJournal, blockReleaseJournal } from "./block-drafts.ts";

export interface StaffContext {
  nowMs: number;
  ip: string;
}

export interface BlockTerms {
  hours: BlockHours;
  /** As configured ("09:30-19:30" or "always"), for the screens. */
  hoursText: string;
  /** The most a member's block applications may hold per Tokyo day, per currency, minor units. */
  dailyLimit: ReadonlyMap<Currency, bigint>;
  /** The fee per market, parts per million (the trading terms' FEE_PPM_*). */
  feePpm: Readonly<Record<Market, number>>;
  /** The sale tax per market, parts per million (TAX_PPM_*), charged on a sell. */
  taxPpm: Readonly<Record<Market, number>>;
}

const tokyo = "Asia/Tokyo";

/**
 * Block trades, filled off the order book and reviewed by the desk. Operations publish offerings
 * (a block at a fixed price, drawn by the IPO's verifiable equal lottery when oversubscribed) and
 * open instruments to negotiated bids; members apply, which holds the cost at once; the desk
 * approves a bid (filled at the member's price into a cash position) or rejects it with a reason,
 * and the draw decides an offering's applications. A pending application may be withdrawn.
 */
export class BlockService {
  private readonly db: Db;
  private readonly now: () => number;
  private readonly events: AccountEvents;
  private readonly bus: Pick<Bus, "snapshots">;
  private readonly catalog: InstrumentCatalog;
  private readonly terms: BlockTerms;

  constructor(deps: {
    db: Db;
    now: () => number;
    events: AccountEvents;
    bus: Pick<Bus, "snapshots">;
    catalog: InstrumentCatalog;
    terms: BlockTerms;
  }) {
    this.db = deps.db;
    this.now = deps.now;
    this.events = deps.events;
    this.bus = deps.bus;
    this.catalog = deps.catalog;
    this.terms = deps.terms;
  }

  // Members

  async catalogOf(memberId: string | null): Promise<BlockCatalog> {
    const nowMs = this.now();
    const used = memberId ? await usedToday(this.db, memberId, blockDay(nowMs)) : new Map<Currency, bigint>();
    return {
      offerings: await this.offerings(nowMs),
      instruments: await this.instruments(),
      deskOpen: isDeskOpen(this.terms.hours, nowMs),
      hours: this.terms.hoursText,
      feePpm: { JP: this.terms.feePpm.JP, US: this.terms.feePpm.US },
      taxPpm: { JP: this.terms.taxPpm.JP, US: this.terms.taxPpm.US },
      daily: (["JPY", "USD"] as const).map((currency) => ({
        currency,
        limit: (this.terms.dailyLimit.get(currency) ?? 0n).toString(),
        used: (used.get(currency) ?? 0n).toString(),
      })),
    };
  }

  async applications(memberId: string, kind?: "offering" | "bid"): Promise<BlockApplication[]> {
    const rows = await memberApplications(this.db, memberId, kind);
    return rows.map((row) => toApplication(row));
  }

  /** Applies for shares of an offering at its fixed price while its window and the desk are open. */
  async apply(
    memberId: string,
    offeringId: string,
    body: BlockApplyRequest,
    claim?: Claim,
  ): Promise<Keyed<BlockApplication>> {
    const id = numericId(offeringId, "BLOCK_OFFERING_NOT_FOUND");
    const offering = await offeringById(this.db, id);
    if (!offering) throw new AppError("BLOCK_OFFERING_NOT_FOUND");
    const nowMs = this.now();
    if (phaseOf(offering, nowMs) !== "open") throw new AppError("BLOCK_CLOSED");
    return this.place(memberId, claim, nowMs, {
      kind: "offering",
      sellPositionId: null,
      offeringId: offering.id,
      symbol: offering.symbol,
      market: offering.market,
      shares: body.shares,
      price: offering.price,
      minShares: offering.minShares,
      maxShares: offering.maxShares,
      band: null,
    });
  }

  /**
   * Proposes to buy a block of an instrument open to bids, or to sell one whole long position the
   * member holds in it, at the member's price inside the band.
   */
  async bid(memberId: string, body: BlockBidRequest, claim?: Claim): Promise<Keyed<BlockApplication>> {
    const instrument = await instrumentBySymbol(this.db, body.symbol);
    if (!instrument) throw new AppError("BLOCK_NOT_OPEN");
    const table = this.tickTableOf(instrument.symbol);
    const units = priceToUnits(body.price, instrument.market);
    if (units === undefined || !isOnTick(table, units)) throw new AppError("PRICE_INVALID");
    const last = await this.lastUnits(instrument);
    if (last === undefined) throw new AppError("BLOCK_NOT_OPEN");
    const nowMs = this.now();
    const sellPositionId =
      body.side === "sell" ? numericId(body.positionId ?? "", "POSITION_NOT_FOUND") : null;
    return this.place(memberId, claim, nowMs, {
      kind: "bid",
      sellPositionId,
      offeringId: null,
      symbol: instrument.symbol,
      market: instrument.market,
      shares: body.shares,
      price: unitsToPrice(units, instrument.market),
      minShares: instrument.minShares,
      maxShares: instrument.maxShares,
      band: bidBand(instrument.market, table, last),
    });
  }

  /** Withdraws a pending application: its whole hold comes back. */
  async withdraw(memberId: string, applicationId: string, claim?: Claim): Promise<Keyed<BlockApplication>> {
    const id = numericId(applicationId, "BLOCK_APPLICATION_NOT_FOUND");
    const nowMs = this.now();
    return transactThenEmit(this.db, this.events, async (tx) => {
      let currency: Currency = "JPY";
      const result = await underClaim(tx, memberId, claim, nowMs, async () => {
        // The application before the member, in the order the desk and the draw lock them.
        const row = await applicationById(tx, id, true);
        if (!row || row.memberId !== memberId) throw new AppError("BLOCK_APPLICATION_NOT_FOUND");
        await lockApplicant(tx, memberId);
        if (row.state !== "pending") throw new AppError("REQUEST_NOT_PENDING");
        currency = row.currency;
        await releaseHold(tx, row, nowMs);
        await decideApplication(tx, row.id, {
          state: "withdrawn",
          sharesFilled: 0,
          reason: null,
          positionId: null,
          decidedBy: null,
          nowMs,
        });
        return toApplication({ ...row, state: "withdrawn", decidedAtMs: nowMs });
      });
      const events: MemberEvent[] = result.replayed
        ? []
        : [{ memberId, event: { type: "balance", id: currency } }];
      return { value: result, events };
    });
  }

  // Operations

  async queue(state: BlockState = "pending"): Promise<OpsBlockQueue> {
    const rows = await applicationsInState(this.db, state);
    return {
      applications: rows.map((row) => ({
        ...toApplication(row),
        memberId: row.memberId,
        memberAccount: row.account,
      })),
      offerings: await this.offerings(this.now()),
      instruments: await this.instruments(),
    };
  }

  /** Approves a pending negotiated bid (filled at its price) or rejects it with the reason the member reads. */
  async review(
    applicationId: string,
    decision: ReviewDecision,
    staff: StaffMember,
    context: StaffContext,
  ): Promise<BlockApplication> {
    const id = numericId(applicationId, "BLOCK_APPLICATION_NOT_FOUND");
    const reason = decision.reason || null;
    if (decision.decision === "reject" && !reason) throw new AppError("REASON_REQUIRED");
    return transactThenEmit(this.db, this.events, async (tx) => {
      const found = await applicationById(tx, id, true);
      if (found?.kind !== "bid") throw new AppError("BLOCK_APPLICATION_NOT_FOUND");
      if (found.state !== "pending") throw new AppError("REQUEST_NOT_PENDING");
      await lockApplicant(tx, found.memberId);
      const decided =
        decision.decision === "approve"
          ? found.side === "sell"
            ? await this.sell(tx, found, context.nowMs, staff.id)
            : await this.fill(tx, found, found.shares, null, context.nowMs, staff.id)
          : await this.reject(tx, found, reason, context.nowMs, staff.id);
      await recordAudit(tx, {
        staffId: staff.id,
        action: decision.decision === "approve" ? "block.approve" : "block.reject",
        target: `block_application:${id}`,
        before: { state: found.state },
        after: { state: decided.state, side: found.side, shares: found.shares, price: found.price },
        reason,
        ip: context.ip,
        atMs: context.nowMs,
      });
      return { value: toApplication(decided), events: eventsOf(decided) };
    });
  }

  /** Publishes an offering; its draw's seed is drawn now and only its commitment is shown until the draw. */
  async createOffering(
    input: BlockOfferingInput,
    staff: StaffMember | null,
    context: StaffContext,
  ): Promise<BlockOffering> {
    const market = this.marketOfKnown(input.symbol);
    const units = priceToUnits(input.price, market);
    if (units === undefined || !isOnTick(this.tickTableOf(input.symbol), units))
      throw new AppError("PRICE_INVALID");
    const unit = tradingUnit[market];
    const sizes = [input.sharesOffered, input.minShares, input.maxShares];
    if (sizes.some((shares) => shares % unit !== 0)) throw new AppError("QUANTITY_INVALID", { unit });
    if (input.minShares > input.maxShares || input.maxShares > input.sharesOffered)
      throw new AppError("BLOCK_WINDOW_INVALID");
    if (input.closesAtMs <= input.opensAtMs || input.closesAtMs <= context.nowMs)
      throw new AppError("BLOCK_WINDOW_INVALID");
    const seed = randomBytes(32).toString("hex");
    const row = await this.db.transaction(async (tx) => {
      const created = await insertOffering(
        tx,
        {
          symbol: input.symbol,
          market,
          currency: marketCurrency[market],
          price: unitsToPrice(units, market),
          sharesOffered: input.sharesOffered,
          minShares: input.minShares,
          maxShares: input.maxShares,
          opensAtMs: input.opensAtMs,
          closesAtMs: input.closesAtMs,
          lockupDays: input.lockupDays ?? 0,
          seed,
          commitment: commitmentOf(seed),
        },
        context.nowMs,
      );
      await recordAudit(tx, {
        staffId: staff?.id ?? null,
        action: "block.publish",
        target: `block_offering:${created.id}`,
        after: {
          symbol: created.symbol,
          price: created.price,
          sharesOffered: created.sharesOffered,
          minShares: created.minShares,
          maxShares: created.maxShares,
          opensAtMs: created.opensAtMs,
          closesAtMs: created.closesAtMs,
          lockupDays: created.lockupDays,
          commitment: created.commitment,
        },
        ip: context.ip,
        atMs: context.nowMs,
      });
      return created;
    });
    return toOffering(row, context.nowMs, undefined);
  }

  /** Opens an instrument to negotiated bids (or changes its share limits). */
  async openInstrument(
    input: BlockInstrumentInput,
    staff: StaffMember | null,
    context: StaffContext,
  ): Promise<BlockInstrument> {
    const market = this.marketOfKnown(input.symbol);
    const unit = tradingUnit[market];
    if (input.minShares % unit !== 0 || input.maxShares % unit !== 0)
      throw new AppError("QUANTITY_INVALID", { unit });
    if (input.minShares > input.maxShares) throw new AppError("BLOCK_WINDOW_INVALID");
    const row: BlockInstrumentRow = {
      symbol: input.symbol,
      market,
      minShares: input.minShares,
      maxShares: input.maxShares,
    };
    await this.db.transaction(async (tx) => {
      await upsertInstrument(tx, row, context.nowMs);
      await recordAudit(tx, {
        staffId: staff?.id ?? null,
        action: "block.open",
        target: `block_instrument:${row.symbol}`,
        after: { minShares: row.minShares, maxShares: row.maxShares },
        ip: context.ip,
        atMs: context.nowMs,
      });
    });
    return this.instrumentOf(row);
  }

  /**
   * Allots a closed offering: its pending applications enter the IPO's verifiable draw (one entry
   * each, units of a trading unit asked), the published seed decides who gets what, winners are
   * filled at the offering's price and the rest released. The draw is kept for anyone to re-run.
   */
  async allot(offeringId: string, staff: StaffMember | null, context: StaffContext): Promise<BlockOffering> {
    const id = numericId(offeringId, "BLOCK_OFFERING_NOT_FOUND");
    const nowMs = context.nowMs;
    const offering = await transactThenEmit(this.db, this.events, async (tx) => {
      const found = await offeringById(tx, id, true);
      if (!found) throw new AppError("BLOCK_OFFERING_NOT_FOUND");
      if (phaseOf(found, nowMs) !== "closed") throw new AppError("BLOCK_OFFERING_NOT_CLOSED");
      const pending = await pendingOfOffering(tx, found.id);
      const unit = tradingUnit[found.market];
      const hashOf = (row: BlockApplicationRow) => entryHashOf(offeringCode(found), String(row.id), row.salt);
      const entries = pending.map((row) => ({ hash: hashOf(row), units: row.shares / unit }));
      const unitsOffered = found.sharesOffered / unit;
      const result = entries.length > 0 ? runDraw(found.seed, entries, { unitsOffered }) : undefined;
      const events: MemberEvent[] = [];
      const lockedUntilMs =
        found.lockupDays > 0
          ? zonedWallClockMs(tokyo, addDays(blockDay(nowMs), found.lockupDays), 0, 0)
          : null;
      for (const row of pending) {
        await lockApplicant(tx, row.memberId);
        const won = (result?.won.get(hashOf(row)) ?? 0) * unit;
        const decided =
          won > 0
            ? await this.fill(tx, row, won, lockedUntilMs, nowMs, staff?.id ?? null)
            : await this.reject(tx, row, null, nowMs, staff?.id ?? null);
        events.push(...eventsOf(decided));
      }
      await insertDraw(tx, {
        offeringId: found.id,
        seed: found.seed,
        unitsOffered,
        entries: (result?.entries ?? []).map((entry) => ({ hash: entry.hash, units: entry.units })),
        won: [...(result?.won ?? [])].map(([hash, units]) => ({ hash, units })),
        nowMs,
      });
      await markAllotted(tx, found.id, nowMs);
      await recordAudit(tx, {
        staffId: staff?.id ?? null,
        action: "block.allot",
        target: `block_offering:${found.id}`,
        before: { phase: "closed" },
        after: {
          phase: "allotted",
          entries: entries.length,
          winners: result?.won.size ?? 0,
          oversubscribed: result?.oversubscribed ?? false,
        },
        ip: context.ip,
        atMs: nowMs,
      });
      return { value: { ...found, allottedAtMs: nowMs }, events };
    });
    const demand = await demandOf(this.db, [offering.id]);
    return toOffering(offering, nowMs, demand.get(offering.id));
  }

  // Inside

  private async place(
    memberId: string,
    claim: Claim | undefined,
    nowMs: number,
    order: {
      kind: "offering" | "bid";
      /** A sell bid's position, sold whole; null for a buy. */
      sellPositionId: number | null;
      offeringId: number | null;
      symbol: string;
      market: Market;
      shares: number;
      price: string;
      minShares: number;
      maxShares: number;
      band: ReturnType<typeof bidBand> | null;
    },
  ): Promise<Keyed<BlockApplication>> {
    const currency = marketCurrency[order.market];
    const feePpm = this.terms.feePpm[order.market];
    const buyCost = blockCost(order.market, order.price, order.shares, feePpm);
    const priceUnits = priceToUnits(order.price, order.market);
    if (!buyCost || priceUnits === undefined) throw new AppError("PRICE_INVALID");
    return transactThenEmit(this.db, this.events, async (tx) => {
      const result = await underClaim(tx, memberId, claim, nowMs, async () => {
        if (order.offeringId !== null) {
          const offering = await shareOffering(tx, order.offeringId);
          if (!offering || phaseOf(offering, nowMs) !== "open") throw new AppError("BLOCK_CLOSED");
        }
        // The member's row lock runs their applications one at a time: two at once cannot both fit the day's limit.
        const member = await lockApplicant(tx, memberId);
        if (!member) throw new AppError("UNAUTHENTICATED");
        if (member.frozen) throw new AppError("ACCOUNT_FROZEN");
        if (member.tradingBarred) throw new AppError("TRADING_BARRED");
        if (!member.verified) throw new AppError("KYC_REQUIRED");
        const day = blockDay(nowMs);
        const used = (await usedToday(tx, memberId, day)).get(currency) ?? 0n;
        // A sell holds only its charges and counts against no purchase limit.
        const cost =
          order.sellPositionId === null
            ? buyCost
            : await this.sellCost(tx, memberId, order.sellPositionId, order, nowMs);
        const refusal = blockRefusal({
          market: order.market,
          shares: order.shares,
          minShares: order.minShares,
          maxShares: order.maxShares,
          priceUnits,
          band: order.band,
          holdMinor: order.sellPositionId === null ? cost.holdMinor : 0n,
          usedTodayMinor: used,
          dailyLimitMinor: this.terms.dailyLimit.get(currency) ?? 0n,
          deskOpen: isDeskOpen(this.terms.hours, nowMs),
        });
        if (refusal) throw new AppError(refusal.code, "details" in refusal ? refusal.details : undefined);
        const available = await lockAvailable(tx, memberId, currency);
        if (available < cost.holdMinor)
          throw new AppError("INSUFFICIENT_BALANCE", { available: available.toString() });
        const id = await nextApplicationId(tx);
        const fields = {
          memberId,
          symbol: order.symbol,
          currency,
          shares: order.shares,
          price: order.price,
          heldMinor: cost.holdMinor,
        };
        const holdJournalId =
          cost.holdMinor > 0n ? await postJournal(tx, blockHoldJournal(id, fields), nowMs) : null;
        try {
          const row = await insertApplication(tx, {
            ...fields,
            id,
            kind: order.kind,
            side: order.sellPositionId === null ? "buy" : "sell",
            sourcePositionId: order.sellPositionId,
            offeringId: order.offeringId,
            market: order.market,
            feeMinor: cost.feeMinor,
            day,
            salt: randomBytes(16).toString("hex"),
            holdJournalId,
            createdAtMs: nowMs,
          });
          return toApplication(row, offeringCodeOf(order.offeringId));
        } catch (error) {
          throw alreadyApplied(error) ?? error;
        }
      });
      const events: MemberEvent[] = result.replayed
        ? []
        : [{ memberId, event: { type: "balance", id: currency } }];
      return { value: result, events };
    });
  }

  /** Releases the hold, opens a cash position of `shares` at the agreed price, and marks it passed. */
  private async fill(
    tx: Conn,
    row: BlockApplicationRow,
    shares: number,
    lockedUntilMs: number | null,
    nowMs: number,
    staffId: string | null,
  ): Promise<BlockApplicationRow> {
    await releaseHold(tx, row, nowMs);
    const opening = blockFill(row, shares, this.terms.feePpm[row.market]);
    const positionId = await insertOffBookPosition(tx, {
      memberId: row.memberId,
      symbol: row.symbol,
      currency: row.currency,
      quantity: shares,
      priceUnits: opening.priceUnits,
      price: row.price,
      notional: opening.notional,
      fee: opening.fee,
      lockedUntilMs,
      nowMs,
    });
    for (const journal of opening.journals) {
      await postJournal(tx, { ...journal, ref: `position:${positionId}` }, nowMs);
    }
    await decideApplication(tx, row.id, {
      state: "passed",
      sharesFilled: shares,
      reason: null,
      positionId,
      decidedBy: staffId,
      nowMs,
    });
    return { ...row, state: "passed", sharesFilled: shares, positionId, lockedUntilMs, decidedAtMs: nowMs };
  }

  /**
   * A sell bid's position, checked and locked: the member's own, holding, long, not locked up, in
   * the bid's stock, and sold whole (the bid's shares are its quantity). Returns the charges held.
   */
  private async sellCost(
    tx: Conn,
    memberId: string,
    positionId: number,
    order: { symbol: string; market: Market; shares: number; price: string },
    nowMs: number,
  ): Promise<{ holdMinor: bigint; feeMinor: bigint }> {
    const position = await lockPosition(tx, memberId, positionId);
    if (!position || position.symbol !== order.symbol) throw new AppError("POSITION_NOT_FOUND");
    if (position.status !== "holding" || position.side !== "long") throw new AppError("POSITION_NOT_HOLDING");
    if (position.lockedUntilMs !== null && position.lockedUntilMs > nowMs)
      throw new AppError("POSITION_LOCKED", { untilMs: position.lockedUntilMs });
    // A mirror of a lead's position closes through its copy, so its proceeds return to the copy:
    // sold off the book, the bid's held fee would come back into the copy's cash instead.
    if (await isOpenMirror(tx, positionId)) throw new AppError("POSITION_MIRRORED");
    if (position.quantity !== order.shares)
      throw new AppError("QUANTITY_INVALID", { quantity: position.quantity });
    const cost = blockSellCost(order.market, order.price, order.shares, BigInt(position.openNotional), {
      feePpm: this.terms.feePpm[order.market],
      taxPpm: this.terms.taxPpm[order.market],
    });
    if (!cost) throw new AppError("PRICE_INVALID");
    return { holdMinor: cost.holdMinor, feeMinor: cost.feeMinor };
  }

  /**
   * Approves a sell bid: the charges held come back, and the position closes at the agreed price
   * as a member's close does (margin and profit to available cash, the selling fee and tax
   * charged). A position closed another way took its bid with it (`withdrawSellBidOnClose`), so
   * the check here only guards a bid left pending by a close before that existed.
   */
  private async sell(
    tx: Conn,
    row: BlockApplicationRow,
    nowMs: number,
    staffId: string | null,
  ): Promise<BlockApplicationRow> {
    const positionId = row.sourcePositionId;
    if (positionId === null) throw new Error(`sell bid ${row.id} names no position`);
    const position = await lockPosition(tx, row.memberId, positionId);
    if (position?.status !== "holding") throw new AppError("POSITION_NOT_HOLDING");
    await releaseHold(tx, row, nowMs);
    const units = priceToUnits(row.price, row.market);
    const scaled = priceNotional(row.price, position.quantity, row.market);
    if (units === undefined || scaled === undefined)
      throw new Error(`block price off the scale: ${row.price}`);
    const closing = closeJournals({
      memberId: row.memberId,
      market: row.market,
      terms: { feePpm: this.terms.feePpm[row.market], taxPpm: this.terms.taxPpm[row.market] },
      position: {
        id: position.id,
        symbol: position.symbol,
        currency: position.currency,
        side: position.side,
        quantity: position.quantity,
        openNotional: BigInt(position.openNotional),
        margin: BigInt(position.margin),
        openFee: BigInt(position.openFee),
      },
      fill: { shares: position.quantity, scaledNotional: scaled, averageUnits: units },
      reason: "member",
      available: await lockAvailable(tx, row.memberId, row.currency),
    });
    for (const journal of closing.journals) await postJournal(tx, journal, nowMs);
    await closePositionRow(tx, positionId, { ...closing, reason: "member", nowMs });
    // Off the book: the record says so, with the agreed price and no book to replay.
    await insertFillBooks(tx, [
      {
        positionId,
        kind: "close",
        orderId: null,
        symbol: position.symbol,
        side: position.side === "long" ? "short" : "long",
        quantity: position.quantity,
        source: null,
        scaledNotional: scaled,
        averageUnits: units,
        price: closing.closePrice,
        filledAtMs: nowMs,
      },
    ]);
    await decideApplication(tx, row.id, {
      state: "passed",
      sharesFilled: row.shares,
      reason: null,
      positionId,
      decidedBy: staffId,
      nowMs,
    });
    return { ...row, state: "passed", sharesFilled: row.shares, positionId, decidedAtMs: nowMs };
  }

  private async reject(
    tx: Conn,
    row: BlockApplicationRow,
    reason: string | null,
    nowMs: number,
    staffId: string | null,
  ): Promise<BlockApplicationRow> {
    await releaseHold(tx, row, nowMs);
    await decideApplication(tx, row.id, {
      state: "rejected",
      sharesFilled: 0,
      reason,
      positionId: null,
      decidedBy: staffId,
      nowMs,
    });
    return { ...row, state: "rejected", reason, decidedAtMs: nowMs };
  }

  private async offerings(nowMs: number): Promise<BlockOffering[]> {
    const rows = await currentOfferings(this.db, nowMs);
    const demand = await demandOf(
      this.db,
      rows.map((row) => row.id),
    );
    return rows.map((row) => toOffering(row, nowMs, demand.get(row.id)));
  }

  private async instruments(): Promise<BlockInstrument[]> {
    const rows = await instruments(this.db);
    return Promise.all(rows.map((row) => this.instrumentOf(row)));
  }

  private async instrumentOf(row: BlockInstrumentRow): Promise<BlockInstrument> {
    const last = await this.lastUnits(row);
    const band = last === undefined ? null : bidBand(row.market, this.tickTableOf(row.symbol), last);
    return {
      symbol: row.symbol,
      market: row.market,
      currency: marketCurrency[row.market],
      minShares: row.minShares,
      maxShares: row.maxShares,
      last: last === undefined ? null : unitsToPrice(last, row.market),
      band: band
        ? { low: unitsToPrice(band.lowUnits, row.market), high: unitsToPrice(band.highUnits, row.market) }
        : null,
    };
  }

  /** The last auction trade price of an instrument, in price units, from the feed's newest quote. */
  private async lastUnits(row: { symbol: string; market: Market }): Promise<number | undefined> {
    const [quote] = await this.bus.snapshots([quoteTopic(row.symbol as InstrumentSymbol)]);
    if (!quote) return undefined;
    const units = priceToUnits(quote.data.last, row.market);
    return units === undefined || units <= 0 ? undefined : units;
  }

  private tickTableOf(symbol: string): TickTable {
    const instrument = this.catalog.instrumentBySymbol.get(symbol);
    if (!instrument) throw new AppError("SYMBOL_NOT_FOUND");
    return instrument.tickTable;
  }

  private marketOfKnown(symbol: string): Market {
    const instrument = this.catalog.instrumentBySymbol.get(symbol);
    if (!instrument) throw new AppError("SYMBOL_NOT_FOUND");
    return instrument.market;
  }
}

/**
 * The block product's part in a position's close by any other way than the desk's (the member's
 * close on the market, a margin call, a day-trade cut-off, a follow mirror's close): a pending
 * sell bid on that position can no longer be filled, so its held charges come back and the bid
 * is withdrawn, in the close's transaction (the kernel's `onPositionClose`). Once it has left
 * `pending`, neither the member's withdrawal nor the desk's decision releases it again.
 */
export async function withdrawSellBidOnClose(tx: Tx, closings: readonly PositionClosing[]): Promise<void> {
  // The bids before their members, in the order a withdrawal and the desk lock them.
  const rows = await pendingSellBids(tx, closings);
  const nowMs = new Map(closings.map((closing) => [closing.positionId, closing.nowMs]));
  for (const row of rows) {
    const atMs = nowMs.get(row.sourcePositionId ?? 0) ?? 0;
    await lockApplicant(tx, row.memberId);
    await releaseHold(tx, row, atMs);
    await decideApplication(tx, row.id, {
      state: "withdrawn",
      sharesFilled: 0,
      reason: null,
      positionId: null,
      decidedBy: null,
      nowMs: atMs,
    });
  }
}

/** An application's hold back to available cash (`block_release`), if it held anything. */
async function releaseHold(tx: Tx, row: BlockApplicationRow, nowMs: number): Promise<void> {
  if (row.heldMinor > 0n) await postJournal(tx, blockReleaseJournal(row.id, row), nowMs);
}

function phaseOf(row: BlockOfferingRow, nowMs: number): BlockOfferingPhase {
  if (row.allottedAtMs !== null) return "allotted";
  if (nowMs < row.opensAtMs) return "scheduled";
  return nowMs < row.closesAtMs ? "open" : "closed";
}

/** The code an offering's draw entries are hashed under. */
function offeringCode(row: { id: number }): string {
  return `BLOCK-${row.id}`;
}

function offeringCodeOf(id: number | null): string | null {
  return id === null ? null : offeringCode({ id });
}

function eventsOf(row: BlockApplicationRow): MemberEvent[] {
  const events: MemberEvent[] = [{ memberId: row.memberId, event: { type: "balance", id: row.currency } }];
  if (row.positionId !== null)
    events.push({ memberId: row.memberId, event: { type: "position", id: String(row.positionId) } });
  return events;
}

export function toOffering(
  row: BlockOfferingRow,
  nowMs: number,
  demand: { shares: number; members: number } | undefined,
): BlockOffering {
  const phase = phaseOf(row, nowMs);
  return {
    id: String(row.id),
    symbol: row.symbol,
    market: row.market,
    currency: row.currency,
    price: row.price,
    sharesOffered: row.sharesOffered,
    minShares: row.minShares,
    maxShares: row.maxShares,
    opensAtMs: row.opensAtMs,
    closesAtMs: row.closesAtMs,
    lockupDays: row.lockupDays,
    phase,
    sharesApplied: demand?.shares ?? 0,
    members: demand?.members ?? 0,
    commitment: row.commitment,
    seed: phase === "allotted" ? row.seed : null,
  };
}

export function toApplication(
  row: BlockApplicationRow,
  code = offeringCodeOf(row.offeringId),
): BlockApplication {
  return {
    id: String(row.id),
    kind: row.kind,
    side: row.side,
    offeringId: row.offeringId === null ? null : String(row.offeringId),
    sourcePositionId: row.sourcePositionId === null ? null : String(row.sourcePositionId),
    symbol: row.symbol,
    market: row.market,
    currency: row.currency,
    shares: row.shares,
    price: row.price,
    held: row.heldMinor.toString(),
    fee: row.feeMinor.toString(),
    sharesFilled: row.sharesFilled,
    state: row.state,
    reason: row.reason,
    entryHash: code === null ? null : entryHashOf(code, String(row.id), row.salt),
    positionId: row.positionId === null ? null : String(row.positionId),
    lockedUntilMs: row.lockedUntilMs,
    createdAtMs: row.createdAtMs,
    decidedAtMs: row.decidedAtMs,
  };
}

/** The unique index's refusal when two applications to one offering race: the same answer as the check. */
function alreadyApplied(error: unknown): AppError | undefined {
  for (let cause: unknown = error; cause; cause = (cause as { cause?: unknown }).cause) {
    const { code, constraint, message } = cause as { code?: string; constraint?: string; message?: string };
    if (
      code === "23505" &&
      /block_applications_one_(per_member|sell_per_position)/.test(constraint ?? message ?? "")
    ) {
      return new AppError("BLOCK_ALREADY_APPLIED", undefined, { cause: error });
    }
  }
  return undefined;
}
