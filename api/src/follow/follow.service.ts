import type {
  Copy,
  CopyFunds,
  CopyRequest,
  CopyTerms,
  LeadApplication,
  LeadApply,
  LeadDetail,
  LeaderboardQuery,
  LeadStatus,
  LeadSummary,
  MirroredPosition,
  OpsCopy,
  OpsLead,
} from "@kabuto/shared/api/follow";
import type { ReviewDecision } from "@kabuto/shared/api/ops";
import type { Position } from "@kabuto/shared/api/trading";
import {
  copyEndsAt,
  copyStopDefaultPct,
  copyStopFloor,
  copyStopMaxPct,
  copyStopMinPct,
  copyStopReached,
  isCopyStopPct,
  mirrorQuantity,
  profitShare,
} from "@kabuto/shared/follow/mirror";
import {
  concentration,
  type EquityPoint,
  growthIndex,
  maxDrawdown,
  monthlyReturns,
  monthlyVolatility,
  periodReturn,
  riskHiddenFrom,
  riskScore,
  tradeStats,
} from "@kabuto/shared/follow/record";
import { tradingUnit } from "@kabuto/shared/market/units";
import { zonedIsoDate } from "@kabuto/shared/market/zone-time";
import { decimalToMinor, parseCurrencyAmounts } from "@kabuto/shared/money";
import type { Book } from "@kabuto/shared/protocol/market-data";
import { type Currency, marketCurrency } from "@kabuto/shared/symbols";
import { profit, toMinor, walkBook } from "@kabuto/shared/trading/rules";
import type { Db } from "../db/database.ts";
import { AppError } from "../errors.ts";
import { type AccountEvents, type MemberEvent, transactThenEmit } from "../events/account-events.ts";
import { type Claim, type Keyed, underClaim } from "../idempotency/claims.ts";
import { isUuid, numericId } from "../ids.ts";
import { recordAudit } from "../kernel/audit.ts";
import { lockMember } from "../kernel/members.repo.ts";
import type { StaffMember } from "../kernel/staff-sessions.ts";
import type { JournalDraft } from "../ledger/journal.ts";
import { lockAvailable, postJournal, type Tx } from "../ledger/ledger.repo.ts";
import { type Conn, marketOf } from "../trading/trading.repo.ts";
import type { TradingService } from "../trading/trading.service.ts";
import {
  activeCopies,
  applicantFacts,
  approvedLeads,
  type CopyRow,
  type CopyView,
  cashEquity,
  copiesOf,
  copyById,
  copyCash,
  copyFunds,
  copyingOf,
  copyShares,
  copyStopFigures,
  copyViewById,
  equityJournals,
  insertCopy,
  insertLead,
  insertMirrors,
  type LeadRow,
  lastPositionId,
  leadById,
  leadsByStatus,
  lockActiveCopies,
  lockActiveCopy,
  lockMirroringCopies,
  lockUnmirroredCopies,
  markCopiesMirrorsClosed,
  markMirrorClosed,
  markMirrorsClosed,
  mirroredPositions,
  mirrorsToClose,
  nicknameTaken,
  type OpenMirror,
  openMirrors,
  openMirrorsOf,
  ownTrades,
  type PendingMirror,
  pendingMirrors,
  saveCopy,
  saveLeadDecision,
} from "./follow.repo.ts";
import {
  type CopyRef,
  copyInJournal,
  copyOutJournal,
  mirrorFundJournal,
  mirrorProceedsJournal,
  profitShareJournals,
} from "./follow-drafts.ts";

export interface FollowTerms {
  /** The smallest and largest copy per currency, minor units. */
  minimum: ReadonlyMap<Currency, bigint>;
  maximum: ReadonlyMap<Currency, bigint>;
  /** The follow periods members choose from, days. */
  periods: readonly number[];
  profitSharePct: number;
  /** Closed trades a member needs before applying to lead. */
  leadMinTrades: number;
  /** Copies a lead position is mirrored into per transaction. */
  mirrorChunk: number;
  /**
   * Running copies the stop checks and the monthly settlement read per query: a pass reads page
   * after page until it has seen every running copy.
   */
  copiesPage: number;
}

export function parseFollowTerms(config: {
  FOLLOW_MIN: string;
  FOLLOW_MAX: string;
  FOLLOW_PERIODS: string;
  FOLLOW_PROFIT_SHARE_PCT: number;
  LEAD_MIN_TRADES: number;
  FOLLOW_MIRROR_CHUNK: number;
}): FollowTerms {
  const minimum = parseCurrencyAmounts("FOLLOW_MIN", config.FOLLOW_MIN);
  const maximum = parseCurrencyAmounts("FOLLOW_MAX", config.FOLLOW_MAX);
  for (const currency of ["JPY", "USD"] as const) {
    const low = minimum.get(currency);
    const high = maximum.get(currency);
    if (low === undefined || high === undefined || high < low)
      throw new Error(`FOLLOW_MIN and FOLLOW_MAX need ${currency}, the maximum above the minimum`);
  }
  const periods = [...new Set(config.FOLLOW_PERIODS.split(",").map(Number))].sort((a, b) => a - b);
  if (periods.some((days) => !Number.isInteger(days) || days <= 0))
    throw new Error("FOLLOW_PERIODS: whole days above zero");
  return {
    minimum,
    maximum,
    periods,
    profitSharePct: config.FOLLOW_PROFIT_SHARE_PCT,
    leadMinTrades: config.LEAD_MIN_TRADES,
    mirrorChunk: config.FOLLOW_MIRROR_CHUNK,
    copiesPage: copiesPageDefault,
  };
}

export interface StaffContext {
  nowMs: number;
  ip: string;
}

/** The house's books close on Tokyo's calendar: monthly settlements are Tokyo months. */
const bookZone = "Asia/Tokyo";
/** Refusals a mirror waits out (the next pass tries again); any other refusal records it as skipped. */
const transientRefusals = new Set(["PRICE_UNAVAILABLE", "OUTSIDE_TRADING_HOURS", "BOOK_TOO_THIN"]);
/**
 * Mirrors one worker pass takes on; the rest waits for the next pass, oldest first. A lead's fill
 * reaches ten thousand followers in one pass, rather than half of them a pass (a second later).
 */
const mirrorsPerPassMax = 20_000;
/** Running copies read per query by the stop checks and the monthly settlement (`copiesPage`). */
const copiesPageDefault = 5_000;
/** Leads mirrored at once, and sets of one lead position's copies at once: each locks its own copies. */
const chunkConcurrency = 2;

type StopReason = NonNullable<CopyRow["stopReason"]>;

export interface MirrorPass {
  mirrored: number;
  skipped: number;
  closed: number;
  stopped: number;
}

/**
 * Follow (copy) trading: lead traders apply and are approved by operations; members copy them
 * with an amount that moves into a copy account; the worker mirrors every position the lead opens
 * or closes after that into the follower's own positions, proportionally; a copy stops at its
 * stop-loss floor, at the end of its period, when the lead is suspended, or when the member says,
 * and the lead's profit share is settled at the stop.
 */
