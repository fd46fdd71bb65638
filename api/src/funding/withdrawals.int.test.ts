import { sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { checkLedger, isHealthy } from "../books.ts";
import { rowsOf } from "../db/rows.ts";
import { fundPasswordFailuresMax } from "../identity/fund-password.ts";
import { signInStaff } from "../ops/members.fixtures.ts";
import { seedDemo } from "../seed.ts";
import { fund, owe, registerMember, setMarket } from "../testing/fixtures.ts";
import { call, startTestApp, type TestApp } from "../testing/test-app.ts";
import { submissionsPerWindowMax, submissionWindowMs } from "./fund-requests.ts";
import { addCard, balanceOf, fundingRowCounts, fundPassword, readyToWithdraw } from "./funding-fixtures.ts";

let app: TestApp;
let reviewer: Record<string, string>;
let reviewerId: string;
let reviewerLogin: string;
let checker: Record<string, string>;

beforeAll(async () => {
  app = await startTestApp();
  await seedDemo(app.database.db, Date.now());
  const first = await signInStaff(app, "reviewer");
  reviewer = first.auth;
  reviewerId = first.staffId;
  reviewerLogin = first.login;
  checker = (await signInStaff(app, "reviewer")).auth;
});
afterAll(async () => {
  await app?.close();
});
beforeEach(() => {
  setMarket(app.bus, "JP:7203", [["2650", 1_000]], [["2650.5", 1_000]]);
});

/** A verified member with a fund password, a card and money. */
async function withdrawer(jpy = 1_000_000n) {
  const member = await registerMember(app.url, app.database);
  const cardId = await readyToWithdraw(app.database, member.memberId);
  if (jpy > 0n) await fund(app.database, member.memberId, "JPY", jpy);
  return { ...member, cardId };
}

function withdraw(auth: Record<string, string>, body: Record<string, unknown>, headers = {}) {
  return call(`${app.url}/withdrawals`, "POST", body, { ...auth, ...headers });
}

const request = (cardId: string, amount = "100000") => ({ cardId, currency: "JPY", amount, fundPassword });

async function balances(memberId: string) {
  return {
    available: await balanceOf(app.database, memberId, "available", "JPY"),
    held: await balanceOf(app.database, memberId, "held", "JPY"),
  };
}

describe("what may be withdrawn", () => {
  it("lists each currency held with its available cash, no uncovered loss and no loans", async () => {
    const { auth, memberId } = await withdrawer(500_000n);
    await fund(app.database, memberId, "USD", 12_345n);
    const response = await call(`${app.url}/withdrawable`, "GET", undefined, auth);
    expect(response.status).toBe(200);
    expect(response.body.items).toEqual([
      {
        currency: "JPY",
        available: "500000",
        uncoveredLoss: "0",
        loans: "0",
        debt: "0",
        rewardsHeld: "0",
        withdrawable: "500000",
        minimum: "1000",
      },
      {
        currency: "USD",
        available: "12345",
        uncoveredLoss: "0",
        loans: "0",
        debt: "0",
        rewardsHeld: "0",
        withdrawable: "12345",
        minimum: "1000",
      },
    ]);
  });

  it("sets aside a holding position's loss beyond its margin, marked at the current quote", async () => {
    const { auth, memberId, cardId } = await withdrawer(1_000_000n);
    // 100 Toyota at 2,650.5 with 3× leverage: notional 265,050, margin 88,350, fee 266.
    const placed = await call(
      `${app.url}/orders`,
      "POST",
      { symbol: "JP:7203", side: "long", type: "market", quantity: 100, leverage: 3 },
      auth,
    );
    expect(placed.status).toBe(201);
    const available = 1_000_000n - 88_350n - 266n;
    // At 1,700 the position is worth 170,000: a loss of 95,050, 6,700 more than its margin.
    setMarket(app.bus, "JP:7203", [["1700", 1_000]], [["1700.5", 1_000]]);
    const response = await call(`${app.url}/withdrawable`, "GET", undefined, auth);
    expect(response.body.items).toEqual([
      {
        currency: "JPY",
        available: String(available),
        uncoveredLoss: "6700",
        loans: "0",
        debt: "0",
        rewardsHeld: "0",
        withdrawable: String(available - 6_700n),
        minimum: "1000",
      },
    ]);
    const before = await fundingRowCounts(app.database);
    const tooMuch = await withdraw(auth, request(cardId, String(available - 6_699n)));
    expect(tooMuch.status).toBe(409);
    expect(tooMuch.body.error.code).toBe("INSUFFICIENT_WITHDRAWABLE");
    expect(tooMuch.body.error.details).toMatchObject({ withdrawable: String(available - 6_700n) });
    expect(await fundingRowCounts(app.database)).toEqual(before);
    const exact = await withdraw(auth, request(cardId, String(available - 6_700n)));
    expect(exact.status).toBe(201);
    expect(await balances(memberId)).toEqual({ available: 6_700n, held: available - 6_700n });
  });

  it("keeps back what the member owes the house after a loss beyond their money", async () => {
    const { auth, memberId, cardId } = await withdrawer(100_000n);
    // An earlier loss went 40,000 yen past the member's money: a debt in their deficit account.
    await owe(app.database, memberId, "JPY", 40_000n);
    const response = await call(`${app.url}/withdrawable`, "GET", undefined, auth);
    expect(response.body.items[0]).toMatchObject({
      available: "100000",
      debt: "40000",
      withdrawable: "60000",
    });
    const before = await fundingRowCounts(app.database);
    const tooMuch = await withdraw(auth, request(cardId, "60001"));
    expect(tooMuch.body.error.code).toBe("INSUFFICIENT_WITHDRAWABLE");
    expect(await fundingRowCounts(app.database)).toEqual(before);
    expect((await withdraw(auth, request(cardId, "60000"))).status).toBe(201);
  });

  it("counts every holding position's loss, however many positions the member holds", async () => {
    const { auth, memberId } = await withdrawer(1_000_000n);
    // A thousand fully margined Sony positions, which can lose no more than their margin...
    setMarket(app.bus, "JP:6758", [["3000", 1_000]], [["3000.5", 1_000]]);
    await app.database.db.execute(sql`
      insert into positions (member_id, symbol, currency, side, quantity, leverage, open_order_id, open_price,
        open_notional_minor, initial_margin_minor, margin_minor, open_fee_minor, status, opened_at_ms)
      select ${memberId}, 'JP:6758', 'JPY', 'long', 100, 1, 0, '3000', 300000, 300000, 300000, 0, 'holding', 0
      from generate_series(1, 1000)`);
    // ...and, opened after them, the Toyota position of the test above, 6,700 yen past its margin.
    const placed = await call(
      `${app.url}/orders`,
      "POST",
      { symbol: "JP:7203", side: "long", type: "market", quantity: 100, leverage: 3 },
      auth,
    );
    expect(placed.status).toBe(201);
    setMarket(app.bus, "JP:7203", [["1700", 1_000]], [["1700.5", 1_000]]);
    const response = await call(`${app.url}/withdrawable`, "GET", undefined, auth);
    expect(response.body.items[0]).toMatchObject({ currency: "JPY", uncoveredLoss: "6700" });
  });

  it("cannot be known without a price for a holding position, and says so", async () => {
    const { auth, memberId } = await withdrawer();
    // A position in a stock the bus has no quote for.
    await app.database.db.execute(sql`
      insert into positions (member_id, symbol, currency, side, quantity, leverage, open_order_id, open_price,
        open_notional_minor, initial_margin_minor, margin_minor, open_fee_minor, status, opened_at_ms)
      values (${memberId}, 'JP:9984', 'JPY', 'long', 100, 1, 0, '9000', 900000, 900000, 900000, 0, 'holding', 0)`);
    const response = await call(`${app.url}/withdrawable`, "GET", undefined, auth);
    expect(response.status).toBe(503);
    expect(response.body.error.code).toBe("PRICE_UNAVAILABLE");
  });

  it("needs a signed-in member", async () => {
    expect((await call(`${app.url}/withdrawable`, "GET")).status).toBe(401);
  });
});

describe("a withdrawal request", () => {
  it("moves the amount from available to held in a journal and waits for review", async () => {
    const { auth, memberId, cardId } = await withdrawer();
    const response = await withdraw(auth, request(cardId, "250000"));
    expect(response.status).toBe(201);
    expect(response.body).toMatchObject({
      cardId,
      cardNumberMasked: expect.stringMatching(/^\*{4} \d{4}$/),
      bankName: "みずほ銀行",
      currency: "JPY",
      amount: "250000",
      status: "pending",
      reason: null,
    });
    expect(await balances(memberId)).toEqual({ available: 750_000n, held: 250_000n });
    const list = await call(`${app.url}/withdrawals`, "GET", undefined, auth);
    expect(list.body.items).toEqual([response.body]);
    const records = await call(`${app.url}/ledger?type=withdrawal`, "GET", undefined, auth);
    expect(records.body.items).toHaveLength(1);
    expect(records.body.items[0]).toMatchObject({
      kind: "withdrawal_hold",
      ref: `withdrawal:${response.body.id}`,
      changes: expect.arrayContaining([
        { purpose: "available", currency: "JPY", amount: "-250000" },
        { purpose: "held", currency: "JPY", amount: "250000" },
      ]),
    });
  });

  const refusals: [
    string,
    (member: Awaited<ReturnType<typeof withdrawer>>) => Promise<unknown>,
    string,
    number,
  ][] = [
    [
      "a frozen account",
      (m) => app.database.db.execute(sql`update members set frozen = true where id = ${m.memberId}`),
      "ACCOUNT_FROZEN",
      403,
    ],
    [
      "a member barred from withdrawing",
      (m) => app.database.db.execute(sql`update members set withdraw_barred = true where id = ${m.memberId}`),
      "WITHDRAW_BARRED",
      403,
    ],
    [
      "a member without a fund password",
      (m) =>
        app.database.db.execute(sql`update members set fund_password_hash = null where id = ${m.memberId}`),
      "FUND_PASSWORD_NOT_SET",
      409,
    ],
    [
      "a removed card",
      (m) =>
        app.database.db.execute(sql`update bank_cards set removed_at_ms = 1 where id = ${Number(m.cardId)}`),
      "CARD_NOT_FOUND",
      404,
    ],
  ];
  for (const [what, arrange, code, status] of refusals) {
    it(`is refused for ${what} with ${code}, writing nothing`, async () => {
      const member = await withdrawer();
      await arrange(member);
      const before = await fundingRowCounts(app.database);
      const response = await withdraw(member.auth, request(member.cardId));
      expect(response.status).toBe(status);
      expect(response.body.error.code).toBe(code);
      expect(await fundingRowCounts(app.database)).toEqual(before);
      expect(await balances(member.memberId)).toEqual({ available: 1_000_000n, held: 0n });
    });
  }

  const badInput: [string, (cardId: string) => Record<string, unknown>, string][] = [
    ["no card", () => ({ ...request("1"), cardId: undefined }), "CARD_NOT_FOUND"],
    ["a malformed card id", () => request("12; drop table members"), "CARD_NOT_FOUND"],
    ["an unknown currency", (cardId) => ({ ...request(cardId), currency: "EUR" }), "CURRENCY_INVALID"],
    ["no amount", (cardId) => ({ ...request(cardId), amount: undefined }), "AMOUNT_INVALID"],
    ["a negative amount", (cardId) => request(cardId, "-5000"), "AMOUNT_INVALID"],
    ["a zero amount", (cardId) => request(cardId, "0"), "AMOUNT_INVALID"],
    ["sen in a yen amount", (cardId) => request(cardId, "5000.5"), "AMOUNT_INVALID"],
    ["an amount under the minimum", (cardId) => request(cardId, "999"), "AMOUNT_BELOW_MINIMUM"],
    ["more than is available", (cardId) => request(cardId, "1000001"), "INSUFFICIENT_WITHDRAWABLE"],
    ["no fund password", (cardId) => ({ ...request(cardId), fundPassword: "" }), "FUND_PASSWORD_REQUIRED"],
    [
      "a wrong fund password",
      (cardId) => ({ ...request(cardId), fundPassword: "000000" }),
      "FUND_PASSWORD_WRONG",
    ],
  ];
  for (const [what, body, code] of badInput) {
    it(`is refused for ${what} with ${code}, writing nothing`, async () => {
      const member = await withdrawer();
      const before = await fundingRowCounts(app.database);
      const response = await withdraw(member.auth, body(member.cardId));
      expect(response.body.error?.code).toBe(code);
      // A wrong fund password is counted (in login_failures, for throttling); no money row is written.
      expect(await fundingRowCounts(app.database)).toEqual(before);
      expect(await balances(member.memberId)).toEqual({ available: 1_000_000n, held: 0n });
    });
  }

  it("names the minimum when the amount is under it", async () => {
    const { auth, cardId } = await withdrawer();
    const response = await withdraw(auth, request(cardId, "999"));
    expect(response.body.error.details).toEqual({ minimum: "1000", currency: "JPY" });
  });

  it("pays only to the member's own card: another member's is not found", async () => {
    const { auth, memberId } = await withdrawer();
    const other = await withdrawer();
    const before = await fundingRowCounts(app.database);
    const response = await withdraw(auth, request(other.cardId));
    expect(response.status).toBe(404);
    expect(response.body.error.code).toBe("CARD_NOT_FOUND");
    expect(await fundingRowCounts(app.database)).toEqual(before);
    expect(await balances(memberId)).toEqual({ available: 1_000_000n, held: 0n });
  });

  it("is refused outside fund hours", async () => {
    const saturday = Date.parse("2026-11-21T03:00:00Z");
    const closed = await startTestApp({ FUND_HOURS: "09:30-19:30" }, { startMs: saturday });
    try {
      await seedDemo(closed.database.db, saturday);
      const member = await registerMember(closed.url, closed.database);
      const cardId = await readyToWithdraw(closed.database, member.memberId);
      await fund(closed.database, member.memberId, "JPY", 100_000n);
      const before = await fundingRowCounts(closed.database);
      const response = await call(`${closed.url}/withdrawals`, "POST", request(cardId, "5000"), member.auth);
      expect(response.status).toBe(409);
      expect(response.body.error.code).toBe("OUTSIDE_FUND_HOURS");
      expect(await fundingRowCounts(closed.database)).toEqual(before);
      const terms = await call(`${closed.url}/funding/terms`, "GET");
      expect(terms.body).toEqual({ hours: "09:30-19:30", openNow: false, fxQuoteSeconds: 15 });
    } finally {
      await closed.close();
    }
  });

  it("waits for the member's open request: one fund operation at a time", async () => {
    const { auth, memberId, cardId } = await withdrawer();
    expect((await withdraw(auth, request(cardId, "1000"))).status).toBe(201);
    const before = await fundingRowCounts(app.database);
    const second = await withdraw(auth, request(cardId, "2000"));
    expect(second.status).toBe(409);
    expect(second.body.error.code).toBe("FUND_OPERATION_IN_PROGRESS");
    expect(await fundingRowCounts(app.database)).toEqual(before);
    expect(await balances(memberId)).toEqual({ available: 999_000n, held: 1_000n });
  });

  it("lets exactly one of many simultaneous requests through", async () => {
    const { auth, memberId, cardId } = await withdrawer();
    // As many as the fund password may be checked at once: more would be refused by its
    // throttle (FUND_PASSWORD_THROTTLED) before reaching the race this is about.
    const responses = await Promise.all(
      Array.from({ length: fundPasswordFailuresMax }, (_, index) =>
        withdraw(auth, request(cardId, String(10_000 + index)), {
          "idempotency-key": `race-${memberId}-${index}`,
        }),
      ),
    );
    const statuses = responses.map((response) => response.status).sort();
    expect(statuses).toEqual([201, ...Array(fundPasswordFailuresMax - 1).fill(409)]);
    for (const refused of responses.filter((response) => response.status === 409)) {
      expect(refused.body.error.code).toBe("FUND_OPERATION_IN_PROGRESS");
    }
    const held = await balanceOf(app.database, memberId, "held", "JPY");
    expect(await balanceOf(app.database, memberId, "available", "JPY")).toBe(1_000_000n - held);
    expect(isHealthy(await checkLedger(app.database.db))).toBe(true);
  });

  it(`takes at most ${submissionsPerWindowMax} requests in ten minutes, counting rejected ones`, async () => {
    const { auth, cardId } = await withdrawer();
    for (let index = 0; index < submissionsPerWindowMax; index += 1) {
      const submitted = await withdraw(auth, request(cardId, "1000"));
      expect(submitted.status).toBe(201);
      const rejected = await call(
        `${app.url}/ops/withdrawals/${submitted.body.id}/review`,
        "POST",
        { decision: "reject", reason: "account name does not match" },
        reviewer,
      );
      expect(rejected.status).toBe(200);
    }
    const before = await fundingRowCounts(app.database);
    const refused = await withdraw(auth, request(cardId, "1000"));
    expect(refused.status).toBe(429);
    expect(refused.body.error.code).toBe("SUBMITTING_TOO_FREQUENTLY");
    expect(await fundingRowCounts(app.database)).toEqual(before);
    app.advance(submissionWindowMs);
    try {
      expect((await withdraw(auth, request(cardId, "1000"))).status).toBe(201);
    } finally {
      app.advance(-submissionWindowMs);
    }
  });

  it("answers a retry with the same key with the first result, holding once", async () => {
    const { auth, memberId, cardId } = await withdrawer();
    const headers = { "idempotency-key": `withdraw-${memberId}` };
    const first = await withdraw(auth, request(cardId, "30000"), headers);
    const second = await withdraw(auth, request(cardId, "30000"), headers);
    expect(first.status).toBe(201);
    expect(second.status).toBe(201);
    expect(second.body).toEqual(first.body);
    expect(await balances(memberId)).toEqual({ available: 970_000n, held: 30_000n });
    const reused = await withdraw(auth, request(cardId, "40000"), headers);
    expect(reused.body.error.code).toBe("IDEMPOTENCY_KEY_REUSED");
  });

  it("is private: another member's list does not show it", async () => {
    const { auth, cardId } = await withdrawer();
    const made = await withdraw(auth, request(cardId, "5000"));
    const other = await withdrawer();
    const list = await call(`${app.url}/withdrawals`, "GET", undefined, other.auth);
    expect(list.body.items.map((item: { id: string }) => item.id)).not.toContain(made.body.id);
  });
});

describe("review by operations", () => {
  async function pending(amount = "100000") {
    const member = await withdrawer();
    const made = await withdraw(member.auth, request(member.cardId, amount));
    expect(made.status).toBe(201);
    return { ...member, id: String(made.body.id) };
  }
  const check = (id: string, auth: Record<string, string>, body: unknown = {}) =>
    call(`${app.url}/ops/withdrawals/${id}/check`, "POST", body, auth);
  const review = (id: string, auth: Record<string, string>, body: unknown) =>
    call(`${app.url}/ops/withdrawals/${id}/review`, "POST", body, auth);

  it("pays out a checked withdrawal approved by a second staff member, never by the first", async () => {
    const { auth, memberId, id, cardId } = await pending();
    const checked = await check(id, reviewer, { payoutReference: "MZ-2026-0001" });
    expect(checked.status).toBe(200);
    expect(checked.body).toMatchObject({
      status: "checked",
      makerStaffId: reviewerId,
      makerStaffLogin: reviewerLogin,
      payoutReference: "MZ-2026-0001",
    });
    // The member still sees it as pending.
    const mine = await call(`${app.url}/withdrawals`, "GET", undefined, auth);
    expect(mine.body.items[0].status).toBe("pending");

    const before = await fundingRowCounts(app.database);
    const own = await review(id, reviewer, { decision: "approve" });
    expect(own.status).toBe(409);
    expect(own.body.error.code).toBe("MAKER_CHECKER");
    expect(await fundingRowCounts(app.database)).toEqual(before);
    expect(await balances(memberId)).toEqual({ available: 900_000n, held: 100_000n });

    const approved = await review(id, checker, { decision: "approve" });
    expect(approved.status).toBe(200);
    expect(approved.body).toMatchObject({ status: "approved", card: { id: cardId } });
    expect(await balances(memberId)).toEqual({ available: 900_000n, held: 0n });
    const records = await call(`${app.url}/ledger?type=withdrawal`, "GET", undefined, auth);
    expect(records.body.items.map((item: { kind: string }) => item.kind)).toEqual([
      "withdrawal",
      "withdrawal_hold",
    ]);
    expect(records.body.items[0].changes).toEqual([{ purpose: "held", currency: "JPY", amount: "-100000" }]);
    const audit = await call(
      `${app.url}/ops/audit?target=withdrawal:${id}`,
      "GET",
      undefined,
      (await signInStaff(app, "supervisor")).auth,
    );
    expect(audit.body.items.map((item: { action: string }) => item.action)).toEqual([
      "withdrawal.approve",
      "withdrawal.check",
    ]);
    const again = await review(id, checker, { decision: "reject", reason: "too late" });
    expect(again.body.error.code).toBe("REQUEST_NOT_PENDING");
    expect(isHealthy(await checkLedger(app.database.db))).toBe(true);
  });

  it("approves only what has been checked", async () => {
    const { id, memberId } = await pending();
    const before = await fundingRowCounts(app.database);
    const response = await review(id, checker, { decision: "approve" });
    expect(response.status).toBe(409);
    expect(response.body.error.code).toBe("REQUEST_NOT_PENDING");
    expect(await fundingRowCounts(app.database)).toEqual(before);
    expect(await balances(memberId)).toEqual({ available: 900_000n, held: 100_000n });
  });

  it("checks a withdrawal once", async () => {
    const { id } = await pending();
    expect((await check(id, reviewer)).status).toBe(200);
    const before = await fundingRowCounts(app.database);
    const again = await check(id, checker);
    expect(again.body.error.code).toBe("REQUEST_NOT_PENDING");
    expect(await fundingRowCounts(app.database)).toEqual(before);
  });

  it("releases a rejected withdrawal back to available, with the reason the member reads", async () => {
    const { auth, memberId, id } = await pending();
    const before = await fundingRowCounts(app.database);
    const noReason = await review(id, reviewer, { decision: "reject" });
    expect(noReason.status).toBe(400);
    expect(noReason.body.error.code).toBe("REASON_REQUIRED");
    expect(await fundingRowCounts(app.database)).toEqual(before);

    const rejected = await review(id, reviewer, { decision: "reject", reason: "名義が一致しません" });
    expect(rejected.body).toMatchObject({ status: "rejected", reason: "名義が一致しません" });
    expect(await balances(memberId)).toEqual({ available: 1_000_000n, held: 0n });
    const mine = await call(`${app.url}/withdrawals`, "GET", undefined, auth);
    expect(mine.body.items[0]).toMatchObject({ status: "rejected", reason: "名義が一致しません" });
    const records = await call(`${app.url}/ledger?type=withdrawal`, "GET", undefined, auth);
    expect(records.body.items[0]).toMatchObject({ kind: "withdrawal_release", memo: "名義が一致しません" });
    expect(isHealthy(await checkLedger(app.database.db))).toBe(true);
  });

  it("may reject a checked withdrawal too, even its maker", async () => {
    const { memberId, id } = await pending();
    await check(id, reviewer);
    const rejected = await review(id, reviewer, { decision: "reject", reason: "bank returned the transfer" });
    expect(rejected.body.status).toBe("rejected");
    expect(await balances(memberId)).toEqual({ available: 1_000_000n, held: 0n });
  });

  it("shows the queue with the member's history, and the full card in the detail", async () => {
    const first = await pending("5000");
    await review(first.id, reviewer, { decision: "reject", reason: "wrong amount" });
    const second = await withdraw(first.auth, request(first.cardId, "6000"));
    const queue = await call(`${app.url}/ops/withdrawals`, "GET", undefined, reviewer);
    const item = queue.body.items.find((entry: { id: string }) => entry.id === second.body.id);
    expect(item).toMatchObject({
      memberId: first.memberId,
      memberAccount: expect.stringMatching(/^080/),
      memberRealName: "山田 太郎",
      status: "pending",
      history: [{ kind: "withdrawal", id: first.id, currency: "JPY", amount: "5000", status: "rejected" }],
    });
    expect(
      queue.body.items.every((entry: { status: string }) => ["pending", "checked"].includes(entry.status)),
    ).toBe(true);
    const rejectedQueue = await call(
      `${app.url}/ops/withdrawals?status=rejected`,
      "GET",
      undefined,
      reviewer,
    );
    expect(rejectedQueue.body.items.map((entry: { id: string }) => entry.id)).toContain(first.id);
    const detail = await call(`${app.url}/ops/withdrawals/${second.body.id}`, "GET", undefined, reviewer);
    const [card] = rowsOf(
      await app.database.db.execute(
        sql`select card_number from bank_cards where id = ${Number(first.cardId)}`,
      ),
    );
    expect(detail.body.card).toMatchObject({
      id: first.cardId,
      cardNumber: card?.card_number,
      removedAtMs: null,
    });
  });

  it("answers unknown and malformed ids with WITHDRAWAL_NOT_FOUND", async () => {
    for (const id of ["999999", "abc", "1e3"]) {
      const detail = await call(`${app.url}/ops/withdrawals/${id}`, "GET", undefined, reviewer);
      expect(detail.status).toBe(404);
      expect(detail.body.error.code).toBe("WITHDRAWAL_NOT_FOUND");
      expect((await check(id, reviewer)).body.error.code).toBe("WITHDRAWAL_NOT_FOUND");
    }
  });

  it("is for staff only: members get 403, strangers 401", async () => {
    const { auth, id } = await pending();
    const routes: [string, string, unknown][] = [
      ["GET", "/ops/withdrawals", undefined],
      ["GET", `/ops/withdrawals/${id}`, undefined],
      ["POST", `/ops/withdrawals/${id}/check`, {}],
      ["POST", `/ops/withdrawals/${id}/review`, { decision: "reject", reason: "x" }],
    ];
    const before = await fundingRowCounts(app.database);
    for (const [method, path, body] of routes) {
      const asMember = await call(`${app.url}${path}`, method, body, auth);
      expect(asMember.status).toBe(403);
      expect(asMember.body.error.code).toBe("FORBIDDEN");
      const asNobody = await call(`${app.url}${path}`, method, body);
      expect(asNobody.status).toBe(401);
      expect(asNobody.body.error.code).toBe("STAFF_UNAUTHENTICATED");
    }
    expect(await fundingRowCounts(app.database)).toEqual(before);
  });

  it("keeps a removed card on the withdrawal that named it", async () => {
    const { memberId, id, cardId } = await pending();
    await app.database.db.execute(sql`update bank_cards set removed_at_ms = 5 where id = ${Number(cardId)}`);
    const detail = await call(`${app.url}/ops/withdrawals/${id}`, "GET", undefined, reviewer);
    expect(detail.body.card).toMatchObject({ id: cardId, removedAtMs: 5 });
    expect(detail.body.memberId).toBe(memberId);
    // A second live card lets the member withdraw again once this one is settled.
    expect(await addCard(app.database, memberId)).toMatch(/^\d+$/);
  });
});
