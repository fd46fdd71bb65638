import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { checkLedger, isHealthy } from "../books.ts";
import type { Database } from "../db/database.ts";
import { rowsOf } from "../db/rows.ts";
import { members } from "../db/schema.ts";
import { recordAudit } from "../kernel/audit.ts";
import { ProofService } from "../proof/proof.service.ts";
import { openTestDatabase } from "../testing/test-env.ts";
import { houseAccount, type JournalDraft, memberAccount, transfer } from "./journal.ts";
import { postJournal } from "./ledger.repo.ts";
import type { TrailBreak } from "./ledger-check.ts";

let database: Database;
let drop: () => Promise<void>;
const memberIds: string[] = [];

beforeAll(async () => {
  // As the owner: the damage below is what only someone past the append-only triggers could do.
  ({ database, drop } = await openTestDatabase({ asOwner: true }));
  for (const n of [1, 2]) {
    const [member] = await database.db
      .insert(members)
      .values({ account: `0900000010${n}`, passwordHash: "x", inviteCode: `TRAIL${n}`, createdAtMs: 1 })
      .returning();
    memberIds.push(member?.id as string);
  }
});
afterAll(async () => {
  await drop?.();
});

const deposit = (memberId: string, amount: bigint): JournalDraft => ({
  kind: "deposit",
  memberId,
  ref: "trail:test",
  memo: null,
  description: null,
  postings: transfer(houseAccount("clearing", "JPY"), memberAccount(memberId, "available", "JPY"), amount),
});

const post = (memberId: string, amount: bigint) =>
  database.db.transaction((tx) => postJournal(tx, deposit(memberId, amount), Date.now()));

const check = () => database.db.transaction((tx) => checkLedger(tx));

/** Runs statements with every trigger off, as an owner could: the damage the trail must reveal. */
async function tamper(...statements: string[]): Promise<void> {
  await database.db.transaction(async (tx) => {
    await tx.execute(sql.raw("set local session_replication_role = replica"));
    for (const statement of statements) await tx.execute(sql.raw(statement));
  });
}

function journalIdsOf(memberId: string): Promise<number[]> {
  return database.db
    .execute(sql`select id from journals where member_id = ${memberId} order by id`)
    .then((result) => rowsOf(result).map((row) => Number(row.id)));
}

describe("the tamper-evident trail", () => {
  it("links every journal in its member's chain and every audit record in order, even when written at once", async () => {
    const [a = "", b = ""] = memberIds;
    await Promise.all(Array.from({ length: 12 }, (_, i) => post(i % 3 === 0 ? b : a, BigInt(1000 + i))));
    await database.db.transaction((tx) =>
      recordAudit(tx, { staffId: null, action: "config.set", target: "config:A", after: { v: 1 }, atMs: 1 }),
    );
    await database.db.transaction((tx) =>
      recordAudit(tx, { staffId: null, action: "config.set", target: "config:B", after: { v: 2 }, atMs: 2 }),
    );
    const chains = rowsOf(
      await database.db.execute(
        sql`select chain, count(*)::int as n, max(seq)::int as top from journal_links group by chain`,
      ),
    );
    expect(chains.map((row) => row.n).sort()).toEqual([4, 8]);
    for (const row of chains) expect(row.top).toBe(row.n);
    const report = await check();
    expect(report.trail).toEqual([]);
    expect(isHealthy(report)).toBe(true);
  });

  it("names a journal whose entry or description was changed", async () => {
    const [, second = 0, third = 0] = await journalIdsOf(memberIds[0] ?? "");
    await tamper(`update entries set amount = amount + 1 where journal_id = ${second} and amount > 0`);
    await tamper(`update entries set amount = amount - 1 where journal_id = ${second} and amount < 0`);
    await tamper(`update journals set ref = 'trail:rewritten' where id = ${third}`);
    const trail = (await check()).trail;
    expect(trail).toContainEqual(
      expect.objectContaining({ record: `journal:${second}`, problem: "altered" }),
    );
    expect(trail).toContainEqual(expect.objectContaining({ record: `journal:${third}`, problem: "altered" }));
  });

  it("names where a journal and its link were removed", async () => {
    // The second link of the chain: links follow commits, which need not follow journal ids.
    const seq = 2;
    const links = rowsOf(
      await database.db.execute(
        sql`select journal_id from journal_links where chain = ${memberIds[1] ?? ""} and seq = ${seq}`,
      ),
    );
    const removed = Number(links[0]?.journal_id);
    await tamper(
      `delete from journal_links where journal_id = ${removed}`,
      `delete from entries where journal_id = ${removed}`,
      `delete from journals where id = ${removed}`,
    );
    const trail = (await check()).trail;
    const next: TrailBreak | undefined = trail.find(
      (each) => each.chain === memberIds[1] && each.problem === "gap",
    );
    expect(next?.seq).toBe(seq + 1);
  });

  it("names a journal written with its link removed, and an audit record that was changed", async () => {
    await post(memberIds[1] ?? "", 5n);
    const [last = 0] = (await journalIdsOf(memberIds[1] ?? "")).slice(-1);
    await tamper(`delete from journal_links where journal_id = ${last}`);
    await tamper(`update audit_log set target = 'config:C' where target = 'config:A'`);
    const trail = (await check()).trail;
    expect(trail).toContainEqual(expect.objectContaining({ record: `journal:${last}`, problem: "unlinked" }));
    expect(trail).toContainEqual(expect.objectContaining({ chain: "audit", seq: 1, problem: "altered" }));
    expect(isHealthy(await check())).toBe(false);
  });

  it("names a chain rewritten after a proof snapshot pinned its head, even when every link was recomputed", async () => {
    const memberId = memberIds[0] ?? "";
    await post(memberId, 77n);
    const snapshot = await new ProofService({ db: database.db, now: Date.now, depth: 8 }).takeNow(
      { id: await staffId(), login: "trail", name: "trail", role: "supervisor" },
      { ip: "" },
    );
    if (snapshot.replayed) throw new Error("a first snapshot was replayed");
    expect(snapshot.value.trailDigest).toMatch(/^[0-9a-f]{64}$/);
    const [head] = rowsOf(
      await database.db.execute(
        sql`select journal_id, seq from journal_links where chain = ${memberId} order by seq desc limit 1`,
      ),
    );
    // The newest journal is changed and its link recomputed: the chain alone still looks whole.
    await tamper(
      `update journals set ref = 'trail:quietly' where id = ${Number(head?.journal_id)}`,
      `update journal_links set hash = trail_hash(prev_hash, journal_digest(journal_id)) where journal_id = ${Number(head?.journal_id)}`,
    );
    const trail = (await check()).trail;
    expect(trail).not.toContainEqual(
      expect.objectContaining({ record: `journal:${Number(head?.journal_id)}`, problem: "altered" }),
    );
    expect(trail).toContainEqual({
      chain: memberId,
      seq: Number(head?.seq),
      record: `journal:${Number(head?.journal_id)}`,
      problem: "rewritten",
    });
  });
});

/** A supervisor to take the snapshot, as the console's button would. */
async function staffId(): Promise<string> {
  const [row] = rowsOf(
    await database.db.execute(
      sql`insert into staff (login, name, role, password_hash, created_at_ms) values ('trail.sup', 'Trail', 'supervisor', 'x', 1) returning id`,
    ),
  );
  return String(row?.id);
}
