import type { MemberProof, ProofSnapshot } from "@kabuto/shared/api/proof";
import { proofPathOf, proofRootNodeOf, provenAmountOf } from "@kabuto/shared/api/proof";
import { proofDepthDefault, verifyProofPath } from "@kabuto/shared/proof/tree";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { checkLedger, isHealthy } from "../books.ts";
import { mapRows } from "../db/raw-rows.ts";
import { rowsOf } from "../db/rows.ts";
import { readyToWithdraw } from "../funding/funding-fixtures.ts";
import { signInStaff } from "../ops/members.fixtures.ts";
import { seedDemo } from "../seed.ts";
import { fund, owe, registerMember } from "../testing/fixtures.ts";
import { call, startTestApp, type TestApp } from "../testing/test-app.ts";
import { ProofService } from "./proof.service.ts";

let app: TestApp;
type Auth = Record<string, string>;
let alice: { auth: Auth; memberId: string };
let bob: { auth: Auth; memberId: string };
let carol: { auth: Auth; memberId: string };

beforeAll(async () => {
  app = await startTestApp();
  await seedDemo(app.database.db, app.now());
  alice = await registerMember(app.url, app.database);
  bob = await registerMember(app.url, app.database);
  carol = await registerMember(app.url, app.database);
  await fund(app.database, alice.memberId, "JPY", 1_234_567n);
  await fund(app.database, alice.memberId, "USD", 50_000n);
  await fund(app.database, bob.memberId, "JPY", 10_000n);
  // Bob lost more than he had: a debt to the house, which must stay out of the tree.
  await owe(app.database, bob.memberId, "JPY", 3_000n);
  // Carol drew a credit loan: her available money is counted, what she owes is a debt apart.
  await readyToWithdraw(app.database, carol.memberId);
  const supervisor = await signInStaff(app, "supervisor");
  const reviewer = await signInStaff(app, "reviewer");
  const line = { score: 700, lines: { JPY: "500000", USD: "0" }, reason: "proposed line accepted" };
  expect(
    (await call(`${app.url}/ops/members/${carol.memberId}/credit`, "PUT", line, supervisor.auth)).status,
  ).toBe(200);
  const asked = await call(`${app.url}/loans`, "POST", { currency: "JPY", amount: "200000" }, carol.auth);
  expect(asked.status).toBe(201);
  const approved = await call(
    `${app.url}/ops/loans/${asked.body.id}/review`,
    "POST",
    { decision: "approve" },
    reviewer.auth,
  );
  expect(approved.status).toBe(200);
});
afterAll(async () => {
  await app?.close();
});

const snapshotsOf = async (): Promise<ProofSnapshot[]> =>
  (await call(`${app.url}/proof/snapshots`, "GET")).body.snapshots;
const take = (auth: Auth, key: string) =>
  call(`${app.url}/ops/proof/snapshots`, "POST", undefined, { ...auth, "idempotency-key": key });
const mine = (auth: Auth, id: string) =>
  call(`${app.url}/proof/snapshots/${id}/mine`, "GET", undefined, auth);

/** What the ledger says the broker owes members and what they owe it, per currency, summed from entries. */
async function ledgerTotals(): Promise<Map<string, { owed: bigint; debts: bigint }>> {
  const result = await app.database.db.execute(`
    select a.currency,
      coalesce(sum(e.amount) filter (where a.purpose in ('available', 'held', 'margin', 'copy')), 0) as owed,
      coalesce(-sum(e.amount) filter (where a.purpose in ('deficit', 'loan')), 0) as debts
    from entries e join ledger_accounts a on a.id = e.account_id
    where a.member_id is not null group by a.currency`);
  return new Map(
    mapRows(result, (row) => [
      row.text("currency"),
      { owed: row.bigint("owed"), debts: row.bigint("debts") },
    ]),
  );
}

function verified(proof: MemberProof, change: (amount: bigint) => bigint = (a) => a): (string | null)[] {
  return proof.leaves.map((leaf) => {
    const root = proof.snapshot.roots.find((r) => r.currency === leaf.currency);
    if (!root) throw new Error(`no root for ${leaf.currency}`);
    const amount = change(provenAmountOf(leaf.balances));
    return verifyProofPath(
      leaf.currency,
      { leafId: proof.leafId, salt: proof.salt, amount },
      proofPathOf(leaf),
      proofRootNodeOf(root),
      proof.snapshot.depth,
    );
  });
}