export class FollowService {
  private readonly db: Db;
  private readonly trading: TradingService;
  private readonly now: () => number;
  private readonly events: AccountEvents;
  private readonly terms: FollowTerms;

  constructor(deps: {
    db: Db;
    trading: TradingService;
    now: () => number;
    events: AccountEvents;
    terms: FollowTerms;
  }) {
    this.db = deps.db;
    this.trading = deps.trading;
    this.now = deps.now;
    this.events = deps.events;
    this.terms = deps.terms;
  }

  // Leads

  async myApplication(memberId: string): Promise<{ application: LeadApplication | null }> {
    const lead = await leadById(this.db, memberId);
    return { application: lead ? toApplication(lead) : null };
  }

  /** Applies to lead: verified, with LEAD_MIN_TRADES closed trades; operations decide. */
  async apply(
    memberId: string,
    body: LeadApply & { bio: string },
    claim?: Claim,
  ): Promise<Keyed<LeadApplication>> {
    const nowMs = this.now();
    return this.db.transaction((tx) =>
      underClaim(tx, memberId, claim, nowMs, async () => {
        if ((await lockMember(tx, memberId)).frozen) throw new AppError("ACCOUNT_FROZEN");
        const facts = await applicantFacts(tx, memberId);
        if (!facts) throw new AppError("UNAUTHENTICATED");
        if (!facts.verified) throw new AppError("KYC_REQUIRED");
        const existing = await leadById(tx, memberId);
        if (existing && existing.status !== "rejected") throw new AppError("LEAD_APPLICATION_EXISTS");
        if (facts.closedTrades < this.terms.leadMinTrades)
          throw new AppError("LEAD_HISTORY_TOO_SHORT", { required: this.terms.leadMinTrades });
        if (existing) throw new AppError("LEAD_APPLICATION_EXISTS");
        if (await nicknameTaken(tx, body.nickname)) throw new AppError("NICKNAME_TAKEN");
        const lead = await insertLead(tx, {
          memberId,
          nickname: body.nickname,
          avatar: body.avatar,
          bio: body.bio,
          translations: body.translations ?? null,
          currency: body.currency,
          nowMs,
        });
        return toApplication(lead);
      }),
    );
  }

  async leaderboard(query: LeaderboardQuery): Promise<LeadSummary[]> {
    const currency = query.market ? marketCurrency[query.market] : undefined;
    const leads = await approvedLeads(this.db, currency);
    const copying = await copyingOf(this.db);
    const nowMs = this.now();
    const summaries = await Promise.all(leads.map((lead) => this.summaryOf(lead, copying, nowMs)));
    const period = query.period ?? "m12";
    return summaries
      .map((item) => item.summary)
      .filter((summary) => {
        if (query.risk === "low") return summary.riskScore <= 3;
        if (query.risk === "medium") return summary.riskScore >= 4 && summary.riskScore <= 6;
        if (query.risk === "high") return summary.riskScore >= 7;
        return true;
      })
      .sort((a, b) => b.returns[period] - a.returns[period]);
  }

  async leadDetail(leadId: string): Promise<LeadDetail> {
    const lead = isUuid(leadId) ? await leadById(this.db, leadId) : undefined;
    if (lead?.status !== "approved") throw new AppError("LEAD_TRADER_NOT_FOUND");
    const { summary, curve, open, equity } = await this.summaryOf(lead, await copyingOf(this.db), this.now());
    return {
      lead: summary,
      curve,
      allocation: allocationOf(open, equity),
      terms: this.copyTerms(lead.currency),
    };
  }

  copyTerms(currency: Currency): CopyTerms {
    return {
      minimum: (this.terms.minimum.get(currency) ?? 0n).toString(),
      maximum: (this.terms.maximum.get(currency) ?? 0n).toString(),
      periods: [...this.terms.periods],
      stopDefaultPct: copyStopDefaultPct,
      stopMinPct: copyStopMinPct,
      stopMaxPct: copyStopMaxPct,
      profitSharePct: this.terms.profitSharePct,
    };
  }

  /** The lead's record, from their journals and their own positions (mirrors of others excluded). */
  private async summaryOf(
    lead: LeadRow,
    copying: Map<string, { copiers: number; copying: bigint }>,
    nowMs: number,
  ) {
    const journals = await equityJournals(this.db, lead.memberId, lead.currency);
    const points: EquityPoint[] = [];
    let running = 0n;
    for (const journal of journals) {
      running += journal.delta;
      points.push({ atMs: journal.atMs, equity: running, flow: journal.trading ? 0n : journal.delta });
    }
    const monthly = monthlyReturns(points);
    const curve = growthIndex(points);
    const trades = await ownTrades(this.db, lead.memberId, lead.currency);
    const stats = tradeStats(trades);
    const open = trades.filter((trade) => trade.closedAtMs === null);
    const score = riskScore({
      volatility: monthlyVolatility(monthly),
      averageLeverage: stats.averageLeverage,
      concentration: concentration(open),
    });
    const counts = copying.get(lead.memberId);
    const summary: LeadSummary = {
      id: lead.memberId,
      nickname: lead.nickname,
      avatar: lead.avatar,
      bio: lead.bio,
      translations: lead.translations,
      currency: lead.currency as LeadSummary["currency"],
      returns: {
        m1: periodReturn(monthly, 1, nowMs),
        m3: periodReturn(monthly, 3, nowMs),
        m12: periodReturn(monthly, 12, nowMs),
      },
      monthly,
      maxDrawdown: maxDrawdown(curve),
      winShare: stats.winShare,
      averageHoldingMs: stats.averageHoldingMs,
      averageLeverage: stats.averageLeverage,
      trades: stats.trades,
      riskScore: score,
      hidden: score >= riskHiddenFrom,
      copiers: counts?.copiers ?? 0,
      copying: (counts?.copying ?? 0n).toString(),
    };
    return { summary, curve, open, equity: running };
  }

  // Copies

