import type { Bus } from "@kabuto/bus";
import type {
  OpsWithdrawal,
  OpsWithdrawalDetail,
  Withdrawable,
  Withdrawal,
} from "@kabuto/shared/api/funding";
import { withdrawalCheckSchema, type withdrawRequestSchema } from "@kabuto/shared/api/funding";
import { reviewDecisionSchema } from "@kabuto/shared/api/ops";
import { isDeskOpen } from "@kabuto/shared/market/desk-hours";
import { decimalToMinor } from "@kabuto/shared/money";
import type { Currency } from "@kabuto/shared/symbols";
import type { z } from "zod";
import type { Db } from "../db/database.ts";
import { AppError } from "../errors.ts";
import type { AccountEvents } from "../events/account-events.ts";
import { type Claim, type Keyed, underClaim } from "../idempotency/claims.ts";
import { verifyFundPassword } from "../identity/fund-password.ts";
import { numericId } from "../ids.ts";
import { recordAudit } from "../kernel/audit.ts";
import { lockMember, memberFlags } from "../kernel/members.repo.ts";
import type { StaffMember } from "../kernel/staff-sessions.ts";
import { lockAvailable, postJournal, type Tx } from "../ledger/ledger.repo.ts";
import type { ThrottleStore } from "../security/throttle.ts";
import { validate } from "../validate.ts";
import type { StaffContext } from "./channels.service.ts";
import type { FundHours } from "./fund-hours.ts";
import { assertNoOpenRequest, assertSubmissionRate, openRequestConflict } from "./fund-requests.ts";
import {
  availableByHeldCurrency,
  decideWithdrawal,
  insertWithdrawal,
  type LockedWithdrawal,
  liveCardId,
  lockWithdrawal as lockWithdrawalRow,
  markWithdrawalChecked,
  memberWithdrawal,
  memberWithdrawals,
  opsWithdrawal,
  opsWithdrawals,
} from "./funding.repo.ts";
import { withdrawalDecisionJournal, withdrawalHoldJournal } from "./funding-drafts.ts";
import { withdrawMinimum } from "./withdraw-rules.ts";
import { computeWithdrawable } from "./withdrawable.ts";

export interface WithdrawalsDeps {
  db: Db;
  /** Counts fund-password guesses (see verifyFundPassword). */
  throttle: ThrottleStore;
  bus: Bus;
  now: () => number;
  events: AccountEvents;
  fundHours: FundHours;
  minimums: ReadonlyMap<Currency, bigint>;
  /** Days reward cash stays out of what may be withdrawn. */
  rewardHoldDays: number;
}

/**
 * Withdrawals: on request the amount moves from available to held; a first staff member checks
 * the payout, a second approves it (paid out to the house clearing account) or either rejects
 * it (released back to available).
 */
/** A withdrawal request as the member entered it, parsed by the route. */
export type WithdrawFields = z.output<typeof withdrawRequestSchema>;

export class WithdrawalsService {
  private readonly deps: WithdrawalsDeps;

  constructor(deps: WithdrawalsDeps) {
    this.deps = deps;
  }

  /** One item per currency the member holds: the computation the withdraw screen shows. */
  async withdrawable(memberId: string): Promise<Withdrawable[]> {
    const { db } = this.deps;
    // Every currency the member holds cash or a position in, with the cash available in it.
    const available = await availableByHeldCurrency(db, memberId);
    return computeWithdrawable(db, this.deps, memberId, available);
  }

  async list(memberId: string): Promise<Withdrawal[]> {
    return memberWithdrawals(this.deps.db, memberId);
  }

  /** Operations' queue: withdrawals in `status` (pending by default). */
  opsList(status: OpsWithdrawal["status"] | undefined): Promise<OpsWithdrawal[]> {
    return opsWithdrawals(this.deps.db, status);
  }

  async request(memberId: string, body: WithdrawFields, claim?: Claim): Promise<Keyed<Withdrawal>> {
    const { db, now } = this.deps;
    const nowMs = now();
    const flags = await memberFlags(db, memberId);
    if (flags.frozen) throw new AppError("ACCOUNT_FROZEN");
    if (flags.withdrawBarred) throw new AppError("WITHDRAW_BARRED");
    if (!isDeskOpen(this.deps.fundHours, nowMs)) throw new AppError("OUTSIDE_FUND_HOURS");
    try {
      const result = await db.transaction((tx) =>
        underClaim(tx, memberId, claim, nowMs, async () => {
          // Under the key's claim: a retry sent while this request still runs waits for it there
          // and gets its answer, instead of spending one of the member's guesses. The guess is
          // counted in the throttle store, outside this transaction, so it is counted whatever
          // becomes of the request.
          await verifyFundPassword(
            { db: tx, throttle: this.deps.throttle },
            memberId,
            body.fundPassword,
            nowMs,
          );
          return this.hold(tx, memberId, body, nowMs);
        }),
      );
      // Told once committed: the held money left available cash.
      if (!result.replayed) this.deps.events(memberId, { type: "balance", id: result.value.currency });
      return result;
    } catch (error) {
      throw openRequestConflict(error) ?? error;
    }
  }

  async opsDetail(id: string): Promise<OpsWithdrawalDetail> {
    const found = await opsWithdrawal(this.deps.db, numericId(id, "WITHDRAWAL_NOT_FOUND"));
    if (!found) throw new AppError("WITHDRAWAL_NOT_FOUND");
    return found;
  }

