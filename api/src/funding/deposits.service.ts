import type { Currency, Deposit, OpsDeposit } from "@kabuto/shared";
import { decimalToMinor, type depositSubmitSchema, isDeskOpen, reviewDecisionSchema } from "@kabuto/shared";
import { sql } from "drizzle-orm";
import type { z } from "zod";
import type { Db } from "../db/database.ts";
import { type Row, rowsOf } from "../db/rows.ts";
import { AppError } from "../errors.ts";
import { type AccountEvents, transactThenEmit } from "../events/account-events.ts";
import { type Claim, type Keyed, storedResult, underClaim } from "../idempotency/claims.ts";
import { numericId } from "../ids.ts";
import { houseAccount, memberAccount, transfer } from "../ledger/journal.ts";
import { postJournal, type Tx } from "../ledger/ledger.repo.ts";
import { recordAudit } from "../ops/audit.ts";
import type { StaffMember } from "../ops/staff-sessions.ts";
import type { InvitationsService } from "../rewards/invitations.service.ts";
import type { PreparedImage, SaveImage, UploadStore } from "../uploads/upload-store.ts";
import { validate } from "../validate.ts";
import type { StaffContext } from "./channels.service.ts";
import type { FundHours } from "./fund-hours.ts";
import {
  assertNoOpenRequest,
  assertSubmissionRate,
  lockMember,
  memberFlags,
  openRequestConflict,
} from "./fund-requests.ts";
import { memberDeposits, opsDeposit, opsDeposits, toDeposit } from "./funding.repo.ts";

export interface DepositsDeps {
  db: Db;
  uploads: UploadStore;
  now: () => number;
  events: AccountEvents;
  fundHours: FundHours;
  /** Pays an inviter when this approval is their invitee's first deposit after verification. */
  invitations: InvitationsService;
}

interface Channel {
  id: number;
  name: string;
  currency: Currency;
  min: bigint;
  max: bigint;
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
    // A retry of a deposit accepted before a freeze gets its first answer.
    const replay = await storedResult(db, memberId, claim);
    if (replay) return { replayed: true, answer: replay };
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
      const [row] = rowsOf(await tx.execute(sql`select * from deposits where id = ${depositId} for update`));
      if (!row) throw new AppError("DEPOSIT_NOT_FOUND");
      if (row.status !== "pending") throw new AppError("REQUEST_NOT_PENDING");
      const memberId = String(row.member_id);
      const currency = String(row.currency) as Currency;
      let journalId: number | null = null;
      if (decision.decision === "approve") {
        journalId = await postJournal(
          tx,
          {
            kind: "deposit",
            memberId,
            ref: `deposit:${depositId}`,
            memo: reason,
            // Staff's own words (the remark on an approval), read as they wrote them.
            description: null,
            postings: transfer(
              houseAccount("clearing", currency),
              memberAccount(memberId, "available", currency),
              BigInt(String(row.amount_minor)),
            ),
          },
          context.nowMs,
        );
      }
      const status = decision.decision === "approve" ? "approved" : "rejected";
      await tx.execute(sql`
        update deposits set status = ${status}, reason = ${reason}, journal_id = ${journalId},
          reviewed_by = ${staff.id}, reviewed_at_ms = ${context.nowMs}
        where id = ${depositId}`);
      await recordAudit(tx, {
        staffId: staff.id,
        action: `deposit.${decision.decision}`,
        target: `deposit:${depositId}`,
        before: { status: row.status },
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
    const [row] = rowsOf(
      await tx.execute(sql`
        insert into deposits (member_id, channel_id, currency, amount_minor, receipt_upload_id, status, created_at_ms)
        values (${memberId}, ${channel.id}, ${channel.currency}, ${amount.toString()}::bigint, ${receiptId}, 'pending', ${nowMs})
        returning *`),
    );
    return toDeposit({ ...(row as Row), channel_name: channel.name });
  }
}

/** The channel (enabled) and the amount in its currency's minor units, within its limits. */
async function checkAmount(
  tx: Tx,
  channelId: number,
  amountText: string,
): Promise<{ channel: Channel; amount: bigint }> {
  const [row] = rowsOf(
    await tx.execute(sql`select * from recharge_channels where id = ${channelId} and enabled`),
  );
  if (!row) throw new AppError("CHANNEL_NOT_FOUND");
  const channel: Channel = {
    id: Number(row.id),
    name: String(row.name),
    currency: String(row.currency) as Currency,
    min: BigInt(String(row.min_minor)),
    max: BigInt(String(row.max_minor)),
  };
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