  /** Starts copying a lead: the amount moves from available cash into the copy. */
  async startCopy(memberId: string, body: CopyRequest, claim?: Claim): Promise<Keyed<Copy>> {
    const lead = isUuid(body.leadId) ? await leadById(this.db, body.leadId) : undefined;
    if (lead?.status !== "approved") throw new AppError("LEAD_TRADER_NOT_FOUND");
    if (lead.memberId === memberId) throw new AppError("COPY_SELF");
    const currency = lead.currency;
    const amount = decimalToMinor(body.amount, currency);
    if (amount === undefined || amount <= 0n) throw new AppError("AMOUNT_INVALID");
    this.checkRange(currency, amount);
    if (!this.terms.periods.includes(body.periodDays))
      throw new AppError("FOLLOW_PERIOD_INVALID", { periods: [...this.terms.periods] });
    if (!isCopyStopPct(body.stopLossPct))
      throw new AppError("COPY_STOP_INVALID", { min: copyStopMinPct, max: copyStopMaxPct });
    const nowMs = this.now();
    const { summary } = await this.summaryOf(lead, new Map(), nowMs);
    if (summary.hidden) throw new AppError("LEAD_HIDDEN");
    const started = await transactThenEmit(this.db, this.events, async (tx) => {
      const keyed = await underClaim(tx, memberId, claim, nowMs, async () => {
        if ((await lockMember(tx, memberId)).frozen) throw new AppError("ACCOUNT_FROZEN");
        const available = await lockAvailable(tx, memberId, currency);
        if (available < amount)
          throw new AppError("INSUFFICIENT_BALANCE", { available: available.toString(), currency });
        const copy = await insertCopy(tx, {
          followerId: memberId,
          leadId: lead.memberId,
          currency,
          stopPct: body.stopLossPct,
          periodDays: body.periodDays,
          profitSharePct: this.terms.profitSharePct,
          invested: amount,
          afterPositionId: await lastPositionId(tx, lead.memberId, body.copyOpen ?? false),
          startedAtMs: nowMs,
          endsAtMs: copyEndsAt(nowMs, body.periodDays),
        });
        if (!copy) throw new AppError("ALREADY_COPYING");
        await postJournal(tx, copyInJournal(refOf(copy, lead.nickname), amount), nowMs);
        return this.copyOf(tx, copy.id);
      });
      return { value: keyed, events: keyed.replayed ? [] : [balanceEvent(memberId, currency)] };
    });
    return started;
  }

  async copies(memberId: string, status?: "active" | "stopped"): Promise<Copy[]> {
    const views = await copiesOf(this.db, { followerId: memberId }, status);
    return Promise.all(views.map((view) => this.toCopy(view)));
  }

  /** Adds money to a running copy, or takes some out (never below the minimum, never what its mirrors use). */
  async changeFunds(memberId: string, copyId: string, body: CopyFunds, claim?: Claim): Promise<Keyed<Copy>> {
    const id = numericId(copyId, "COPY_NOT_FOUND");
    const nowMs = this.now();
    return transactThenEmit(this.db, this.events, async (tx) => {
      let currency: Currency = "JPY";
      const keyed = await underClaim(tx, memberId, claim, nowMs, async () => {
        if ((await lockMember(tx, memberId)).frozen) throw new AppError("ACCOUNT_FROZEN");
        const copy = await this.lockOwnActive(tx, memberId, id, nowMs);
        currency = copy.currency;
        const amount = decimalToMinor(body.amount, copy.currency);
        if (amount === undefined || amount <= 0n) throw new AppError("AMOUNT_INVALID");
        const lead = await this.leadOf(tx, copy);
        const ref = refOf(copy, lead.nickname);
        if (body.direction === "add") {
          this.checkRange(copy.currency, copy.invested + amount);
          const available = await lockAvailable(tx, memberId, copy.currency);
          if (available < amount)
            throw new AppError("INSUFFICIENT_BALANCE", { available: available.toString() });
          await postJournal(tx, copyInJournal(ref, amount), nowMs);
          await saveCopy(tx, { ...copy, invested: copy.invested + amount });
        } else {
          const minimum = this.terms.minimum.get(copy.currency) ?? 0n;
          const cash = await copyCash(tx, copy);
          if (amount > cash || copy.invested - amount < minimum)
            throw new AppError("COPY_FUNDS_INSUFFICIENT", {
              cash: cash.toString(),
              minimum: minimum.toString(),
            });
          await lockAvailable(tx, memberId, copy.currency);
          await postJournal(tx, copyOutJournal(ref, amount), nowMs);
          await saveCopy(tx, { ...copy, invested: copy.invested - amount });
        }
        return this.copyOf(tx, copy.id);
      });
      return { value: keyed, events: keyed.replayed ? [] : [balanceEvent(memberId, currency)] };
    });
  }

  /** Stops a copy now: every mirror closes at market, the profit share is settled, the rest returns. */
  async stopCopy(memberId: string, copyId: string, claim?: Claim): Promise<Keyed<Copy>> {
    const id = numericId(copyId, "COPY_NOT_FOUND");
    const nowMs = this.now();
    return transactThenEmit(this.db, this.events, async (tx) => {
      const events: MemberEvent[] = [];
      const keyed = await underClaim(tx, memberId, claim, nowMs, async () => {
        const copy = await copyById(tx, id, true);
        if (!copy || copy.followerId !== memberId) throw new AppError("COPY_NOT_FOUND");
        if (copy.status !== "active") throw new AppError("COPY_NOT_ACTIVE");
        events.push(...(await this.stopSetIn(tx, [{ copy, reason: "member" }], nowMs)));
        return this.copyOf(tx, copy.id);
      });
      return { value: keyed, events: keyed.replayed ? [] : events };
    });
  }

  /** Closes one mirrored position of a running copy at market; its proceeds return to the copy. */
  async closeMirror(
    memberId: string,
    copyId: string,
    positionId: string,
    claim?: Claim,
  ): Promise<Keyed<Copy>> {
    const id = numericId(copyId, "COPY_NOT_FOUND");
    const nowMs = this.now();
    return transactThenEmit(this.db, this.events, async (tx) => {
      let currency: Currency = "JPY";
      const keyed = await underClaim(tx, memberId, claim, nowMs, async () => {
        const copy = await copyById(tx, id, true);
        if (!copy || copy.followerId !== memberId) throw new AppError("COPY_NOT_FOUND");
        if (copy.status !== "active") throw new AppError("COPY_NOT_ACTIVE");
        currency = copy.currency;
        const mirror = (await openMirrors(tx, copy.id)).find((m) => m.followerPositionId === positionId);
        if (!mirror?.holding) throw new AppError("POSITION_NOT_FOUND");
        const lead = await this.leadOf(tx, copy);
        await this.closeMirrorIn(tx, copy, lead.nickname, mirror, nowMs);
        return this.copyOf(tx, copy.id);
      });
      const events: MemberEvent[] = keyed.replayed
        ? []
        : [balanceEvent(memberId, currency), { memberId, event: { type: "position", id: positionId } }];
      return { value: keyed, events };
    });
  }

  /** The follower's positions mirrored from leads, each naming its lead. */
  async mirroredPositions(memberId: string, status?: Position["status"]): Promise<MirroredPosition[]> {
    const rows = await mirroredPositions(this.db, memberId, status);
    const positions = new Map(
      (await this.trading.positions(memberId, status)).map((position) => [position.id, position]),
    );
    return rows.flatMap((row) => {
      const position = positions.get(row.positionId);
      return position
        ? [{ ...position, copyId: row.copyId, leadNickname: row.nickname, leadNicknames: row.nicknames }]
        : [];
    });
  }

