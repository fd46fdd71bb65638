import { interestFor } from "@kabuto/shared/loans/interest";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { checkLedger, isHealthy } from "../books.ts";
import { rowsOf } from "../db/rows.ts";
import { addCard, balanceOf, fundPassword, readyToWithdraw } from "../funding/funding-fixtures.ts";
import { signInStaff } from "../ops/members.fixtures.ts";
import { seedDemo } from "../seed.ts";
import { fund, registerMember } from "../testing/fixtures.ts";
import { call, startTestApp, type TestApp } from "../testing/test-app.ts";
import { testConfig } from "../testing/test-env.ts";
import { parseLoanTerms } from "./loan-terms.ts";
import { LoansService } from "./loans.service.ts";

/** 10:00 in Tokyo on a Wednesday: far from midnight, so "today" is unambiguous. */
const startMs = Date.parse("2026-06-10T01:00:00Z");
const dayMs = 86_400_000;

let app: TestApp;
let supervisor: Record<string, string>;
let reviewer: Record<string, string>;
/** The worker's loan service over the app's database and clock. */
let worker: LoansService;

beforeAll(async () => {
  app = await startTestApp({}, { startMs });
  await seedDemo(app.database.db, startMs);
  worker = new LoansService({
    db: app.database.db,
    now: app.now,
    events: () => undefined,
    terms: parseLoanTerms(testConfig()),
  });
});
afterAll(async () => {
  await app?.close();
});
// Fresh staff sessions for each test: a test that moves the clock a month outlives a staff session.
beforeEach(async () => {
  supervisor = (await signInStaff(app, "supervisor")).auth;
  reviewer = (await signInStaff(app, "reviewer")).auth;
});

async function ledgerHealthy(): Promise<boolean> {
  return isHealthy(await app.database.db.transaction((tx) => checkLedger(tx)));
}

/** A verified member with a card, a fund password, `cash` yen and a yen line of `line` yen. */
async function borrower(line: string, cash = 1_000_000n) {
  const member = await registerMember(app.url, app.database);
  await readyToWithdraw(app.database, member.memberId);
  if (cash > 0n) await fund(app.database, member.memberId, "JPY", cash);
  const set = await call(
    `${app.url}/ops/members/${member.memberId}/credit`,
    "PUT",
    {
      score: 700,
      lines: { JPY: line, USD: "0" },
      reason: "proposed line accepted",
    },
    supervisor,
  );
  expect(set.status).toBe(200);
  return member;
}

function borrow(auth: Record<string, string>, amount: string, headers: Record<string, string> = {}) {
  return call(`${app.url}/loans`, "POST", { currency: "JPY", amount }, { ...auth, ...headers });
}

function review(id: string, decision: "approve" | "reject", reason?: string) {
  return call(`${app.url}/ops/loans/${id}/review`, "POST", { decision, reason }, reviewer);
}

async function creditOf(auth: Record<string, string>) {
  const response = await call(`${app.url}/loans/credit`, "GET", undefined, auth);
  expect(response.status).toBe(200);
  return response.body.lines.find((line: { currency: string }) => line.currency === "JPY");
}

