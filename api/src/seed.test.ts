import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "./db/database.ts";
import { journals, members } from "./db/schema.ts";
import { memberBalances } from "./ledger/ledger.repo.ts";
import { checkLedger, isHealthy } from "./ledger/ledger-check.ts";
import { demoMember, seedDemo } from "./seed.ts";
import { openTestDatabase } from "./testing/test-env.ts";

let database: Database;
let drop: () => Promise<void>;

beforeAll(async () => {
  ({ database, drop } = await openTestDatabase());
});
afterAll(async () => {
  await drop?.();
});

describe("the demo seed", () => {
  it("funds the demo member through deposit journals, once, however often it runs", async () => {
    expect(await seedDemo(database.db, 1_000)).toBe(true);
    expect(await seedDemo(database.db, 2_000)).toBe(false);
    const [member] = await database.db.select().from(members).where(eq(members.account, demoMember.account));
    const balances = await memberBalances(database.db, member?.id as string);
    expect(balances).toEqual([
      { purpose: "available", currency: "JPY", balance: 10_000_000n },
      { purpose: "available", currency: "USD", balance: 5_000_000n },
    ]);
    const deposits = await database.db
      .select()
      .from(journals)
      .where(eq(journals.memberId, member?.id as string));
    expect(deposits.map((journal) => journal.kind)).toEqual(["deposit", "deposit"]);
    expect(isHealthy(await checkLedger(database.db))).toBe(true);
  });
});
