import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { checkLedger, isHealthy } from "../books.ts";
import type { Database } from "../db/database.ts";
import { members } from "../db/schema.ts";
import { openTestDatabase } from "../testing/test-env.ts";
import { houseAccount, type JournalDraft, memberAccount, transfer } from "./journal.ts";
import { memberBalances, postJournal } from "./ledger.repo.ts";

let database: Database;
let drop: () => Promise<void>;
let memberId: string;

beforeAll(async () => {
  // As the owner: the ledger's triggers must hold even for it, and the drift below is damage
  // only an owner could do.
  ({ database, drop } = await openTestDatabase({ asOwner: true }));
  const [member] = await database.db
    .insert(members)
    .values({ account: "09000000001", passwordHash: "x", inviteCode: "LEDGER", createdAtMs: 1 })
    .returning();
  memberId = member?.id as string;
});
afterAll(async () => {
  await drop?.();
});

const deposit = (amount: bigint): JournalDraft => ({
  kind: "deposit",
  memberId,
  ref: null,
  memo: null,
  description: null,
  postings: transfer(houseAccount("clearing", "JPY"), memberAccount(memberId, "available", "JPY"), amount),
});

async function balanceOf(purpose: string, currency = "JPY"): Promise<bigint> {
  const balances = await memberBalances(database.db, memberId);
  return balances.find((row) => row.purpose === purpose && row.currency === currency)?.balance ?? 0n;
}

/** Drizzle wraps the database's error; the reason is in its cause. */
async function refusal(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
  } catch (error) {
    const cause = (error as { cause?: { message?: string } }).cause;
    return cause?.message ?? (error as Error).message;
  }
  return "not refused";
}

describe("the ledger", () => {
  it("moves balances only through balanced journals, and the check finds no drift", async () => {
    await database.db.transaction((tx) => postJournal(tx, deposit(1_000_000n), 1));
    await database.db.transaction((tx) =>
      postJournal(
        tx,
        {
          kind: "order_hold",
          memberId,
          ref: "order:1",
          memo: null,
          description: null,
          postings: transfer(
            memberAccount(memberId, "available", "JPY"),
            memberAccount(memberId, "held", "JPY"),
            250_000n,
          ),
        },
        2,
      ),
    );
    expect(await balanceOf("available")).toBe(750_000n);
    expect(await balanceOf("held")).toBe(250_000n);
    const report = await checkLedger(database.db);
    expect(isHealthy(report)).toBe(true);
    expect(report.journals).toBe(2);
  });

  it("refuses a journal that does not balance, in code and in the database", async () => {
    const lopsided = deposit(100n);
    lopsided.postings.pop();
    await expect(database.db.transaction((tx) => postJournal(tx, lopsided, 3))).rejects.toThrow(/off by/);
    const before = await balanceOf("available");
    await expect(
      database.db.transaction(async (tx) => {
        const account = await tx.execute(
          sql`select id from ledger_accounts where member_id = ${memberId} and purpose = 'available'`,
        );
        const accountId = Number(
          ((account as unknown as { rows: { id: number }[] }).rows[0] as { id: number }).id,
        );
        const journal = await tx.execute(
          sql`insert into journals (kind, member_id, created_at_ms) values ('adjustment', ${memberId}, 4) returning id`,
        );
        const journalId = Number(
          ((journal as unknown as { rows: { id: number }[] }).rows[0] as { id: number }).id,
        );
        await tx.execute(
          sql`insert into entries (journal_id, account_id, currency, amount) values (${journalId}, ${accountId}, 'JPY', 500)`,
        );
      }),
    ).rejects.toThrow();
    expect(await balanceOf("available")).toBe(before);
  });

  it("never lets a member's available money go below zero", async () => {
    const before = await balanceOf("available");
    const overdraw: JournalDraft = {
      kind: "withdrawal",
      memberId,
      ref: null,
      memo: null,
      description: null,
      postings: transfer(
        memberAccount(memberId, "available", "JPY"),
        houseAccount("clearing", "JPY"),
        before + 1n,
      ),
    };
    await expect(database.db.transaction((tx) => postJournal(tx, overdraw, 5))).rejects.toThrow();
    expect(await balanceOf("available")).toBe(before);
  });

  it("refuses to update or delete entries and journals, or to edit a balance", async () => {
    expect(await refusal(database.db.execute(sql`update entries set amount = amount + 1`))).toMatch(
      /append-only/,
    );
    expect(await refusal(database.db.execute(sql`delete from entries`))).toMatch(/append-only/);
    expect(await refusal(database.db.execute(sql`truncate entries cascade`))).toMatch(/append-only/);
    expect(await refusal(database.db.execute(sql`delete from journals`))).toMatch(/append-only/);
    expect(await refusal(database.db.execute(sql`update journals set memo = 'edited'`))).toMatch(
      /append-only/,
    );
    expect(
      await refusal(database.db.execute(sql`update ledger_accounts set balance = balance + 1000000`)),
    ).toMatch(/journal entries/);
    expect(isHealthy(await checkLedger(database.db))).toBe(true);
  });

  it("reports an account whose cached balance drifted from its entries", async () => {
    // Only a superuser bypassing every trigger can do this; the check must still see it.
    await database.db.transaction(async (tx) => {
      await tx.execute(sql`set local session_replication_role = replica`);
      await tx.execute(
        sql`update ledger_accounts set balance = balance + 7 where member_id = ${memberId} and purpose = 'held'`,
      );
    });
    const report = await checkLedger(database.db);
    expect(report.drifted).toHaveLength(1);
    expect(report.drifted[0]?.cached).toBe((report.drifted[0]?.fromEntries ?? 0n) + 7n);
    expect(isHealthy(report)).toBe(false);
  });
});
