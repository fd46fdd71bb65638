import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { houseAccount, memberAccount, transfer } from "../ledger/journal.ts";
import { postJournal } from "../ledger/ledger.repo.ts";
import { signInStaff } from "../ops/members.fixtures.ts";
import { seedDemo } from "../seed.ts";
import { registerMember } from "../testing/fixtures.ts";
import { call, startTestApp, type TestApp } from "../testing/test-app.ts";

const minuteMs = 60_000;
const dayMs = 86_400_000;

let app: TestApp;

beforeAll(async () => {
  app = await startTestApp();
  await seedDemo(app.database.db, Date.now());
});
afterAll(async () => {
  await app?.close();
});

/** A deposit journal dated `atMs`, as a seed or a backdated correction writes one; its id. */
async function depositAt(memberId: string, atMs: number, ref: string): Promise<string> {
  const id = await app.database.db.transaction((tx) =>
    postJournal(
      tx,
      {
        kind: "deposit",
        memberId,
        ref,
        memo: null,
        description: null,
        postings: transfer(
          houseAccount("clearing", "JPY"),
          memberAccount(memberId, "available", "JPY"),
          100n,
        ),
      },
      atMs,
    ),
  );
  return String(id);
}

/**
 * A member whose journals were written out of time order: today's, then three dated two days
 * back (as the rewards seed writes a newcomer's earlier check-ins), then one at the very same
 * millisecond as the first, then one a minute later. Returns their ids newest first by time.
 */
async function memberWithBackdatedJournals() {
  const { auth, memberId } = await registerMember(app.url, app.database);
  const todayMs = Date.now();
  const today = await depositAt(memberId, todayMs, "test:today");
  const earlier = [
    await depositAt(memberId, todayMs - 2 * dayMs, "test:earlier-1"),
    await depositAt(memberId, todayMs - 2 * dayMs + minuteMs, "test:earlier-2"),
    await depositAt(memberId, todayMs - 2 * dayMs + 2 * minuteMs, "test:earlier-3"),
  ];
  const sameTime = await depositAt(memberId, todayMs, "test:same-time");
  const later = await depositAt(memberId, todayMs + minuteMs, "test:later");
  // Same time: the higher id is the newer, so a tie always falls the same way.
  return { auth, memberId, newestFirst: [later, sameTime, today, ...earlier.reverse()] };
}

const idsOf = (items: { id: string }[]) => items.map((item) => item.id);

describe("fund records", () => {
  it("come newest first by when they happened, not by id, ties broken by id", async () => {
    const { auth, newestFirst } = await memberWithBackdatedJournals();
    const all = await call(`${app.url}/ledger`, "GET", undefined, auth);
    expect(all.status).toBe(200);
    expect(idsOf(all.body.items)).toEqual(newestFirst);
    const times = all.body.items.map((item: { createdAtMs: number }) => item.createdAtMs);
    expect(times).toEqual([...times].sort((a, b) => b - a));

    const deposits = await call(`${app.url}/ledger?type=deposit`, "GET", undefined, auth);
    expect(idsOf(deposits.body.items)).toEqual(newestFirst);
  });

  it("page on the same order, each record once, however small the page", async () => {
    const { auth, newestFirst } = await memberWithBackdatedJournals();
    for (const limit of [1, 2, 4]) {
      const seen: string[] = [];
      let before: string | undefined;
      for (let page = 0; page < newestFirst.length + 1; page += 1) {
        const query = `limit=${limit}${before ? `&before=${before}` : ""}`;
        const { body } = await call(`${app.url}/ledger?${query}`, "GET", undefined, auth);
        seen.push(...idsOf(body.items));
        before = body.items.at(-1)?.id;
        if (body.items.length < limit) break;
      }
      expect(seen, `pages of ${limit}`).toEqual(newestFirst);
    }
  });

  it("continue from nothing after a record that is not the member's", async () => {
    const { auth } = await memberWithBackdatedJournals();
    const other = await memberWithBackdatedJournals();
    const { body } = await call(`${app.url}/ledger?before=${other.newestFirst[0]}`, "GET", undefined, auth);
    expect(body.items).toEqual([]);
  });

  it("show in the same order on the member's page of the console", async () => {
    const { memberId, newestFirst } = await memberWithBackdatedJournals();
    const { auth } = await signInStaff(app, "reviewer");
    const profile = await call(`${app.url}/ops/members/${memberId}`, "GET", undefined, auth);
    expect(profile.status).toBe(200);
    expect(idsOf(profile.body.recentJournals)).toEqual(newestFirst);
  });
});
