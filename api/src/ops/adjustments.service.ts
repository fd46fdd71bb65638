import type { Adjustment, adjustmentRequestSchema } from "@kabuto/shared/api/ops";
import { decimalToMinor } from "@kabuto/shared/money";
import type { Currency } from "@kabuto/shared/symbols";
import type { z } from "zod";
import type { Db } from "../db/database.ts";
import { AppError } from "../errors.ts";
import type { AccountEvents } from "../events/account-events.ts";
import { type Claim, type Keyed, underClaim } from "../idempotency/claims.ts";
import { recordAudit } from "../kernel/audit.ts";
import { findMember, isMemberId } from "../kernel/members.repo.ts";
import type { StaffMember } from "../kernel/staff-sessions.ts";
import { houseAccount, type JournalDraft, memberAccount, transfer } from "../ledger/journal.ts";
import { lockAvailable, postJournal } from "../ledger/ledger.repo.ts";

/**
 * The adjusting journal: a credit moves money from the house's adjustments account to the
 * member's available cash, a debit the other way. The reason is the memo the member reads.
 */
export function adjustmentJournal(
  memberId: string,
  currency: Currency,
  amount: bigint,
  reason: string,
): JournalDraft {
  if (amount === 0n) throw new Error("an adjustment of zero");
  const house = houseAccount("adjustments", currency);
  const member = memberAccount(memberId, "available", currency);
  return {
    kind: "adjustment",
    memberId,
    ref: null,
    memo: reason,
    // Staff's own words, read as they wrote them.
    description: null,
    postings: amount > 0n ? transfer(house, member, amount) : transfer(member, house, -amount),
  };
}

/** A signed decimal in major units as minor units; undefined if it is zero or too precise for the currency. */
export function adjustmentAmount(text: string, currency: Currency): bigint | undefined {
  const amount = decimalToMinor(text, currency);
  return amount === undefined || amount === 0n ? undefined : amount;
}

/**
 * Idempotency keys live in the members' table under the adjusted member; a staff key carries
 * a space, which no member's key can (printable ASCII only), so the two never meet.
 */
function staffKey(actor: StaffMember, key: string): string {
  return `ops ${actor.id} ${key}`;
}

export type AdjustmentInput = z.output<typeof adjustmentRequestSchema>;

export class AdjustmentsService {
  private readonly db: Db;
  private readonly events: AccountEvents;

  constructor(deps: { db: Db; events?: AccountEvents | undefined }) {
    this.db = deps.db;
    this.events = deps.events ?? (() => undefined);
  }

  /** Posts one adjusting journal and its audit record together; a retry with the same key replays. */
  async adjust(
    memberId: string,
    body: AdjustmentInput,
    actor: StaffMember,
    context: { nowMs: number; ip: string; claim?: Claim | undefined },
  ): Promise<Keyed<Adjustment>> {
    const amount = adjustmentAmount(body.amount, body.currency);
    if (amount === undefined) throw new AppError("AMOUNT_INVALID", { fields: { amount: "AMOUNT_INVALID" } });
    if (!isMemberId(memberId)) throw new AppError("MEMBER_NOT_FOUND");
    // Keys are the staff member's own: two supervisors may happen to send the same one.
    const claim = context.claim && { ...context.claim, key: staffKey(actor, context.claim.key) };
    const result = await this.db.transaction(async (tx) => {
      if (!(await findMember(tx, memberId))) throw new AppError("MEMBER_NOT_FOUND");
      return underClaim(tx, memberId, claim, context.nowMs, async () => {
        const available = await lockAvailable(tx, memberId, body.currency);
        if (available + amount < 0n) {
          throw new AppError("INSUFFICIENT_BALANCE", {
            available: available.toString(),
            currency: body.currency,
          });
        }
        const journalId = await postJournal(
          tx,
          adjustmentJournal(memberId, body.currency, amount, body.reason),
          context.nowMs,
        );
        const adjustment: Adjustment = {
          journalId: String(journalId),
          memberId,
          currency: body.currency,
          amount: amount.toString(),
          available: (available + amount).toString(),
          reason: body.reason,
          createdAtMs: context.nowMs,
        };
        await recordAudit(tx, {
          staffId: actor.id,
          action: "member.adjust",
          target: `member:${memberId}`,
          before: { currency: body.currency, available: available.toString() },
          after: adjustment,
          reason: body.reason,
          ip: context.ip,
          atMs: context.nowMs,
        });
        return adjustment;
      });
    });
    if (!result.replayed) this.events(memberId, { type: "balance", id: body.currency });
    return result;
  }
}
