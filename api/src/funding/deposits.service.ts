import type { Deposit, depositSubmitSchema, OpsDeposit } from "@kabuto/shared/api/funding";
import { reviewDecisionSchema } from "@kabuto/shared/api/ops";
import { isDeskOpen } from "@kabuto/shared/market/desk-hours";
import { decimalToMinor } from "@kabuto/shared/money";
import type { z } from "zod";
import type { Db } from "../db/database.ts";
import { AppError } from "../errors.ts";
import { type AccountEvents, transactThenEmit } from "../events/account-events.ts";
import { type Claim, type Keyed, underClaim } from "../idempotency/claims.ts";
import { numericId } from "../ids.ts";
import { recordAudit } from "../kernel/audit.ts";
import { lockMember, memberFlags } from "../kernel/members.repo.ts";
import type { StaffMember } from "../kernel/staff-sessions.ts";
import { postJournal, type Tx } from "../ledger/ledger.repo.ts";
import type { InvitationsService } from "../rewards/invitations.service.ts";
import type { PreparedImage, SaveImage, UploadStore } from "../uploads/upload-store.ts";
import { validate } from "../validate.ts";
import type { StaffContext } from "./channels.service.ts";
import type { FundHours } from "./fund-hours.ts";
import { assertNoOpenRequest, assertSubmissionRate, openRequestConflict } from "./fund-requests.ts";
import {
  type DepositChannel,
  decideDeposit,
  enabledChannel,
  insertDeposit,
  lockDeposit,
  memberDeposits,
  opsDeposit,
  opsDeposits,
} from "./funding.repo.ts";
import { depositJournal } from "./funding-drafts.ts";

export interface DepositsDeps {
  db: Db;
  uploads: UploadStore;
  now: () => number;
  events: AccountEvents;
  fundHours: FundHours;
  /** Pays an inviter when this approval is their invitee's first deposit after verification. */
  invitations: InvitationsService;
}

/**
 * Deposits by bank transfer: the member names a channel and an amount and sends the transfer
 * receipt; operations compare it with the bank statement and approve (a journal credits the
 * member) or reject it with a reason.
 */
/** A deposit as the member entered it, parsed by the route. */
export type DepositFields = z.output<typeof depositSubmitSchema>;

export class DepositsService {
  private readonly deps: DepositsDeps;

  constructor(deps: DepositsDeps) {
    this.deps = deps;
  }

  async list(memberId: string): Promise<Deposit[]> {
    return memberDeposits(this.deps.db, memberId);
  }

  /** Operations' queue: deposits in `status` (pending by default). */
  opsList(status: Deposit["status"] | undefined): Promise<OpsDeposit[]> {
    return opsDeposits(this.deps.db, status);
  }

  /**
   * Every check that needs no image runs before the receipt is decoded and re-encoded, and all
   * of them again under the member's lock in the transaction that writes it.
   */
  async submit(
    memberId: string,
    body: DepositFields,
    receipt: Express.Multer.File | undefined,
    claim?: Claim,
  ): Promise<Keyed<Deposit>> {
    const { db, now, uploads } = this.deps;
    const nowMs = now();
    if ((await memberFlags(db, memberId)).frozen) throw new AppError("ACCOUNT_FROZEN");
    if (!isDeskOpen(this.deps.fundHours, nowMs)) throw new AppError("OUTSIDE_FUND_HOURS");
    await checkAmount(db, Number(body.channelId), body.amount);
    if (!receipt || receipt.size === 0) throw new AppError("RECEIPT_REQUIRED");
    await assertNoOpenRequest(db, memberId);
    await assertSubmissionRate(db, memberId, nowMs);
    const image = await uploads.prepare(receipt);
    try {
      // No account event: nothing has moved yet; the balance changes when operations approve.
      return await uploads.transaction(db, (tx, save) =>
        underClaim(tx, memberId, claim, nowMs, () =>
          this.record(tx, save, memberId, Number(body.channelId), body.amount, image, nowMs),
        ),
      );
    } catch (error) {
      throw openRequestConflict(error) ?? error;
    }
  }