  // Operations

  async opsLeads(status: LeadStatus): Promise<OpsLead[]> {
    return (await leadsByStatus(this.db, status)).map((row) => ({
      ...toApplication(row),
      memberId: row.memberId,
      memberAccount: row.account,
      trades: row.trades,
      copiers: row.copiers,
      decidedAtMs: row.decidedAtMs,
    }));
  }

  async opsLead(memberId: string): Promise<OpsLead> {
    const lead = isUuid(memberId) ? await leadById(this.db, memberId) : undefined;
    if (!lead) throw new AppError("LEAD_TRADER_NOT_FOUND");
    const row = (await this.opsLeads(lead.status)).find((item) => item.memberId === memberId);
    if (!row) throw new AppError("LEAD_TRADER_NOT_FOUND");
    return row;
  }

  /** Approves a pending application or rejects it with the reason the member reads. */
  async review(
    memberId: string,
    decision: ReviewDecision,
    staff: StaffMember,
    context: StaffContext,
  ): Promise<OpsLead> {
    const reason = decision.reason || null;
    if (decision.decision === "reject" && !reason) throw new AppError("REASON_REQUIRED");
    return this.decide(memberId, ["pending"], decision.decision === "approve" ? "approved" : "rejected", {
      staff,
      context,
      reason,
    });
  }

  /** Suspends an approved lead: hidden at once; the worker stops their copies and returns the money. */
  async suspend(
    memberId: string,
    reason: string,
    staff: StaffMember,
    context: StaffContext,
  ): Promise<OpsLead> {
    return this.decide(memberId, ["approved"], "suspended", { staff, context, reason });
  }

  async opsCopies(leadId: string): Promise<OpsCopy[]> {
    if (!isUuid(leadId)) throw new AppError("LEAD_TRADER_NOT_FOUND");
    const views = await copiesOf(this.db, { leadId });
    return Promise.all(
      views.map(async (view) => ({ ...(await this.toCopy(view)), followerAccount: view.followerAccount })),
    );
  }

  private async decide(
    memberId: string,
    from: LeadStatus[],
    to: LeadStatus,
    by: { staff: StaffMember; context: StaffContext; reason: string | null },
  ): Promise<OpsLead> {
    if (!isUuid(memberId)) throw new AppError("LEAD_TRADER_NOT_FOUND");
    await this.db.transaction(async (tx) => {
      const lead = await leadById(tx, memberId, true);
      if (!lead) throw new AppError("LEAD_TRADER_NOT_FOUND");
      if (!from.includes(lead.status))
        throw new AppError(to === "suspended" ? "LEAD_NOT_APPROVED" : "LEAD_NOT_PENDING");
      await saveLeadDecision(tx, memberId, {
        status: to,
        nowMs: by.context.nowMs,
        staffId: by.staff.id,
        reason: by.reason,
      });
      await recordAudit(tx, {
        staffId: by.staff.id,
        action: to === "approved" ? "lead.approve" : to === "rejected" ? "lead.reject" : "lead.suspend",
        target: `member:${memberId}`,
        before: { status: lead.status },
        after: { status: to },
        reason: by.reason,
        ip: by.context.ip,
        atMs: by.context.nowMs,
      });
    });
    return this.opsLead(memberId);
  }

  // The worker

  /**
   * One pass of the worker: mirrors the lead positions running copies have not seen, closes the
   * mirrors whose lead position closed, and stops copies at their floor, at the end of their
   * period, or whose lead was suspended. Everything it acts on is read from the database, so a
   * pass after a crash or a missed event finds what is left to do; each (copy, lead position) is
   * claimed by the mirrors table's primary key, so no two passes or workers mirror it twice.
   */
  async mirrorPass(): Promise<MirrorPass> {
    const mirrored = await this.mirror();
    return { ...mirrored, stopped: await this.checkStops() };
  }

  /** Mirrors new lead positions and closes the mirrors of closed ones: the part that must be quick. */
  async mirror(): Promise<Omit<MirrorPass, "stopped">> {
    const result = { mirrored: 0, skipped: 0, closed: 0 };
    const pending = await pendingMirrors(this.db, mirrorsPerPassMax);
    // One read of each lead and their equity per pass, shared by all their copies' mirrors.
    const leads = new Map<string, Promise<{ lead: LeadRow; equity: bigint } | undefined>>();
    const leadFacts = (leadId: string) => {
      let facts = leads.get(leadId);
      if (!facts) {
        facts = (async () => {
          const lead = await leadById(this.db, leadId);
          return lead && { lead, equity: await cashEquity(this.db, lead.memberId, lead.currency) };
        })();
        leads.set(leadId, facts);
      }
      return facts;
    };
    // Leads side by side; a lead's positions one at a time, oldest first, so each copy sees them
    // in the lead's order; a position's copies a set per transaction, a few sets side by side.
    await inParallel(byLead(pending), chunkConcurrency, async (positions) => {
      for (const { position, copyIds } of positions) {
        const facts = await leadFacts(position.leadId);
        if (!facts) return;
        const sets = chunks(copyIds, this.terms.mirrorChunk);
        await inParallel(sets, chunkConcurrency, async (set) => {
          const done = await this.mirrorSet(position, set, facts.lead, facts.equity);
          result.mirrored += done.mirrored;
          result.skipped += done.skipped;
        });
      }
    });
    // A closed lead position's mirrors, a set of copies per transaction, a few sets side by side.
    const closing = byLeadPosition(await mirrorsToClose(this.db, mirrorsPerPassMax));
    const closeSets = closing.flatMap(({ leadPositionId, symbol, copyIds }) =>
      chunks(copyIds, this.terms.mirrorChunk).map((set) => ({ leadPositionId, symbol, set })),
    );
    await inParallel(closeSets, chunkConcurrency, async ({ leadPositionId, symbol, set }) => {
      const closed = await this.closeSet(leadPositionId, symbol, set);
      result.closed += closed;
    });
    return result;
  }

