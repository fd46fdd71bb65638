import { type BankCard, bankCardInputSchema, type StaffBankCard } from "@kabuto/shared";
import { and, asc, count, eq, inArray, isNull } from "drizzle-orm";
import type { Db } from "../db/database.ts";
import { firstRow } from "../db/raw-rows.ts";
import { bankCards, members, withdrawals } from "../db/schema.ts";
import { AppError } from "../http/errors.ts";
import { numericId } from "../http/ids.ts";
import { validate } from "../http/validate.ts";
import { type Idempotency, type IdempotentResult, storedResult, withClaim } from "../trading/idempotency.ts";
import { cardsPerMemberMax, holderMatches, maskTail } from "./rules.ts";

type CardRow = typeof bankCards.$inferSelect;

/** Withdrawal states that still need the card they name. */
const openWithdrawalStatuses = ["pending", "checked"] as const;

/** A card as its member sees it: the number masked, always, even in the answer to adding it. */
function toBankCard(row: CardRow): BankCard {
  return {
    id: String(row.id),
    holderName: row.holderName,
    cardNumberMasked: maskTail(row.cardNumber),
    cardType: row.cardType,
    bankName: row.bankName,
    branchName: row.branchName,
    branchCode: row.branchCode,
    ifsc: row.ifsc,
    upi: row.upi,
    createdAtMs: row.createdAtMs,
  };
}

function toStaffBankCard(row: CardRow): StaffBankCard {
  return {
    ...toBankCard(row),
    memberId: row.memberId,
    cardNumber: row.cardNumber,
    removedAtMs: row.removedAtMs,
  };
}

/**
 * Bank cards withdrawals pay out to. Only verified members add them, in their verified name;
 * removing one keeps the row for the withdrawals that named it.
 */
export class BankCardsService {
  private readonly db: Db;

  constructor(db: Db) {
    this.db = db;
  }

  async list(memberId: string): Promise<BankCard[]> {
    const rows = await this.db
      .select()
      .from(bankCards)
      .where(and(eq(bankCards.memberId, memberId), isNull(bankCards.removedAtMs)))
      .orderBy(asc(bankCards.id));
    return rows.map(toBankCard);
  }

  /** Every card of a member, removed ones too, with full numbers: for operations paying out. */
  async listForStaff(memberId: string): Promise<StaffBankCard[]> {
    const rows = await this.db
      .select()
      .from(bankCards)
      .where(eq(bankCards.memberId, memberId))
      .orderBy(asc(bankCards.id));
    return rows.map(toStaffBankCard);
  }

  async add(
    memberId: string,
    input: unknown,
    nowMs: number,
    idempotency?: Idempotency,
  ): Promise<IdempotentResult> {
    const replay = await storedResult(this.db, memberId, idempotency);
    if (replay) return replay;
    const card = validate(bankCardInputSchema, input);
    return this.db.transaction((tx) =>
      withClaim(tx, memberId, idempotency, nowMs, async () => {
        // The member row is the lock that serialises a member's card changes (the limit below).
        const [member] = await tx
          .select({
            verification: members.verification,
            realName: members.realName,
            realNameKana: members.realNameKana,
            frozen: members.frozen,
          })
          .from(members)
          .where(eq(members.id, memberId))
          .for("update");
        if (!member) throw new AppError("UNAUTHENTICATED");
        if (member.frozen) throw new AppError("ACCOUNT_FROZEN");
        if (member.verification !== "verified") throw new AppError("KYC_REQUIRED");
        if (!holderMatches(card.holderName, member.realName, member.realNameKana)) {
          throw new AppError("CARD_HOLDER_MISMATCH", { fields: { holderName: "CARD_HOLDER_MISMATCH" } });
        }
        const live = await tx
          .select({ cardNumber: bankCards.cardNumber })
          .from(bankCards)
          .where(and(eq(bankCards.memberId, memberId), isNull(bankCards.removedAtMs)));
        if (live.some((row) => row.cardNumber === card.cardNumber)) {
          throw new AppError("CARD_EXISTS", { fields: { cardNumber: "CARD_EXISTS" } });
        }
        if (live.length >= cardsPerMemberMax) throw new AppError("CARDS_LIMIT", { max: cardsPerMemberMax });
        const row = firstRow(
          await tx
            .insert(bankCards)
            .values({ memberId, ...card, createdAtMs: nowMs })
            .returning(),
        );
        return { status: 201, body: toBankCard(row) };
      }),
    );
  }

  /** Removes a live card of the member's; one an open withdrawal pays out to stays until that is decided. */
  async remove(
    memberId: string,
    id: string,
    nowMs: number,
    idempotency?: Idempotency,
  ): Promise<IdempotentResult> {
    const replay = await storedResult(this.db, memberId, idempotency);
    if (replay) return replay;
    const key = numericId(id, "CARD_NOT_FOUND");
    return this.db.transaction((tx) =>
      withClaim(tx, memberId, idempotency, nowMs, async () => {
        const [member] = await tx
          .select({ frozen: members.frozen })
          .from(members)
          .where(eq(members.id, memberId))
          .for("update");
        if (!member) throw new AppError("UNAUTHENTICATED");
        const [card] = await tx
          .select()
          .from(bankCards)
          .where(and(eq(bankCards.id, key), eq(bankCards.memberId, memberId), isNull(bankCards.removedAtMs)))
          .for("update");
        if (!card) throw new AppError("CARD_NOT_FOUND");
        if (member.frozen) throw new AppError("ACCOUNT_FROZEN");
        const [open] = await tx
          .select({ n: count() })
          .from(withdrawals)
          .where(and(eq(withdrawals.cardId, key), inArray(withdrawals.status, [...openWithdrawalStatuses])));
        if ((open?.n ?? 0) > 0) throw new AppError("FUND_OPERATION_IN_PROGRESS", { cardId: String(key) });
        await tx.update(bankCards).set({ removedAtMs: nowMs }).where(eq(bankCards.id, key));
        return { status: 200, body: { ok: true } };
      }),
    );
  }
}
