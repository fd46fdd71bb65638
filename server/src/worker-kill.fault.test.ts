import { call, rowsOf, signInStaff } from "@kabuto/api/testing";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Member, readyMembers } from "./fault-burst.ts";
import { type FaultStand, ledgerClean, openFaultStand, type RoleProcess, until } from "./fault-stand.ts";

/**
 * The worker process is killed (SIGKILL, no goodbye) in the middle of its loan interest pass and
 * started again. The loans' interest is a year behind, as a worker that was away that long would
 * find it, so one pass posts thousands of journals, one per loan and day. After the restart's
 * pass every loan is accrued through yesterday with exactly one interest journal per day: none
 * posted twice, none skipped, and the ledger whole.
 */
let stand: FaultStand;
let worker: RoleProcess;
let members: Member[];

/**
 * Days of interest each loan is behind: each loan's step posts this many journals in one
 * transaction, so the pass lasts seconds and a kill lands in the middle of it.
 */
const daysBehind = 150;
const loansEach = 5;
/** Yen per loan: 2.8% a year makes 7 or 8 yen a day, so every day posts a journal. */
const loanYen = "100000";

/** Tokyo's yesterday, as the worker names days. */
const yesterday = sql`to_char((now() at time zone 'Asia/Tokyo')::date - 1, 'YYYY-MM-DD')`;

async function progress(): Promise<{ loans: number; done: number; journals: number }> {
  const [row] = rowsOf(
    await stand.database.db.execute(sql`
      select (select count(*)::int from loans where status = 'approved') as loans,
        (select count(*)::int from loans where status = 'approved' and accrued_through = ${yesterday}) as done,
        (select count(*)::int from journals where kind = 'loan_interest') as journals`),
  );
  return row as { loans: number; done: number; journals: number };
}

beforeAll(async () => {
  stand = await openFaultStand({ startLater: ["worker"] });
  worker = stand.processes.worker as RoleProcess;
  members = await readyMembers(stand, 3);
  const supervisor = (await signInStaff({ url: stand.api, database: stand.database }, "supervisor")).auth;
  const reviewer = (await signInStaff({ url: stand.api, database: stand.database }, "reviewer")).auth;
  for (const member of members) {
    const line = await call(
      `${stand.api}/ops/members/${member.memberId}/credit`,
      "PUT",
      { score: 700, lines: { JPY: "10000000", USD: "0" }, reason: "fault suite" },
      supervisor,
    );
    if (line.status !== 200) throw new Error(`credit line: ${JSON.stringify(line.body)}`);
    for (let n = 0; n < loansEach; n += 1) {
      const asked = await call(
        `${stand.api}/loans`,
        "POST",
        { currency: "JPY", amount: loanYen },
        member.auth,
      );
      if (asked.status !== 201) throw new Error(`loan: ${JSON.stringify(asked.body)}`);
      const approved = await call(
        `${stand.api}/ops/loans/${asked.body.id}/review`,
        "POST",
        { decision: "approve" },
        reviewer,
      );
      if (approved.status !== 200) throw new Error(`approval: ${JSON.stringify(approved.body)}`);
    }
  }
  // A year behind: the worker that starts next finds a year of interest to post on every loan.
  await stand.database.db.execute(sql`
    update loans set accrued_through = to_char((now() at time zone 'Asia/Tokyo')::date - ${daysBehind + 1}::int,
      'YYYY-MM-DD') where status = 'approved'`);
}, 120_000);

afterAll(async () => {
  await stand?.close();
});

describe("the worker killed in the middle of the loan interest pass", () => {
  it("posts each loan's interest for each day exactly once after its restart", async () => {
    const loans = members.length * loansEach;
    expect(await progress()).toEqual({ loans, done: 0, journals: 0 });

    await worker.start();
    // Killed once the pass has begun posting and before it has finished.
    await until(async () => (await progress()).journals > 0, "the pass to begin posting", 60_000);
    await worker.kill();
    const atKill = await progress();
    expect(atKill.done).toBeLessThan(loans);
    // Each loan's days were posted whole or not at all: the kill left no loan half-posted.
    expect(atKill.journals).toBe(atKill.done * daysBehind);

    await worker.start();
    await until(async () => (await progress()).done === loans, "the restarted pass to finish", 90_000);
    await worker.kill();
    expect(await progress()).toEqual({ loans, done: loans, journals: loans * daysBehind });
    // No day of any loan posted twice.
    const twice = rowsOf(
      await stand.database.db.execute(sql`
        select ref, memo, count(*)::int as n from journals where kind = 'loan_interest'
        group by ref, memo having count(*) > 1`),
    );
    expect(twice).toEqual([]);
    expect(await ledgerClean(stand.database)).toBe(true);
  }, 180_000);
});