  /**
   * The monthly profit share: each running copy that has not settled in this Tokyo month (nor
   * started in it) pays the lead their share of its realised profit above the high-water mark,
   * open mirrors counted at their margin. Returns how many copies paid.
   */
  async settleMonthly(): Promise<number> {
    let paid = 0;
    const nowMs = this.now();
    const month = zonedIsoDate(bookZone, nowMs).slice(0, 7);
    for (const candidate of await this.allPages((after) =>
      activeCopies(this.db, this.terms.copiesPage, after),
    )) {
      const shares = await copyShares(this.db, candidate);
      if (zonedIsoDate(bookZone, shares.lastAtMs ?? candidate.startedAtMs).slice(0, 7) >= month) continue;
      const settled = await transactThenEmit(this.db, this.events, async (tx) => {
        const copy = await lockActiveCopy(tx, Number(candidate.id));
        if (!copy) return { value: false, events: [] };
        const cash = await copyCash(tx, copy);
        const margin = (await openMirrors(tx, copy.id)).reduce(
          (sum, m) => sum + (m.holding ? m.margin : 0n),
          0n,
        );
        const { paid: before } = await copyShares(tx, copy);
        const share = profitShare({
          profit: cash + margin - copy.invested + before,
          highWater: copy.highWater,
          pct: copy.profitSharePct,
        });
        if (share.share <= 0n || share.share > cash) return { value: false, events: [] };
        const lead = await this.leadOf(tx, copy);
        await lockAvailable(tx, lead.memberId, copy.currency);
        for (const journal of profitShareJournals(refOf(copy, lead.nickname), lead.memberId, share.share))
          await postJournal(tx, journal, nowMs);
        await saveCopy(tx, { ...copy, highWater: share.highWater });
        return {
          value: true,
          events: [balanceEvent(lead.memberId, copy.currency), balanceEvent(copy.followerId, copy.currency)],
        };
      });
      if (settled) paid += 1;
    }
    return paid;
  }

  /**
   * Stops copies at their floor, at the end of their period, or whose lead was suspended. Every
   * running copy's figures come in one query per page of copies (`copiesPage`) and each symbol's
   * book is read once for all of them; the copies that must stop are stopped a set of
   * FOLLOW_MIRROR_CHUNK per transaction (`stopSet`).
   */
  async checkStops(): Promise<number> {
    const copies = await this.allPages((after) => copyStopFigures(this.db, this.terms.copiesPage, after));
    const books = await this.trading.books(
      copies.flatMap((copy) => copy.held.map((mirror) => mirror.symbol)),
    );
    const nowMs = this.now();
    const due = copies.flatMap((copy): { id: string; reason: StopReason }[] => {
      const reason =
        copy.leadStatus !== "approved"
          ? "lead_suspended"
          : nowMs >= copy.endsAtMs
            ? "time_limit"
            : stopLossReached(copy, markWith(copy.cash, copy.held, books))
              ? "stop_loss"
              : undefined;
      return reason ? [{ id: copy.id, reason }] : [];
    });
    let stopped = 0;
    for (const set of chunks(due, this.terms.mirrorChunk)) stopped += await this.stopSet(set);
    return stopped;
  }

  /**
   * Every running copy, read a page at a time in id order (`read` gets the last id read): a pass
   * checks every copy, not the first page again and again while the copies past it go unseen.
   */
  private async allPages<T extends { id: string }>(read: (afterId: string) => Promise<T[]>): Promise<T[]> {
    const all: T[] = [];
    for (let after = "0"; ; ) {
      const page = await read(after);
      all.push(...page);
      const last = page.at(-1);
      if (!last || page.length < this.terms.copiesPage) return all;
      after = last.id;
    }
  }

  /**
   * Mirrors one lead position into a set of its copies in one transaction: the copies locked, their
   * money read and each one's quantity decided together, then every opening, its journals and the
   * mirrors written in a few statements (`openManyWithin`). Each copy's answer is its own: too
   * small for the trade, short of money, a barred follower or a lead that closed first is recorded
   * as skipped; a closed market or an empty book is waited out (nothing recorded, the next pass
   * tries again). A set that fails for anything else is tried again in halves, so a copy that
   * cannot be written holds up only itself.
   */
  private async mirrorSet(
    position: PendingMirror,
    copyIds: readonly string[],
    lead: LeadRow,
    leadEquity: bigint,
  ): Promise<{ mirrored: number; skipped: number }> {
    try {
      return await transactThenEmit(this.db, this.events, (tx) =>
        this.mirrorSetIn(tx, position, copyIds, lead, leadEquity),
      );
    } catch {
      if (copyIds.length === 1) return { mirrored: 0, skipped: 0 };
      const half = Math.ceil(copyIds.length / 2);
      const first = await this.mirrorSet(position, copyIds.slice(0, half), lead, leadEquity);
      const second = await this.mirrorSet(position, copyIds.slice(half), lead, leadEquity);
      return { mirrored: first.mirrored + second.mirrored, skipped: first.skipped + second.skipped };
    }
  }

  private async mirrorSetIn(
    tx: Conn,
    position: PendingMirror,
    copyIds: readonly string[],
    lead: LeadRow,
    leadEquity: bigint,
  ): Promise<{ value: { mirrored: number; skipped: number }; events: MemberEvent[] }> {
    const nowMs = this.now();
    const copies = await lockUnmirroredCopies(tx, copyIds, position.leadPositionId);
    const skipped: CopyRow[] = [];
    const sized: { copy: CopyRow; quantity: number; cash: bigint }[] = [];
    if (position.holding) {
      const funds = await copyFunds(tx, copies);
      const unit = tradingUnit[marketOf(position.symbol)];
      for (const copy of copies) {
        const { cash, margin } = funds.get(copy.id) ?? { cash: 0n, margin: 0n };
        const quantity = mirrorQuantity({
          leadQuantity: position.quantity,
          leadEquity,
          copyEquity: cash + margin,
          unit,
        });
        if (quantity === 0) skipped.push(copy);
        else sized.push({ copy, quantity, cash });
      }
    } else {
      // The lead closed it before these copies saw it: recorded as skipped.
      skipped.push(...copies);
    }
    const opened: { copy: CopyRow; positionId: string; quantity: number }[] = [];
    if (sized.length > 0) {
      const answers = await this.trading
        .openManyWithin(
          tx,
          { symbol: position.symbol as Position["symbol"], side: position.side, leverage: position.leverage },
          sized.map(({ copy, quantity }) => ({ memberId: copy.followerId, quantity })),
          nowMs,
          async (costs) =>
            costs.map(({ index, cost }) => {
              const { copy, cash } = sized[index] as (typeof sized)[number];
              return cost > cash
                ? new AppError("COPY_FUNDS_INSUFFICIENT")
                : mirrorFundJournal(refOf(copy, lead.nickname), cost);
            }),
        )
        .catch((error: unknown) => {
          // A refusal of the whole set (the market closed, no book) is each copy's answer.
          if (error instanceof AppError) return sized.map(() => error);
          throw error;
        });
      sized.forEach(({ copy, quantity }, index) => {
        const answer = answers[index];
        // Waiting out a closed market or an empty book records nothing; any other refusal (the
        // copy's cash, a barred follower) records the mirror as skipped.
        if (answer instanceof AppError) {
          if (!transientRefusals.has(answer.code)) skipped.push(copy);
        } else if (answer) opened.push({ copy, positionId: answer.positionId, quantity });
      });
    }
    const recorded = [
      ...skipped.map((copy) => ({ copyId: copy.id, followerPositionId: null, quantity: 0 })),
      ...opened.map(({ copy, positionId, quantity }) => ({
        copyId: copy.id,
        followerPositionId: positionId,
        quantity,
      })),
    ];
    // Each copy is locked and had no mirror of this position: the key refusing one now means a
    // writer that does not lock the copy, and the whole set rolls back rather than open twice.
    if ((await insertMirrors(tx, position.leadPositionId, recorded, nowMs)) !== recorded.length)
      throw new Error(`a mirror of lead position ${position.leadPositionId} was written by someone else`);
    const events = opened.flatMap(({ copy, positionId }): MemberEvent[] => [
      { memberId: copy.followerId, event: { type: "position", id: positionId } },
      balanceEvent(copy.followerId, copy.currency),
    ]);
    return { value: { mirrored: opened.length, skipped: skipped.length }, events };
  }

