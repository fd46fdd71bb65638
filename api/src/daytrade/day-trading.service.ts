import type {
  DayTradeApplication,
  DayTradeApplicationStatus,
  DayTradeMarket,
  DayTrading,
  OpsDayTradeApplication,
} from "@kabuto/shared/api/day-trading";
import type { ReviewDecision } from "@kabuto/shared/api/ops";
import type { Position } from "@kabuto/shared/api/trading";
import type { Market } from "@kabuto/shared/symbols";
import { marketCurrency, markets } from "@kabuto/shared/symbols";
import { dayTradeBuyingPower, dayTradeLeverage } from "@kabuto/shared/trading/day-trade";
import type { Db } from "../db/database.ts";
import { AppError } from "../errors.ts";
import { type Claim, type Keyed, underClaim } from "../idempotency/claims.ts";
import { numericId } from "../ids.ts";
import { recordAudit } from "../kernel/audit.ts";
import { lockMemberRow } from "../kernel/members.repo.ts";
import type { StaffMember } from "../kernel/staff-sessions.ts";
import { memberBalances } from "../ledger/ledger.repo.ts";
import type { TradingService } from "../trading/trading.service.ts";
import {
  applicationsByStatus,
  decideApplication,
  insertApplication,
  latestApplication,
  liveApplication,
  lockApplication,
  opsApplication,
  toApplication,
} from "./day-trading.repo.ts";

export interface StaffContext {
  nowMs: number;
  ip: string;
}

/**
 * Applications to day trade and their review: what needs only the database (the embedded
 * demo's seed applies and approves through this).
 */
export class DayTradeApplications {
  protected readonly db: Db;
  protected readonly now: () => number;

  constructor(deps: { db: Db; now: () => number }) {
    this.db = deps.db;
    this.now = deps.now;
  }

  /** Applies, having agreed to the risks and the forced close. One pending or approved application at a time. */
  async apply(memberId: string, claim?: Claim): Promise<Keyed<DayTradeApplication>> {
    const nowMs = this.now();
    return this.db.transaction((tx) =>
      underClaim(tx, memberId, claim, nowMs, async () => {
        // The member's row lock serialises their applications: two at once make one.
        const member = await lockMemberRow(tx, memberId);
        if (!member || member.disabled) throw new AppError("UNAUTHENTICATED");
        if (member.frozen) throw new AppError("ACCOUNT_FROZEN");
        const live = await liveApplication(tx, memberId);
        if (live) throw new AppError("DAY_TRADE_ALREADY_APPLIED", { status: live.status });
        return toApplication(await insertApplication(tx, memberId, nowMs));
      }),
    );
  }

  // Operations

  opsList(status: DayTradeApplicationStatus = "pending"): Promise<OpsDayTradeApplication[]> {
    return applicationsByStatus(this.db, status);
  }

  async opsDetail(id: string): Promise<OpsDayTradeApplication> {
    const found = await opsApplication(this.db, numericId(id, "DAY_TRADE_APPLICATION_NOT_FOUND"));
    if (!found) throw new AppError("DAY_TRADE_APPLICATION_NOT_FOUND");
    return found;
  }

  /** Approves a pending application or rejects it with the reason the member reads; the audit log keeps both. */
  async review(
    id: string,
    decision: ReviewDecision,
    staff: StaffMember,
    context: StaffContext,
  ): Promise<OpsDayTradeApplication> {
    const applicationId = numericId(id, "DAY_TRADE_APPLICATION_NOT_FOUND");
    const reason = decision.reason || null;
    if (decision.decision === "reject" && !reason) throw new AppError("REASON_REQUIRED");
    await this.db.transaction(async (tx) => {
      const found = await lockApplication(tx, applicationId);
      if (!found) throw new AppError("DAY_TRADE_APPLICATION_NOT_FOUND");
      if (found.status !== "pending") throw new AppError("REQUEST_NOT_PENDING");
      const status = decision.decision === "approve" ? "approved" : "rejected";
      await decideApplication(tx, applicationId, { status, reason, staffId: staff.id, nowMs: context.nowMs });
      await recordAudit(tx, {
        staffId: staff.id,
        action: decision.decision === "approve" ? "daytrade.approve" : "daytrade.reject",
        target: `day_trade:${applicationId}`,
        before: { status: found.status },
        after: { status },
        reason,
        ip: context.ip,
        atMs: context.nowMs,
      });
    });
    return this.opsDetail(id);
  }
}

/**
 * Day trading as members and operations see it: the applications, and each market's terms,
 * today's cut-off and the buying power the rules give the member now. Orders and the cut-off's
 * closes are the trading service's (`placeOrder` with `dayTrade`, the worker).
 */
export class DayTradingService extends DayTradeApplications {
  private readonly trading: TradingService;

  constructor(deps: { db: Db; trading: TradingService; now: () => number }) {
    super(deps);
    this.trading = deps.trading;
  }

  async overview(memberId: string): Promise<DayTrading> {
    const [latest, balances] = await Promise.all([
      latestApplication(this.db, memberId),
      memberBalances(this.db, memberId),
    ]);
    const approved = latest?.status === "approved";
    const nowMs = this.now();
    const marketOf = (market: Market): DayTradeMarket => {
      const terms = this.trading.dayTrade.terms[market];
      const currency = marketCurrency[market];
      const open = this.trading.dayTradeOpen(market, nowMs);
      const available =
        balances.find((balance) => balance.purpose === "available" && balance.currency === currency)
          ?.balance ?? 0n;
      return {
        currency,
        marginPct: terms.marginPct,
        leverage: dayTradeLeverage(terms.marginPct),
        feePpm: terms.feePpm,
        cutoffMs: this.trading.dayTradeCutoff(market, nowMs) ?? null,
        open,
        buyingPower: (approved && open ? dayTradeBuyingPower(available, terms) : 0n).toString(),
      };
    };
    const [jp, us] = markets.map(marketOf) as [DayTradeMarket, DayTradeMarket];
    return {
      application: latest ? toApplication(latest) : null,
      cutoffMinutes: this.trading.dayTrade.cutoffMinutes,
      markets: { JP: jp, US: us },
    };
  }

  positions(memberId: string, status?: Position["status"]): Promise<Position[]> {
    return this.trading.dayTrades(memberId, status);
  }
}