  async opsDetail(id: string): Promise<OpsDeposit> {
    const found = await opsDeposit(this.deps.db, numericId(id, "DEPOSIT_NOT_FOUND"));
    if (!found) throw new AppError("DEPOSIT_NOT_FOUND");
    return found;
  }

  /** Approves a pending deposit (the house clearing account credits the member) or rejects it with a reason. */
  async review(id: string, input: unknown, staff: StaffMember, context: StaffContext): Promise<OpsDeposit> {
    const depositId = numericId(id, "DEPOSIT_NOT_FOUND");
    const decision = validate(reviewDecisionSchema, input);
    const reason = decision.reason || null;
    if (decision.decision === "reject" && !reason) throw new AppError("REASON_REQUIRED");
    await transactThenEmit(this.deps.db, this.deps.events, async (tx) => {
      const deposit = await lockDeposit(tx, depositId);
      if (!deposit) throw new AppError("DEPOSIT_NOT_FOUND");
      if (deposit.status !== "pending") throw new AppError("REQUEST_NOT_PENDING");
      const { memberId, currency } = deposit;
      let journalId: number | null = null;
      if (decision.decision === "approve") {
        journalId = await postJournal(
          tx,
          depositJournal({ id: depositId, memberId, currency, amount: deposit.amount, reason }),
          context.nowMs,
        );
      }
      const status = decision.decision === "approve" ? "approved" : "rejected";
      await decideDeposit(tx, depositId, {
        status,
        reason,
        journalId,
        staffId: staff.id,
        nowMs: context.nowMs,
      });
      await recordAudit(tx, {
        staffId: staff.id,
        action: `deposit.${decision.decision}`,
        target: `deposit:${depositId}`,
        before: { status: deposit.status },
        after: { status, journalId: journalId === null ? null : String(journalId) },
        reason,
        ip: context.ip,
        atMs: context.nowMs,
      });
      if (journalId === null) return { value: undefined, events: [] };
      // A first deposit by a verified invitee: the inviter's reward commits with this approval.
      const rewarded = await this.deps.invitations.payIfEarned(tx, memberId, context.nowMs);
      return {
        value: undefined,
        events: [{ memberId, event: { type: "balance", id: currency } }, ...rewarded],
      };
    });
    return this.opsDetail(id);
  }

  private async record(
    tx: Tx,
    save: SaveImage,
    memberId: string,
    channelId: number,
    amountText: string,
    image: PreparedImage,
    nowMs: number,
  ): Promise<Deposit> {
    if ((await lockMember(tx, memberId)).frozen) throw new AppError("ACCOUNT_FROZEN");
    const { channel, amount } = await checkAmount(tx, channelId, amountText);
    await assertNoOpenRequest(tx, memberId);
    await assertSubmissionRate(tx, memberId, nowMs);
    const receiptId = await save(memberId, "receipt", image, nowMs);
    return insertDeposit(tx, { memberId, channel, amount, receiptId, nowMs });
  }
}

/** The channel (enabled) and the amount in its currency's minor units, within its limits. */
async function checkAmount(
  tx: Tx,
  channelId: number,
  amountText: string,
): Promise<{ channel: DepositChannel; amount: bigint }> {
  const channel = await enabledChannel(tx, channelId);
  if (!channel) throw new AppError("CHANNEL_NOT_FOUND");
  const amount = decimalToMinor(amountText, channel.currency);
  if (amount === undefined || amount <= 0n) throw new AppError("AMOUNT_INVALID");
  if (amount < channel.min) {
    throw new AppError("AMOUNT_BELOW_MINIMUM", {
      minimum: channel.min.toString(),
      currency: channel.currency,
    });
  }
  if (amount > channel.max) {
    throw new AppError("AMOUNT_ABOVE_MAXIMUM", {
      maximum: channel.max.toString(),
      currency: channel.currency,
    });
  }
  return { channel, amount };
}