describe("a loan's life", () => {
  it("borrows within the line, accrues 30 days to the yen, is repaid in parts and settles", async () => {
    const { auth, memberId } = await borrower("1000000");
    const asked = await borrow(auth, "1000000");
    expect(asked.status).toBe(201);
    expect(asked.body).toMatchObject({ status: "pending", amount: "1000000", annualRatePpm: 28_000 });
    // Asked for, not yet lent: it already uses the line, and no money has moved.
    expect(await creditOf(auth)).toMatchObject({ line: "1000000", pending: "1000000", available: "0" });
    expect(await balanceOf(app.database, memberId, "available", "JPY")).toBe(1_000_000n);

    const approved = await review(asked.body.id, "approve");
    expect(approved.status).toBe(200);
    expect(approved.body.status).toBe("approved");
    expect(await balanceOf(app.database, memberId, "available", "JPY")).toBe(2_000_000n);
    expect(await balanceOf(app.database, memberId, "loan", "JPY")).toBe(-1_000_000n);
    expect(await creditOf(auth)).toMatchObject({ borrowed: "1000000", pending: "0", available: "0" });

    app.advance(30 * dayMs);
    expect(await worker.accrue()).toBeGreaterThanOrEqual(30);
    // A second pass the same day posts nothing more.
    expect(await worker.accrue()).toBe(0);
    // 1,000,000 × 2.8% × 30 / 365 = 2,301.37: the daily journals add up to the floor of the exact sum.
    const expected = interestFor(1_000_000n, 28_000, "JPY", 30);
    expect(expected).toBe(2_301n);
    expect(await balanceOf(app.database, memberId, "loan", "JPY")).toBe(-1_002_301n);
    const detail = await worker.detail(memberId, asked.body.id);
    expect(detail.loan).toMatchObject({
      interestOwed: "2301",
      principalOwed: "1000000",
      interestTotal: "2301",
    });
    expect(detail.journals.filter((journal) => journal.kind === "loan_interest")).toHaveLength(30);
    expect(detail.journals[1]?.interestDate).toBe("2026-06-10");

    // Interest first: 500,000 pays the 2,301 of interest and 497,699 of principal.
    const first = await worker.repay(memberId, asked.body.id, { amount: "500000" });
    expect(first.replayed).toBe(false);
    if (first.replayed) return;
    expect(first.value).toMatchObject({ status: "approved", interestOwed: "0", principalOwed: "502301" });

    const tooMuch = worker.repay(memberId, asked.body.id, { amount: "502302" });
    await expect(tooMuch).rejects.toMatchObject({
      code: "REPAYMENT_EXCEEDS_LOAN",
      details: { owed: "502301" },
    });

    const rest = await worker.repay(memberId, asked.body.id, { amount: "502301" });
    if (rest.replayed) throw new Error("not a replay");
    expect(rest.value).toMatchObject({
      status: "settled",
      principalOwed: "0",
      interestOwed: "0",
      repaidTotal: "1002301",
    });
    expect(await balanceOf(app.database, memberId, "loan", "JPY")).toBe(0n);
    expect(await balanceOf(app.database, memberId, "available", "JPY")).toBe(2_000_000n - 1_002_301n);
    await expect(worker.repay(memberId, asked.body.id, { amount: "1" })).rejects.toMatchObject({
      code: "LOAN_NOT_OWED",
    });
    expect(await ledgerHealthy()).toBe(true);
  });
});

describe("the line and its edges", () => {
  it("takes exactly the remaining line and refuses one yen more", async () => {
    const { auth } = await borrower("300000");
    expect((await borrow(auth, "300001")).body.error.code).toBe("LOAN_LINE_INSUFFICIENT");
    expect((await borrow(auth, "200000")).status).toBe(201);
    const over = await borrow(auth, "100001");
    expect(over.status).toBe(409);
    expect(over.body.error).toMatchObject({
      code: "LOAN_LINE_INSUFFICIENT",
      details: { available: "100000" },
    });
    expect((await borrow(auth, "100000")).status).toBe(201);
  });

  it("never lets concurrent requests exceed the line", async () => {
    const { auth, memberId } = await borrower("100000");
    const answers = await Promise.all(Array.from({ length: 10 }, () => borrow(auth, "30000")));
    expect(answers.filter((answer) => answer.status === 201)).toHaveLength(3);
    expect(answers.filter((answer) => answer.body.error?.code === "LOAN_LINE_INSUFFICIENT")).toHaveLength(7);
    const [row] = rowsOf(
      await app.database.db.execute(
        sql`select sum(amount_minor)::text as total from loans where member_id = ${memberId}`,
      ),
    );
    expect(row?.total).toBe("90000");
  });

  it("refuses amounts below the minimum, malformed ones and members without a verified name", async () => {
    const { auth } = await borrower("1000000");
    expect((await borrow(auth, "9999")).body.error).toMatchObject({
      code: "AMOUNT_BELOW_MINIMUM",
      details: { minimum: "10000" },
    });
    expect((await borrow(auth, "12.5")).body.error.code).toBe("AMOUNT_INVALID");
    const usd = await call(`${app.url}/loans`, "POST", { currency: "EUR", amount: "100" }, auth);
    expect(usd.body.error.code).toBe("CURRENCY_INVALID");
    const stranger = await registerMember(app.url, app.database);
    expect((await borrow(stranger.auth, "10000")).body.error.code).toBe("KYC_REQUIRED");
  });

  it("asks once for one key, however often it is retried", async () => {
    const { auth, memberId } = await borrower("500000");
    const key = { "idempotency-key": `loan-${memberId}` };
    const [first, second] = await Promise.all([borrow(auth, "50000", key), borrow(auth, "50000", key)]);
    expect(first.status).toBe(201);
    expect(second.status).toBe(201);
    expect(second.body.id).toBe(first.body.id);
    expect((await call(`${app.url}/loans`, "GET", undefined, auth)).body.items).toHaveLength(1);
  });
});