describe("proof of liabilities", () => {
  let taken: ProofSnapshot;

  it("takes a snapshot for a supervisor, counting every member and totalling what the ledger owes", async () => {
    const supervisor = await signInStaff(app, "supervisor");
    const answer = await take(supervisor.auth, "proof-1");
    expect(answer.status).toBe(201);
    taken = answer.body;
    expect(taken.kind).toBe("on_demand");
    // It pins the trail: every member's chain of journals and the audit log, as it was written.
    expect(taken.trailDigest).toMatch(/^[0-9a-f]{64}$/);
    const pinned = rowsOf(
      await app.database.db.execute(
        `select count(*)::int as n from proof_trail_heads where snapshot_id = ${Number(taken.id)}`,
      ),
    );
    const chains = rowsOf(
      await app.database.db.execute("select count(distinct chain)::int + 1 as n from journal_links"),
    );
    expect(pinned[0]?.n).toBe(chains[0]?.n);
    expect(taken.depth).toBe(proofDepthDefault);
    const totals = await ledgerTotals();
    for (const currency of ["JPY", "USD"]) {
      const root = taken.roots.find((r) => r.currency === currency);
      expect(root, currency).toBeDefined();
      expect(BigInt(root?.total ?? -1)).toBe(totals.get(currency)?.owed);
      expect(BigInt(root?.debts ?? -1)).toBe(totals.get(currency)?.debts);
    }
    expect(taken.roots.find((r) => r.currency === "JPY")?.debts).toBe("203000");
    const members = rowsOf(await app.database.db.execute("select count(*)::int as n from members"))[0]?.n;
    const leaves = rowsOf(
      await app.database.db.execute(
        `select currency, count(*)::int as n from proof_leaves where snapshot_id = ${Number(taken.id)} group by currency`,
      ),
    );
    expect(leaves).toHaveLength(taken.roots.length);
    for (const row of leaves) expect(row.n).toBe(members);
    const report = await app.database.db.transaction((tx) => checkLedger(tx));
    expect(
      isHealthy(report),
      JSON.stringify(report, (_k, v) => (typeof v === "bigint" ? String(v) : v)),
    ).toBe(true);
  });

  it("publishes the snapshot's roots, totals and time to anyone, signed in or not", async () => {
    const [newest] = await snapshotsOf();
    expect(newest).toEqual(taken);
  });

  it("serves each member a proof that climbs to the published root, and fails it for a yen more or less", async () => {
    const proofs = await Promise.all(
      [alice, bob, carol].map(async (m) => (await mine(m.auth, taken.id)).body),
    );
    const [a, b, c] = proofs as MemberProof[];
    expect(a?.leaves.find((l) => l.currency === "JPY")?.balances.available).toBe("1234567");
    expect(a?.leaves.find((l) => l.currency === "USD")?.amount).toBe("50000");
    // Bob's loss past his money is a debt of 3,000 yen apart: his cash is counted, never a negative leaf.
    expect(b?.leaves.find((l) => l.currency === "JPY")?.amount).toBe("10000");
    expect(c?.leaves.find((l) => l.currency === "JPY")?.amount).toBe("200000");
    for (const proof of proofs) {
      expect(verified(proof)).toEqual(proof.leaves.map(() => null));
      expect(verified(proof, (amount) => amount + 1n)).toEqual(proof.leaves.map(() => "total"));
    }
    expect(a?.salt).not.toBe(b?.salt);
    expect(a?.leaves[0]?.siblings).toHaveLength(proofDepthDefault);
  });

  it("tells a member a snapshot that does not exist, and one taken before they joined", async () => {
    expect((await mine(alice.auth, "999999")).body.error.code).toBe("PROOF_SNAPSHOT_NOT_FOUND");
    expect((await mine(alice.auth, "abc")).body.error.code).toBe("PROOF_SNAPSHOT_NOT_FOUND");
    const late = await registerMember(app.url, app.database);
    expect((await mine(late.auth, taken.id)).body.error.code).toBe("PROOF_NOT_INCLUDED");
    expect((await mine({}, taken.id)).status).toBe(401);
  });

  it("takes one snapshot for a retried request, and records it once in the audit log", async () => {
    const supervisor = await signInStaff(app, "supervisor");
    const first = await take(supervisor.auth, "proof-2");
    const again = await take(supervisor.auth, "proof-2");
    expect(first.status).toBe(201);
    expect(again.body).toEqual(first.body);
    const other = await take(supervisor.auth, "proof-3");
    expect(other.body.id).not.toBe(first.body.id);
    const audited = rowsOf(
      await app.database.db.execute(
        `select target from audit_log where action = 'proof.snapshot' and staff_id = '${supervisor.staffId}' order by id`,
      ),
    );
    expect(audited.map((row) => row.target)).toEqual([`proof:${first.body.id}`, `proof:${other.body.id}`]);
  });

  it("refuses a reviewer and a member: only a supervisor takes a snapshot on demand", async () => {
    const before = (await snapshotsOf()).length;
    const reviewer = await signInStaff(app, "reviewer");
    expect((await take(reviewer.auth, "r-1")).status).toBe(403);
    expect((await take(alice.auth, "m-1")).body.error.code).toBe("FORBIDDEN");
    expect((await snapshotsOf()).length).toBe(before);
  });

  it("takes the worker's snapshot once a Tokyo day, however often it runs", async () => {
    const worker = () => new ProofService({ db: app.database.db, now: app.now, depth: 12 });
    const [first, second] = await Promise.all([worker().daily(), worker().daily()]);
    const made = [first, second].filter((s) => s !== null);
    expect(made).toHaveLength(1);
    expect(await worker().daily()).toBeNull();
    const daily = (await snapshotsOf()).filter((s) => s.kind === "daily");
    expect(daily).toHaveLength(1);
    expect(daily[0]?.depth).toBe(12);
    const proof: MemberProof = (await mine(alice.auth, daily[0]?.id ?? "")).body;
    expect(verified(proof)).toEqual(proof.leaves.map(() => null));
  });

  it("keeps snapshots as history: the app's role cannot change or remove one", async () => {
    const attempt = (statement: string) =>
      app.database.db.execute(statement).then(
        () => "changed",
        () => "refused",
      );
    if (!app.databaseUrl) return;
    expect(
      await attempt(`update proof_roots set total = total + 1 where snapshot_id = ${Number(taken.id)}`),
    ).toBe("refused");
    expect(await attempt(`delete from proof_leaves where snapshot_id = ${Number(taken.id)}`)).toBe("refused");
  });
});
