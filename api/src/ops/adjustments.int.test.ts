import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { checkLedger, isHealthy } from "../books.ts";
import { rowsOf } from "../db/rows.ts";
import { assertBalanced } from "../ledger/journal.ts";
import { seedDemo } from "../seed.ts";
import { fund, registerMember } from "../testing/fixtures.ts";
import { call, startTestApp, type TestApp } from "../testing/test-app.ts";
import { adjustmentAmount, adjustmentJournal } from "./adjustments.service.ts";
import { signInStaff } from "./members.fixtures.ts";

let app: TestApp;
let supervisor: Record<string, string>;
let reviewer: Record<string, string>;

beforeAll(async () => {
  app = await startTestApp();
  await seedDemo(app.database.db, Date.now());
  supervisor = (await signInStaff(app, "supervisor")).auth;
  reviewer = (await signInStaff(app, "reviewer")).auth;
});
afterAll(async () => {
  await app?.close();
});

const memberId = "00000000-0000-4000-8000-000000000001";

describe("adjustmentJournal", () => {
  it("credits from the house adjustments account and debits back to it, balanced, with the reason as memo", () => {
    const credit = adjustmentJournal(memberId, "JPY", 500n, "fee refund");
    assertBalanced(credit);
    expect(credit).toMatchObject({ kind: "adjustment", memberId, memo: "fee refund" });
    expect(credit.postings).toEqual([
      { account: { memberId: null, purpose: "adjustments", currency: "JPY" }, amount: -500n },
      { account: { memberId, purpose: "available", currency: "JPY" }, amount: 500n },
    ]);
    const debit = adjustmentJournal(memberId, "USD", -250n, "duplicate credit reversed");
    assertBalanced(debit);
    expect(debit.postings).toEqual([
      { account: { memberId, purpose: "available", currency: "USD" }, amount: -250n },
      { account: { memberId: null, purpose: "adjustments", currency: "USD" }, amount: 250n },
    ]);
  });

  it("refuses an adjustment of zero as a programmer error", () => {
    expect(() => adjustmentJournal(memberId, "JPY", 0n, "nothing")).toThrow();
  });
});

describe("adjustmentAmount", () => {
  it("parses signed major units into minor units of the currency", () => {
    expect(adjustmentAmount("1500", "JPY")).toBe(1500n);
    expect(adjustmentAmount("-12.34", "USD")).toBe(-1234n);
    expect(adjustmentAmount("0.5", "USD")).toBe(50n);
  });

  it("refuses zero and more decimals than the currency has", () => {
    expect(adjustmentAmount("0", "JPY")).toBeUndefined();
    expect(adjustmentAmount("-0.00", "USD")).toBeUndefined();
    expect(adjustmentAmount("1.5", "JPY")).toBeUndefined();
    expect(adjustmentAmount("1.234", "USD")).toBeUndefined();
  });
});

async function state(member: string) {
  const [row] = rowsOf(
    await app.database.db.execute(sql`
      select (select count(*)::int from journals) as journals, (select count(*)::int from audit_log) as audits,
        (select count(*)::int from idempotency_keys) as keys,
        (select coalesce(sum(balance), 0)::text from ledger_accounts where member_id = ${member}) as money`),
  );
  return row;
}

async function available(auth: Record<string, string>, currency: string): Promise<string | undefined> {
  const account = await call(`${app.url}/account`, "GET", undefined, auth);
  return account.body.balances.find((balance: { currency: string }) => balance.currency === currency)
    ?.available;
}

const adjust = (member: string, body: unknown, headers: Record<string, string> = supervisor) =>
  call(`${app.url}/ops/members/${member}/adjustments`, "POST", body, headers);