  /**
   * Closes the mirrors of one closed lead position (or whose own position closed another way) in a
   * set of its copies in one transaction (`closeSetIn`). A refusal of the whole set (a closed
   * market, no book) is waited out: nothing is written and the next pass tries again. A set that
   * fails for anything else is tried again in halves, so a copy that cannot be closed holds up
   * only itself. Returns how many mirrors it closed.
   */
  private async closeSet(
    leadPositionId: string,
    symbol: string,
    copyIds: readonly string[],
  ): Promise<number> {
    try {
      return await transactThenEmit(this.db, this.events, (tx) =>
        this.closeSetIn(tx, leadPositionId, symbol, copyIds),
      );
    } catch (error) {
      if (error instanceof AppError || copyIds.length === 1) return 0;
      const half = Math.ceil(copyIds.length / 2);
      return (
        (await this.closeSet(leadPositionId, symbol, copyIds.slice(0, half))) +
        (await this.closeSet(leadPositionId, symbol, copyIds.slice(half)))
      );
    }
  }

  /**
   * The copies locked, their mirrors still held closed together (`closeManyWithin`), and each
   * copy's proceeds moved back into it as `closeMirrorIn` moves one mirror's: the change the close
   * made to the follower's available cash, or, for a loss past the mirror's margin, what the copy
   * has to make it good. A mirror whose position closed another way is only marked closed; one the
   * book is too thin for stays open for the next pass.
   */
  private async closeSetIn(
    tx: Conn,
    leadPositionId: string,
    symbol: string,
    copyIds: readonly string[],
  ): Promise<{ value: number; events: MemberEvent[] }> {
    const nowMs = this.now();
    const copies = await lockMirroringCopies(tx, copyIds, leadPositionId);
    const first = copies[0];
    if (!first) return { value: 0, events: [] };
    const lead = await this.leadOf(tx, first);
    const held = copies.filter((copy) => copy.holding);
    const answers =
      held.length === 0
        ? []
        : await this.trading.closeManyWithin(
            tx,
            symbol,
            held.map((copy) => ({ memberId: copy.followerId, positionId: copy.followerPositionId })),
            nowMs,
            (changes) => this.proceedsOf(tx, held, changes, () => lead.nickname),
          );
    const done = new Set(copies.filter((copy) => !copy.holding).map((copy) => copy.id));
    held.forEach((copy, index) => {
      const answer = answers[index];
      // Closed some other way since the copies were read: nothing to move, as for one not held.
      if (!(answer instanceof AppError) || answer.code === "POSITION_NOT_HOLDING") done.add(copy.id);
    });
    const closed = copies.filter((copy) => done.has(copy.id));
    await markMirrorsClosed(
      tx,
      closed.map((copy) => copy.id),
      leadPositionId,
    );
    const events = closed.flatMap((copy): MemberEvent[] => [
      { memberId: copy.followerId, event: { type: "position", id: copy.followerPositionId } },
      balanceEvent(copy.followerId, copy.currency),
    ]);
    return { value: closed.length, events };
  }

  /**
   * Each closing mirror's proceeds back into its copy, from the change its close makes to the
   * follower's available cash: the change itself when it brought money, or, for a loss past the
   * mirror's margin (which took the member's own cash), what the copy has to make it good.
   */
  private async proceedsOf(
    tx: Conn,
    held: readonly CopyRow[],
    changes: readonly { index: number; availableChange: bigint }[],
    nicknameOf: (copy: CopyRow) => string,
  ): Promise<JournalDraft[]> {
    const copyOf = (index: number) => held[index] as CopyRow;
    const short = changes.filter((each) => each.availableChange < 0n).map((each) => copyOf(each.index));
    const funds = short.length > 0 ? await copyFunds(tx, short) : new Map<string, { cash: bigint }>();
    return changes.flatMap(({ index, availableChange }) => {
      const copy = copyOf(index);
      const ref = refOf(copy, nicknameOf(copy));
      if (availableChange > 0n) return [mirrorProceedsJournal(ref, availableChange)];
      const cover = minBig(-availableChange, funds.get(copy.id)?.cash ?? 0n);
      return cover > 0n ? [mirrorFundJournal(ref, cover)] : [];
    });
  }

  /**
   * Stops a set of the worker's due copies in one transaction (`stopSetIn`); a copy stopped
   * meanwhile, or that another process holds, is left out. A set that fails (a mirror the book is
   * too thin for, a market closed) is tried again in halves, so a copy that cannot stop now holds
   * up only itself and is tried again on the next pass. Returns how many copies it stopped.
   */
  private async stopSet(due: readonly { id: string; reason: StopReason }[]): Promise<number> {
    try {
      return await transactThenEmit(this.db, this.events, async (tx) => {
        const reasons = new Map(due.map((each) => [each.id, each.reason]));
        const copies = await lockActiveCopies(
          tx,
          due.map((each) => each.id),
        );
        const stopping = copies.map((copy) => ({ copy, reason: reasons.get(copy.id) as StopReason }));
        return { value: copies.length, events: await this.stopSetIn(tx, stopping, this.now()) };
      });
    } catch {
      if (due.length === 1) return 0;
      const half = Math.ceil(due.length / 2);
      return (await this.stopSet(due.slice(0, half))) + (await this.stopSet(due.slice(half)));
    }
  }

  /** Cash plus each held mirror marked at the book; undefined when a book is missing. */
  private async markAtBooks(cash: bigint, open: readonly OpenMirror[]): Promise<bigint | undefined> {
    const mirrors = open.filter((m) => m.holding);
    return markWith(cash, mirrors, await this.trading.books(mirrors.map((m) => m.symbol)));
  }

  /**
   * Stops a set of locked running copies: every mirror closes at market (`closeStoppingMirrors`),
   * then each copy pays its lead's share of the profit above the high-water mark and returns what
   * is left to available cash. Inside the caller's transaction.
   */
  private async stopSetIn(
    tx: Conn,
    stopping: readonly { copy: CopyRow; reason: StopReason }[],
    nowMs: number,
  ): Promise<MemberEvent[]> {
    const leads = new Map<string, LeadRow>();
    for (const { copy } of stopping)
      if (!leads.has(copy.leadId)) leads.set(copy.leadId, await this.leadOf(tx, copy));
    const nicknameOf = (copy: CopyRow) => (leads.get(copy.leadId) as LeadRow).nickname;
    const events = await this.closeStoppingMirrors(
      tx,
      stopping.map(({ copy }) => copy),
      nicknameOf,
      nowMs,
    );
    for (const { copy, reason } of stopping)
      events.push(...(await this.settleStopped(tx, copy, leads.get(copy.leadId) as LeadRow, reason, nowMs)));
    return events;
  }