describe("reviews", () => {
  it("rejects with the reason the member reads, and frees the line", async () => {
    const { auth } = await borrower("100000");
    const asked = await borrow(auth, "100000");
    expect((await review(asked.body.id, "reject")).body.error.code).toBe("REASON_REQUIRED");
    const rejected = await review(asked.body.id, "reject", "income could not be confirmed");
    expect(rejected.body).toMatchObject({ status: "rejected", reason: "income could not be confirmed" });
    expect(await creditOf(auth)).toMatchObject({ pending: "0", available: "100000" });
    expect((await review(asked.body.id, "approve")).body.error.code).toBe("REQUEST_NOT_PENDING");
    const mine = await call(`${app.url}/loans`, "GET", undefined, auth);
    expect(mine.body.items[0]).toMatchObject({ status: "rejected", reason: "income could not be confirmed" });
  });

  it("will not approve past a line lowered after the request", async () => {
    const { auth, memberId } = await borrower("100000");
    const asked = await borrow(auth, "80000");
    await call(
      `${app.url}/ops/members/${memberId}/credit`,
      "PUT",
      {
        score: 400,
        lines: { JPY: "50000", USD: "0" },
        reason: "line reduced after review",
      },
      supervisor,
    );
    expect((await review(asked.body.id, "approve")).body.error.code).toBe("LOAN_LINE_INSUFFICIENT");
    expect(await balanceOf(app.database, memberId, "loan", "JPY")).toBe(0n);
  });

  it("leaves credit to supervisors, with the change and reason in the audit log", async () => {
    const member = await registerMember(app.url, app.database);
    const body = { score: 600, lines: { JPY: "200000", USD: "1500" }, reason: "first line" };
    const forbidden = await call(`${app.url}/ops/members/${member.memberId}/credit`, "PUT", body, reviewer);
    expect(forbidden.status).toBe(403);
    const set = await call(`${app.url}/ops/members/${member.memberId}/credit`, "PUT", body, supervisor);
    expect(set.body.credit).toMatchObject({ score: 600 });
    expect(set.body.credit.lines).toEqual([
      expect.objectContaining({ currency: "JPY", line: "200000", dayBasis: 365 }),
      expect.objectContaining({ currency: "USD", line: "150000", dayBasis: 360, annualRatePpm: 60_000 }),
    ]);
    // An unverified member: the rules propose nothing, whatever staff then decide.
    expect(set.body.proposal).toEqual({ score: 0, lines: { JPY: "0", USD: "0" } });
    const [audit] = rowsOf(
      await app.database.db.execute(
        sql`select action, reason, after from audit_log where target = ${`member:${member.memberId}`} order by id desc limit 1`,
      ),
    );
    expect(audit).toMatchObject({ action: "credit.set", reason: "first line" });
    const bad = await call(
      `${app.url}/ops/members/${member.memberId}/credit`,
      "PUT",
      {
        ...body,
        lines: { JPY: "1.5", USD: "0" },
      },
      supervisor,
    );
    expect(bad.body.error.code).toBe("CREDIT_LINE_INVALID");
  });
});

