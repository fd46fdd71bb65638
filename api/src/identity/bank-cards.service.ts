import type { BankCard, bankCardInputSchema, StaffBankCard } from "@kabuto/shared/api/identity";
import type { z } from "zod";
import type { Db } from "../db/database.ts";
import { AppError } from "../errors.ts";
import { type Claim, type Keyed, underClaim } from "../idempotency/claims.ts";
import { numericId } from "../ids.ts";
import {
  allCards,
  type CardRow,
  insertCard,
  liveCardNumbers,
  liveCards,
  lockCardHolder,
  lockLiveCard,
  markCardRemoved,
  openWithdrawalsToCard,
} from "./bank-cards.repo.ts";
import { cardsPerMemberMax, holderMatches, maskTail } from "./rules.ts";

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
/** A card as the member entered it, parsed by the route. */
export type CardFields = z.output<typeof bankCardInputSchema>;

export class BankCardsService {
  private readonly db: Db;

  constructor(db: Db) {
    this.db = db;
  }

  async list(memberId: string): Promise<BankCard[]> {
    return (await liveCards(this.db, memberId)).map(toBankCard);
  }

  /** Every card of a member, removed ones too, with full numbers: for operations paying out. */
  async listForStaff(memberId: string): Promise<StaffBankCard[]> {
    return (await allCards(this.db, memberId)).map(toStaffBankCard);
  }

  async add(memberId: string, card: CardFields, nowMs: number, claim?: Claim): Promise<Keyed<BankCard>> {
    return this.db.transaction((tx) =>
      underClaim(tx, memberId, claim, nowMs, async () => {
        // The member row is the lock that serialises a member's card changes (the limit below).
        const member = await lockCardHolder(tx, memberId);
        if (!member) throw new AppError("UNAUTHENTICATED");
        if (member.frozen) throw new AppError("ACCOUNT_FROZEN");
        if (member.verification !== "verified") throw new AppError("KYC_REQUIRED");
        if (!holderMatches(card.holderName, member.realName, member.realNameKana)) {
          throw new AppError("CARD_HOLDER_MISMATCH", { fields: { holderName: "CARD_HOLDER_MISMATCH" } });
        }
        const live = await liveCardNumbers(tx, memberId);
        if (live.includes(card.cardNumber)) {
          throw new AppError("CARD_EXISTS", { fields: { cardNumber: "CARD_EXISTS" } });
        }
        if (live.length >= cardsPerMemberMax) throw new AppError("CARDS_LIMIT", { max: cardsPerMemberMax });
        const row = await insertCard(tx, { memberId, ...card, createdAtMs: nowMs });
        return toBankCard(row);
      }),
    );
  }

  /** Removes a live card of the member's; one an open withdrawal pays out to stays until that is decided. */
  async remove(memberId: string, id: string, nowMs: number, claim?: Claim): Promise<Keyed<{ ok: true }>> {
    const key = numericId(id, "CARD_NOT_FOUND");
    return this.db.transaction((tx) =>
      underClaim(tx, memberId, claim, nowMs, async () => {
        const member = await lockCardHolder(tx, memberId);
        if (!member) throw new AppError("UNAUTHENTICATED");
        const card = await lockLiveCard(tx, memberId, key);
        if (!card) throw new AppError("CARD_NOT_FOUND");
        if (member.frozen) throw new AppError("ACCOUNT_FROZEN");
        if ((await openWithdrawalsToCard(tx, key)) > 0)
          throw new AppError("FUND_OPERATION_IN_PROGRESS", { cardId: String(key) });
        await markCardRemoved(tx, key, nowMs);
        return { ok: true as const };
      }),
    );
  }
}
