import { and, asc, count, eq, inArray, isNull } from "drizzle-orm";
import type { Db } from "../db/database.ts";
import { firstRow } from "../db/raw-rows.ts";
import { bankCards, members, withdrawals } from "../db/schema.ts";

export type CardRow = typeof bankCards.$inferSelect;
export type NewCard = Omit<typeof bankCards.$inferInsert, "id" | "removedAtMs">;
type Reader = Pick<Db, "select">;

/** Withdrawal states that still need the card they name. */
const openWithdrawalStatuses = ["pending", "checked"] as const;

/** A member's live cards, oldest first. */
export async function liveCards(db: Reader, memberId: string): Promise<CardRow[]> {
  return db
    .select()
    .from(bankCards)
    .where(and(eq(bankCards.memberId, memberId), isNull(bankCards.removedAtMs)))
    .orderBy(asc(bankCards.id));
}

/** Every card of a member, removed ones too, oldest first. */
export async function allCards(db: Reader, memberId: string): Promise<CardRow[]> {
  return db.select().from(bankCards).where(eq(bankCards.memberId, memberId)).orderBy(asc(bankCards.id));
}

/** The numbers of a member's live cards, in no order: for the duplicate and limit checks. */
export async function liveCardNumbers(db: Reader, memberId: string): Promise<string[]> {
  const rows = await db
    .select({ cardNumber: bankCards.cardNumber })
    .from(bankCards)
    .where(and(eq(bankCards.memberId, memberId), isNull(bankCards.removedAtMs)));
  return rows.map((row) => row.cardNumber);
}

/**
 * Locks the member row, the lock that serialises a member's card changes, and returns what
 * adding a card checks.
 */
export async function lockCardHolder(db: Reader, memberId: string) {
  const [member] = await db
    .select({
      verification: members.verification,
      realName: members.realName,
      realNameKana: members.realNameKana,
      frozen: members.frozen,
    })
    .from(members)
    .where(eq(members.id, memberId))
    .for("update");
  return member;
}

export async function insertCard(db: Pick<Db, "insert">, card: NewCard): Promise<CardRow> {
  return firstRow(await db.insert(bankCards).values(card).returning());
}

/** Locks one live card of the member's; undefined if there is none by that id. */
export async function lockLiveCard(
  db: Reader,
  memberId: string,
  cardId: number,
): Promise<CardRow | undefined> {
  const [card] = await db
    .select()
    .from(bankCards)
    .where(and(eq(bankCards.id, cardId), eq(bankCards.memberId, memberId), isNull(bankCards.removedAtMs)))
    .for("update");
  return card;
}

/** Withdrawals not yet decided that pay out to this card. */
export async function openWithdrawalsToCard(db: Reader, cardId: number): Promise<number> {
  const [open] = await db
    .select({ n: count() })
    .from(withdrawals)
    .where(and(eq(withdrawals.cardId, cardId), inArray(withdrawals.status, [...openWithdrawalStatuses])));
  return open?.n ?? 0;
}

export async function markCardRemoved(db: Pick<Db, "update">, cardId: number, nowMs: number): Promise<void> {
  await db.update(bankCards).set({ removedAtMs: nowMs }).where(eq(bankCards.id, cardId));
}