describe("the ledger check", () => {
  it("notices a loan whose record disagrees with the member's loan account", async () => {
    const { auth } = await borrower("100000");
    const asked = await borrow(auth, "100000");
    await review(asked.body.id, "approve");
    const check = async () =>
      (await app.database.db.transaction((tx) => checkLedger(tx))).checks.find(
        (each) => each.name === "loansMismatched",
      )?.count;
    expect(await check()).toBe(0);
    // Loan rows are not the ledger: a bug that wrote one wrong must not go unseen.
    await app.database.db.execute(
      sql`update loans set principal_minor = 99999 where id = ${Number(asked.body.id)}`,
    );
    expect(await check()).toBe(1);
    await app.database.db.execute(
      sql`update loans set principal_minor = 100000 where id = ${Number(asked.body.id)}`,
    );
    expect(await ledgerHealthy()).toBe(true);
  });
});

describe("money a loan holds back", () => {
  it("keeps what is owed out of a withdrawal, with the spec's repay-first refusal", async () => {
    const { auth, memberId } = await borrower("400000");
    const asked = await borrow(auth, "400000");
    await review(asked.body.id, "approve");
    const withdrawable = await call(`${app.url}/withdrawable`, "GET", undefined, auth);
    expect(withdrawable.body.items[0]).toMatchObject({
      available: "1400000",
      loans: "400000",
      withdrawable: "1000000",
    });
    const cardId = await addCard(app.database, memberId);
    const refused = await call(
      `${app.url}/withdrawals`,
      "POST",
      { cardId, currency: "JPY", amount: "1200000", fundPassword },
      auth,
    );
    expect(refused.body.error.code).toBe("LOAN_UNPAID");
    const tooMuch = await call(
      `${app.url}/withdrawals`,
      "POST",
      { cardId, currency: "JPY", amount: "1500000", fundPassword },
      auth,
    );
    expect(tooMuch.body.error.code).toBe("INSUFFICIENT_WITHDRAWABLE");
  });

  it("repays through the API from available cash only", async () => {
    const { auth, memberId } = await borrower("100000", 0n);
    const asked = await borrow(auth, "100000");
    await review(asked.body.id, "approve");
    // Operations take ¥90,000 back by an adjusting journal: ¥10,000 is left to repay with.
    const adjusted = await call(
      `${app.url}/ops/members/${memberId}/adjustments`,
      "POST",
      {
        currency: "JPY",
        amount: "-90000",
        reason: "test: spend the loan",
      },
      supervisor,
    );
    expect(adjusted.status).toBe(201);
    const repay = (amount: string) =>
      call(`${app.url}/loans/${asked.body.id}/repayments`, "POST", { amount }, auth);
    const short = await repay("40000");
    expect(short.body.error).toMatchObject({ code: "INSUFFICIENT_BALANCE", details: { available: "10000" } });
    const repaid = await repay("10000");
    expect(repaid.status).toBe(200);
    expect(repaid.body).toMatchObject({ principalOwed: "90000", repaidTotal: "10000" });
    const someoneElse = await registerMember(app.url, app.database);
    const foreign = await call(
      `${app.url}/loans/${asked.body.id}/repayments`,
      "POST",
      { amount: "1" },
      someoneElse.auth,
    );
    expect(foreign.body.error.code).toBe("LOAN_NOT_FOUND");
    expect(await balanceOf(app.database, memberId, "loan", "JPY")).toBe(-90_000n);
    expect(await ledgerHealthy()).toBe(true);
  });
});
