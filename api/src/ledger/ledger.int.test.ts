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

async function countJournals(): Promise<number> {
  const result = (await database.db.execute(sql`select count(*)::int as n from journals`)) as unknown as {
    rows: { n: number }[];
  };
  return Number(result.rows[0]?.n);
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

  it("refuses at commit a set of journals written at once when one of them does not balance, and an entry that unbalances a committed journal", async () => {
    const idOf = async (text: ReturnType<typeof sql>): Promise<number> => {
      const result = (await database.db.execute(text)) as unknown as { rows: { id: number }[] };
      return Number((result.rows[0] as { id: number }).id);
    };
    await database.db.transaction((tx) => postJournal(tx, deposit(10_000n), 6));
    const available = await idOf(
      sql`select id from ledger_accounts where member_id = ${memberId} and purpose = 'available' and currency = 'JPY'`,
    );
    const clearing = await idOf(
      sql`select id from ledger_accounts where member_id is null and purpose = 'clearing' and currency = 'JPY'`,
    );
    const before = await balanceOf("available");
    const journalsBefore = await idOf(sql`select count(*)::int as id from journals`);
    let lopsided = 0;
    // Three journals in one statement and their entries in another, as a set of mirrors is written:
    // the first two balance, the third is 300 short.
    const set = await refusal(
      database.db.transaction(async (tx) => {
        const written = (await tx.execute(
          sql`insert into journals (kind, member_id, created_at_ms)
              select 'adjustment', ${memberId}, 7 from generate_series(1, 3) returning id`,
        )) as unknown as { rows: { id: number }[] };
        const [first, second, third] = written.rows.map((row) => Number(row.id)) as [number, number, number];
        lopsided = third;
        await tx.execute(
          sql`insert into entries (journal_id, account_id, currency, amount) values
              (${first}, ${clearing}, 'JPY', -100), (${first}, ${available}, 'JPY', 100),
              (${second}, ${clearing}, 'JPY', -200), (${second}, ${available}, 'JPY', 200),
              (${third}, ${clearing}, 'JPY', -500), (${third}, ${available}, 'JPY', 800)`,
        );
      }),
    );
    expect(set).toMatch(new RegExp(`journal ${lopsided} does not balance`));
    expect(await balanceOf("available")).toBe(before);
    expect(await idOf(sql`select count(*)::int as id from journals`)).toBe(journalsBefore);

    // An entry added later to a journal that balanced when it committed.
    const committed = await idOf(sql`select max(id) as id from journals where member_id = ${memberId}`);
    const appended = await refusal(
      database.db.execute(
        sql`insert into entries (journal_id, account_id, currency, amount) values (${committed}, ${available}, 'JPY', 50)`,
      ),
    );
    expect(appended).toMatch(new RegExp(`journal ${committed} does not balance`));
    expect(await balanceOf("available")).toBe(before);

    // The same set balanced commits, moves the balance by its sum, and the check finds nothing.
    await database.db.transaction(async (tx) => {
      const written = (await tx.execute(
        sql`insert into journals (kind, member_id, created_at_ms)
            select 'adjustment', ${memberId}, 8 from generate_series(1, 2) returning id`,
      )) as unknown as { rows: { id: number }[] };
      const [first, second] = written.rows.map((row) => Number(row.id)) as [number, number];
      await tx.execute(
        sql`insert into entries (journal_id, account_id, currency, amount) values
            (${first}, ${clearing}, 'JPY', -100), (${first}, ${available}, 'JPY', 100),
            (${second}, ${clearing}, 'JPY', -200), (${second}, ${available}, 'JPY', 200)`,
      );
    });
    expect(await balanceOf("available")).toBe(before + 300n);
    expect(isHealthy(await checkLedger(database.db))).toBe(true);
  });

  it("refuses a journal whose member does not exist, alone or in a set, and writes none of the set", async () => {
    const journalsBefore = await countJournals();
    const alone = await refusal(
      database.db.execute(
        sql`insert into journals (kind, member_id, created_at_ms) values ('adjustment', gen_random_uuid(), 10)`,
      ),
    );
    expect(alone).toMatch(/journal refused: member .* does not exist/);
    const inSet = await refusal(
      database.db.execute(
        sql`insert into journals (kind, member_id, created_at_ms)
            select 'adjustment', m, 11 from unnest(array[${memberId}::uuid, gen_random_uuid(), ${memberId}::uuid]) m`,
      ),
    );
    expect(inSet).toMatch(/journal refused: member .* does not exist/);
    expect(await countJournals()).toBe(journalsBefore);
  });

  it("refuses a link whose hashes are not 64 lowercase hex digits", async () => {
    const journal = (await database.db.execute(
      sql`insert into journals (kind, member_id, created_at_ms) values ('adjustment', ${memberId}, 9) returning id`,
    )) as unknown as { rows: { id: number }[] };
    const journalId = Number((journal.rows[0] as { id: number }).id);
    const good = "0".repeat(64);
    for (const [prev, hash] of [
      [good, "A".repeat(64)],
      [good, "0".repeat(63)],
      [`${"0".repeat(63)}g`, good],
      [`${"0".repeat(64)}\n`, good],
    ] as const) {
      expect(
        await refusal(
          database.db.execute(
            sql`insert into journal_links (journal_id, chain, seq, prev_hash, hash) values (${journalId}, 'check', 1, ${prev}, ${hash})`,
          ),
        ),
      ).toMatch(/check constraint/);
    }
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