  /**
   * Closes every open mirror of a set of stopping copies, a mirror of each copy at a time: the
   * first held mirror of every copy (in lead position order, the order a copy's own stop closed
   * them one by one), a set per instrument (`closeManyWithin`, its proceeds moved back into each
   * copy by `proceedsOf`), then the second, and so on. So each close sees the follower's cash and
   * the copy's money as a close of that mirror alone would, and copies of one lead (mirroring the
   * same positions) close in one set per lead position. A mirror's refusal (a book too thin for
   * it) fails the whole stop, as it did one by one; a position closed another way is only marked.
   */
  private async closeStoppingMirrors(
    tx: Conn,
    copies: readonly CopyRow[],
    nicknameOf: (copy: CopyRow) => string,
    nowMs: number,
  ): Promise<MemberEvent[]> {
    const open = await openMirrorsOf(
      tx,
      copies.map((copy) => copy.id),
    );
    const events: MemberEvent[] = [];
    const rounds: { copy: CopyRow; mirror: OpenMirror }[][] = [];
    for (const copy of copies) {
      const mirrors = open.get(copy.id) ?? [];
      for (const mirror of mirrors)
        events.push({
          memberId: copy.followerId,
          event: { type: "position", id: mirror.followerPositionId },
        });
      mirrors
        .filter((mirror) => mirror.holding)
        .forEach((mirror, round) => {
          rounds[round] ??= [];
          rounds[round].push({ copy, mirror });
        });
    }
    for (const round of rounds)
      for (const [symbol, set] of bySymbol(round)) {
        const held = set.map(({ copy }) => copy);
        const answers = await this.trading.closeManyWithin(
          tx,
          symbol,
          set.map(({ copy, mirror }) => ({
            memberId: copy.followerId,
            positionId: mirror.followerPositionId,
          })),
          nowMs,
          (changes) => this.proceedsOf(tx, held, changes, nicknameOf),
        );
        const refused = answers.find(
          (answer) => answer instanceof AppError && answer.code !== "POSITION_NOT_HOLDING",
        );
        if (refused) throw refused;
      }
    await markCopiesMirrorsClosed(
      tx,
      copies.map((copy) => copy.id),
    );
    return events;
  }

  /**
   * A stopping copy whose mirrors are closed: the lead's share of the profit above the high-water
   * mark is paid, what is left returns to available cash, and the copy is marked stopped.
   */
  private async settleStopped(
    tx: Tx,
    copy: CopyRow,
    lead: LeadRow,
    reason: StopReason,
    nowMs: number,
  ): Promise<MemberEvent[]> {
    const ref = refOf(copy, lead.nickname);
    const events: MemberEvent[] = [balanceEvent(copy.followerId, copy.currency)];
    const cash = await copyCash(tx, copy);
    // Profit before any share paid: the high-water mark is on the copy's own result.
    const { paid } = await copyShares(tx, copy);
    const settled = profitShare({
      profit: cash - copy.invested + paid,
      highWater: copy.highWater,
      pct: copy.profitSharePct,
    });
    if (settled.share > 0n) {
      await lockAvailable(tx, lead.memberId, copy.currency);
      for (const journal of profitShareJournals(ref, lead.memberId, settled.share))
        await postJournal(tx, journal, nowMs);
      events.push(balanceEvent(lead.memberId, copy.currency));
    }
    const left = cash - settled.share;
    if (left > 0n) {
      await lockAvailable(tx, copy.followerId, copy.currency);
      await postJournal(tx, copyOutJournal(ref, left), nowMs);
    }
    await saveCopy(tx, {
      ...copy,
      status: "stopped",
      highWater: settled.highWater,
      stoppedAtMs: nowMs,
      stopReason: reason,
    });
    return events;
  }

  /**
   * Closes one mirror (if still held) and moves what the close brought to available cash back
   * into the copy: the change of available cash across the close, so fees, taxes and results are
   * exactly those the trading journals wrote.
   */
  private async closeMirrorIn(
    tx: Tx,
    copy: CopyRow,
    nickname: string,
    mirror: OpenMirror,
    nowMs: number,
  ): Promise<void> {
    if (mirror.holding) {
      const before = await lockAvailable(tx, copy.followerId, copy.currency);
      await this.trading.closeWithin(
        tx as Parameters<TradingService["closeWithin"]>[0],
        copy.followerId,
        mirror.followerPositionId,
        nowMs,
      );
      const after = await lockAvailable(tx, copy.followerId, copy.currency);
      const ref = refOf(copy, nickname);
      if (after > before) {
        await postJournal(tx, mirrorProceedsJournal(ref, after - before), nowMs);
      } else if (after < before) {
        // A loss past the mirror's margin took the member's own cash: the copy makes it good.
        const cover = minBig(before - after, await copyCash(tx, copy));
        if (cover > 0n) await postJournal(tx, mirrorFundJournal(ref, cover), nowMs);
      }
    }
    await markMirrorClosed(tx, copy.id, mirror.leadPositionId);
  }

  private async lockOwnActive(tx: Tx, memberId: string, id: number, nowMs: number): Promise<CopyRow> {
    const copy = await copyById(tx, id, true);
    if (!copy || copy.followerId !== memberId) throw new AppError("COPY_NOT_FOUND");
    if (copy.status !== "active") throw new AppError("COPY_NOT_ACTIVE");
    if (nowMs >= copy.endsAtMs) throw new AppError("FOLLOW_TIME_LIMIT_EXCEEDED");
    return copy;
  }

  private async leadOf(tx: Tx, copy: Pick<CopyRow, "leadId">): Promise<LeadRow> {
    const lead = await leadById(tx, copy.leadId);
    if (!lead) throw new Error(`copy of a lead that is not there: ${copy.leadId}`);
    return lead;
  }

  private checkRange(currency: Currency, amount: bigint): void {
    const minimum = this.terms.minimum.get(currency) ?? 0n;
    const maximum = this.terms.maximum.get(currency) ?? 0n;
    if (amount < minimum || amount > maximum)
      throw new AppError("COPY_AMOUNT_OUT_OF_RANGE", {
        minimum: minimum.toString(),
        maximum: maximum.toString(),
        currency,
      });
  }

  private async copyOf(tx: Tx, id: string): Promise<Copy> {
    const view = await copyViewById(tx, id);
    if (!view) throw new Error(`copy ${id} vanished`);
    return this.toCopy(view, tx);
  }