describe("adjusting journals", () => {
  it("credit the member with the reason as the memo of a fund record they see, audited", async () => {
    const member = await registerMember(app.url, app.database);
    const response = await adjust(member.memberId, {
      currency: "JPY",
      amount: "3000",
      reason: "Compensation for the outage on 3 March",
    });
    expect(response.status).toBe(201);
    expect(response.body).toMatchObject({
      memberId: member.memberId,
      currency: "JPY",
      amount: "3000",
      available: "3000",
      reason: "Compensation for the outage on 3 March",
    });
    expect(await available(member.auth, "JPY")).toBe("3000");
    const records = await call(`${app.url}/ledger`, "GET", undefined, member.auth);
    expect(records.body.items[0]).toMatchObject({
      id: response.body.journalId,
      kind: "adjustment",
      memo: "Compensation for the outage on 3 March",
      changes: [{ purpose: "available", currency: "JPY", amount: "3000" }],
    });
    const audit = await call(
      `${app.url}/ops/audit?target=member:${member.memberId}`,
      "GET",
      undefined,
      supervisor,
    );
    expect(audit.body.items[0]).toMatchObject({
      action: "member.adjust",
      reason: "Compensation for the outage on 3 March",
      before: { currency: "JPY", available: "0" },
      after: { journalId: response.body.journalId, amount: "3000", available: "3000" },
    });
    expect(isHealthy(await checkLedger(app.database.db))).toBe(true);
  });

  it("debit the member's available cash back to the house", async () => {
    const member = await registerMember(app.url, app.database);
    await fund(app.database, member.memberId, "USD", 10_000n);
    const response = await adjust(member.memberId, {
      currency: "USD",
      amount: "-25.50",
      reason: "Deposit credited twice",
    });
    expect(response.status).toBe(201);
    expect(response.body).toMatchObject({ amount: "-2550", available: "7450" });
    expect(await available(member.auth, "USD")).toBe("7450");
    expect(isHealthy(await checkLedger(app.database.db))).toBe(true);
  });

  it("refuse a debit beyond the member's available cash with INSUFFICIENT_BALANCE, writing nothing", async () => {
    const member = await registerMember(app.url, app.database);
    await fund(app.database, member.memberId, "JPY", 1_000n);
    const before = await state(member.memberId);
    const response = await adjust(member.memberId, { currency: "JPY", amount: "-1001", reason: "reversal" });
    expect(response.status).toBe(409);
    expect(response.body.error).toMatchObject({
      code: "INSUFFICIENT_BALANCE",
      details: { available: "1000", currency: "JPY" },
    });
    expect(await state(member.memberId)).toEqual(before);
    // In a currency the member never held, any debit is beyond what they have.
    const none = await adjust(member.memberId, { currency: "HKD", amount: "-1", reason: "reversal" });
    expect(none.body.error.code).toBe("INSUFFICIENT_BALANCE");
    expect(await state(member.memberId)).toEqual(before);
  });

  const refusals: [string, Record<string, unknown>, string][] = [
    ["a zero amount", { currency: "JPY", amount: "0", reason: "r" }, "AMOUNT_INVALID"],
    ["a zero amount with decimals", { currency: "USD", amount: "-0.00", reason: "r" }, "AMOUNT_INVALID"],
    ["yen with decimals", { currency: "JPY", amount: "10.5", reason: "r" }, "AMOUNT_INVALID"],
    ["cents past the second decimal", { currency: "USD", amount: "1.005", reason: "r" }, "AMOUNT_INVALID"],
    ["a number, not a decimal string", { currency: "JPY", amount: 100, reason: "r" }, "AMOUNT_INVALID"],
    ["an amount with words", { currency: "JPY", amount: "100 yen", reason: "r" }, "AMOUNT_INVALID"],
    ["an amount past 15 digits", { currency: "JPY", amount: "1".repeat(16), reason: "r" }, "AMOUNT_INVALID"],
    ["an unknown currency", { currency: "EUR", amount: "100", reason: "r" }, "CURRENCY_INVALID"],
    ["no reason", { currency: "JPY", amount: "100" }, "REASON_REQUIRED"],
    ["a blank reason", { currency: "JPY", amount: "100", reason: " \t " }, "REASON_REQUIRED"],
  ];
  for (const [what, body, code] of refusals) {
    it(`refuse ${what} with ${code}, writing nothing`, async () => {
      const member = await registerMember(app.url, app.database);
      await fund(app.database, member.memberId, "JPY", 1_000n);
      const before = await state(member.memberId);
      const response = await adjust(member.memberId, body);
      expect(response.status).toBe(400);
      expect(response.body.error.code).toBe(code);
      expect(await state(member.memberId)).toEqual(before);
    });
  }

  it("refuse an unknown member and a reviewer, writing nothing", async () => {
    const member = await registerMember(app.url, app.database);
    const before = await state(member.memberId);
    const body = { currency: "JPY", amount: "100", reason: "goodwill" };
    const unknown = await adjust("00000000-0000-4000-8000-000000000000", body);
    expect(unknown.status).toBe(404);
    expect(unknown.body.error.code).toBe("MEMBER_NOT_FOUND");
    expect((await adjust("12", body)).body.error.code).toBe("MEMBER_NOT_FOUND");
    const byReviewer = await adjust(member.memberId, body, reviewer);
    expect(byReviewer.status).toBe(403);
    expect(byReviewer.body.error.code).toBe("FORBIDDEN");
    const byMember = await adjust(member.memberId, body, member.auth);
    expect(byMember.status).toBe(403);
    expect(await state(member.memberId)).toEqual(before);
  });

  it("act once for a retry with the same Idempotency-Key, and refuse the key with another body", async () => {
    const member = await registerMember(app.url, app.database);
    const body = { currency: "JPY", amount: "700", reason: "campaign reward" };
    const headers = { ...supervisor, "idempotency-key": "adj-1" };
    const first = await adjust(member.memberId, body, headers);
    expect(first.status).toBe(201);
    const after = await state(member.memberId);
    const retry = await adjust(member.memberId, body, headers);
    expect(retry.status).toBe(201);
    expect(retry.body).toEqual(first.body);
    expect(await state(member.memberId)).toEqual(after);
    const reused = await adjust(member.memberId, { ...body, amount: "800" }, headers);
    expect(reused.status).toBe(422);
    expect(reused.body.error.code).toBe("IDEMPOTENCY_KEY_REUSED");
    const invalid = await adjust(member.memberId, body, {
      ...supervisor,
      "idempotency-key": "x".repeat(101),
    });
    expect(invalid.body.error.code).toBe("IDEMPOTENCY_KEY_INVALID");
    expect(await state(member.memberId)).toEqual(after);
    expect(await available(member.auth, "JPY")).toBe("700");
  });

  it("keep a staff member's keys apart from the member's own and from other staff's", async () => {
    const member = await registerMember(app.url, app.database);
    const other = (await signInStaff(app, "supervisor")).auth;
    const body = { currency: "JPY", amount: "100", reason: "goodwill" };
    expect((await adjust(member.memberId, body, { ...supervisor, "idempotency-key": "same" })).status).toBe(
      201,
    );
    expect((await adjust(member.memberId, body, { ...other, "idempotency-key": "same" })).status).toBe(201);
    expect(await available(member.auth, "JPY")).toBe("200");
  });

  it("serve two debits racing for the same cash one after the other", async () => {
    const member = await registerMember(app.url, app.database);
    await fund(app.database, member.memberId, "JPY", 1_000n);
    const answers = await Promise.all([
      adjust(member.memberId, { currency: "JPY", amount: "-600", reason: "reversal a" }),
      adjust(member.memberId, { currency: "JPY", amount: "-600", reason: "reversal b" }),
    ]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([201, 409]);
    expect(await available(member.auth, "JPY")).toBe("400");
    expect(isHealthy(await checkLedger(app.database.db))).toBe(true);
  });
});