  /** Maker: prepares the payout (pending → checked); someone else must approve it. */
  async check(id: string, input: unknown, staff: StaffMember, context: StaffContext) {
    const withdrawalId = numericId(id, "WITHDRAWAL_NOT_FOUND");
    const { payoutReference } = validate(withdrawalCheckSchema, input);
    await this.deps.db.transaction(async (tx) => {
      const row = await lockWithdrawal(tx, withdrawalId);
      if (row.status !== "pending") throw new AppError("REQUEST_NOT_PENDING");
      await markWithdrawalChecked(tx, withdrawalId, {
        staffId: staff.id,
        payoutReference: payoutReference || null,
        nowMs: context.nowMs,
      });
      await recordAudit(tx, {
        staffId: staff.id,
        action: "withdrawal.check",
        target: `withdrawal:${withdrawalId}`,
        before: { status: row.status },
        after: { status: "checked", payoutReference: payoutReference || null },
        ip: context.ip,
        atMs: context.nowMs,
      });
    });
    return this.opsDetail(id);
  }

  /**
   * Checker: approves a checked withdrawal (never their own check) and pays it out, or rejects
   * a pending or checked one with a reason and releases the money.
   */
  async review(id: string, input: unknown, staff: StaffMember, context: StaffContext) {
    const withdrawalId = numericId(id, "WITHDRAWAL_NOT_FOUND");
    const decision = validate(reviewDecisionSchema, input);
    const reason = decision.reason || null;
    if (decision.decision === "reject" && !reason) throw new AppError("REASON_REQUIRED");
    const settled = await this.deps.db.transaction(async (tx) => {
      const row = await lockWithdrawal(tx, withdrawalId);
      const { memberId, currency } = row;
      const approve = decision.decision === "approve";
      if (approve) {
        if (row.status !== "checked") throw new AppError("REQUEST_NOT_PENDING");
        if (row.makerStaffId === staff.id) throw new AppError("MAKER_CHECKER");
      } else if (row.status !== "pending" && row.status !== "checked") {
        throw new AppError("REQUEST_NOT_PENDING");
      }
      const journalId = await postJournal(
        tx,
        withdrawalDecisionJournal(
          { id: withdrawalId, memberId, currency, amount: row.amount },
          approve,
          reason,
        ),
        context.nowMs,
      );
      const status = approve ? "approved" : "rejected";
      await decideWithdrawal(tx, withdrawalId, { status, reason, staffId: staff.id, nowMs: context.nowMs });
      await recordAudit(tx, {
        staffId: staff.id,
        action: approve ? "withdrawal.approve" : "withdrawal.reject",
        target: `withdrawal:${withdrawalId}`,
        before: { status: row.status },
        after: { status, journalId: String(journalId) },
        reason,
        ip: context.ip,
        atMs: context.nowMs,
      });
      return { memberId, currency };
    });
    this.deps.events(settled.memberId, { type: "balance", id: settled.currency });
    return this.opsDetail(id);
  }

  private async hold(tx: Tx, memberId: string, body: WithdrawFields, nowMs: number): Promise<Withdrawal> {
    const flags = await lockMember(tx, memberId);
    if (flags.frozen) throw new AppError("ACCOUNT_FROZEN");
    if (flags.withdrawBarred) throw new AppError("WITHDRAW_BARRED");
    const cardId = await liveCardId(tx, Number(body.cardId), memberId);
    if (cardId === undefined) throw new AppError("CARD_NOT_FOUND");
    const { currency } = body;
    const amount = decimalToMinor(body.amount, currency);
    if (amount === undefined || amount <= 0n) throw new AppError("AMOUNT_INVALID");
    const minimum = withdrawMinimum(this.deps.minimums, currency);
    if (amount < minimum) {
      throw new AppError("AMOUNT_BELOW_MINIMUM", { minimum: minimum.toString(), currency });
    }
    const available = await lockAvailable(tx, memberId, currency);
    const [limit] = await computeWithdrawable(tx, this.deps, memberId, new Map([[currency, available]]));
    if (!limit || amount > BigInt(limit.withdrawable)) {
      // The spec's "unpaid credit loan must be repaid first": the amount would fit but for the loan.
      const withoutLoans = limit ? BigInt(limit.withdrawable) + BigInt(limit.loans) : 0n;
      const code =
        limit && BigInt(limit.loans) > 0n && amount <= withoutLoans
          ? "LOAN_UNPAID"
          : "INSUFFICIENT_WITHDRAWABLE";
      throw new AppError(code, { ...limit });
    }
    await assertNoOpenRequest(tx, memberId);
    await assertSubmissionRate(tx, memberId, nowMs);
    const withdrawalId = await insertWithdrawal(tx, { memberId, cardId, currency, amount, nowMs });
    await postJournal(tx, withdrawalHoldJournal({ id: withdrawalId, memberId, currency, amount }), nowMs);
    return memberWithdrawal(tx, withdrawalId);
  }
}

async function lockWithdrawal(tx: Tx, id: number): Promise<LockedWithdrawal> {
  const row = await lockWithdrawalRow(tx, id);
  if (!row) throw new AppError("WITHDRAWAL_NOT_FOUND");
  return row;
}