  private async toCopy(view: CopyView, tx: Tx = this.db): Promise<Copy> {
    // The view carries the copy's cash; its open mirrors are read once, for the mark and the fallback.
    const mirrors = view.status === "active" ? await openMirrors(tx, view.id) : [];
    const marked = view.status === "active" ? await this.markAtBooks(view.cash, mirrors) : 0n;
    // Without a book to mark at, open mirrors count at their margin.
    const equity = marked ?? view.cash + mirrors.reduce((sum, m) => sum + (m.holding ? m.margin : 0n), 0n);
    const invested = view.invested;
    return {
      id: view.id,
      leadId: view.leadId,
      nickname: view.nickname,
      nicknames: view.nicknames,
      avatar: view.avatar,
      currency: view.currency as Copy["currency"],
      status: view.status,
      invested: invested.toString(),
      equity: equity.toString(),
      // A stopped copy's result is what came back less what went in (after the profit share).
      profit: (view.status === "active" ? equity - invested : -view.netIn).toString(),
      stopLossPct: view.stopPct,
      floor: copyStopFloor(invested, view.stopPct).toString(),
      periodDays: view.periodDays,
      profitSharePct: view.profitSharePct,
      profitSharePaid: view.sharePaid.toString(),
      openMirrors: view.openMirrors,
      skippedMirrors: view.skippedMirrors,
      startedAtMs: view.startedAtMs,
      endsAtMs: view.endsAtMs,
      stoppedAtMs: view.stoppedAtMs,
      stopReason: view.stopReason,
    };
  }
}

/** Open positions as shares of equity, one line per stock and side (the highest leverage shown). */
function allocationOf(
  open: readonly { symbol: string; side: "long" | "short"; leverage: number; margin: bigint }[],
  equity: bigint,
): LeadDetail["allocation"] {
  const lines = new Map<
    string,
    { symbol: string; side: "long" | "short"; leverage: number; margin: bigint }
  >();
  for (const trade of open) {
    const key = `${trade.symbol}/${trade.side}`;
    const line = lines.get(key);
    lines.set(key, {
      symbol: trade.symbol,
      side: trade.side,
      leverage: Math.max(line?.leverage ?? 0, trade.leverage),
      margin: (line?.margin ?? 0n) + trade.margin,
    });
  }
  return [...lines.values()].map((line) => ({
    symbol: line.symbol,
    side: line.side,
    leverage: line.leverage,
    sharePct: equity > 0n ? Number((line.margin * 10_000n) / equity) / 100 : 0,
  }));
}

function toApplication(lead: LeadRow): LeadApplication {
  return {
    nickname: lead.nickname,
    avatar: lead.avatar,
    bio: lead.bio,
    currency: lead.currency as LeadApplication["currency"],
    status: lead.status,
    appliedAtMs: lead.appliedAtMs,
    reason: lead.reason,
  };
}

function refOf(copy: Pick<CopyRow, "id" | "followerId" | "currency">, lead: string): CopyRef {
  return { id: copy.id, followerId: copy.followerId, currency: copy.currency, lead };
}

function balanceEvent(memberId: string, currency: Currency): MemberEvent {
  return { memberId, event: { type: "balance", id: currency } };
}

function minBig(a: bigint, b: bigint): bigint {
  return a < b ? a : b;
}

/** Cash plus each held mirror marked at its book; undefined when a book is missing or too thin. */
function markWith(
  cash: bigint,
  open: readonly OpenMirror[],
  books: ReadonlyMap<string, Book>,
): bigint | undefined {
  let equity = cash;
  for (const mirror of open) {
    if (!mirror.holding) continue;
    const value = markMirror(mirror, books.get(mirror.symbol));
    if (value === undefined) return undefined;
    equity += value;
  }
  return equity;
}

/** The copy's equity, marked at what closing its mirrors would fetch, at or below its floor. */
function stopLossReached(copy: Pick<CopyRow, "invested" | "stopPct">, equity: bigint | undefined): boolean {
  return equity !== undefined && copyStopReached(equity, copyStopFloor(copy.invested, copy.stopPct));
}

/** A held mirror's margin plus its result if closed into this book now; undefined without a fill. */
function markMirror(mirror: OpenMirror, book: Book | undefined): bigint | undefined {
  if (!book) return undefined;
  const market = marketOf(mirror.symbol);
  const fill = walkBook(book, market, mirror.side === "long" ? "short" : "long", mirror.quantity);
  if (!fill) return undefined;
  return mirror.margin + profit(mirror.side, mirror.openNotional, toMinor(fill.scaledNotional, market));
}

/** A set of mirrors by their instrument, each instrument's in the order they come. */
function bySymbol<T extends { mirror: OpenMirror }>(items: readonly T[]): Map<string, T[]> {
  const symbols = new Map<string, T[]>();
  for (const item of items) {
    const set = symbols.get(item.mirror.symbol);
    if (set) set.push(item);
    else symbols.set(item.mirror.symbol, [item]);
  }
  return symbols;
}

/** Mirrors to close by lead position, in the order they come: each position with the copies to close. */
function byLeadPosition(
  items: readonly { copyId: string; leadPositionId: string; symbol: string }[],
): { leadPositionId: string; symbol: string; copyIds: string[] }[] {
  const positions = new Map<string, { leadPositionId: string; symbol: string; copyIds: string[] }>();
  for (const item of items) {
    const group = positions.get(item.leadPositionId);
    if (group) group.copyIds.push(item.copyId);
    else
      positions.set(item.leadPositionId, {
        leadPositionId: item.leadPositionId,
        symbol: item.symbol,
        copyIds: [item.copyId],
      });
  }
  return [...positions.values()];
}

/**
 * The pass's work by lead, and each lead's by position, oldest first (as the pending rows come):
 * each position with the copies that have not seen it.
 */
function byLead(pending: readonly PendingMirror[]): { position: PendingMirror; copyIds: string[] }[][] {
  const leads = new Map<string, Map<string, { position: PendingMirror; copyIds: string[] }>>();
  for (const item of pending) {
    let positions = leads.get(item.leadId);
    if (!positions) {
      positions = new Map();
      leads.set(item.leadId, positions);
    }
    const group = positions.get(item.leadPositionId);
    if (group) group.copyIds.push(item.copyId);
    else positions.set(item.leadPositionId, { position: item, copyIds: [item.copyId] });
  }
  return [...leads.values()].map((positions) => [...positions.values()]);
}

function chunks<T>(items: readonly T[], size: number): T[][] {
  const sets: T[][] = [];
  for (let start = 0; start < items.length; start += size) sets.push(items.slice(start, start + size));
  return sets;
}

async function inParallel<T>(
  items: readonly T[],
  width: number,
  work: (item: T) => Promise<void>,
): Promise<void> {
  let next = 0;
  const lanes = Array.from({ length: Math.min(width, items.length) }, async () => {
    while (next < items.length) {
      const item = items[next] as T;
      next += 1;
      await work(item);
    }
  });
  await Promise.all(lanes);
}
