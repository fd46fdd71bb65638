import { sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { checkLedger, isHealthy } from "../books.ts";
import { seedDemo } from "../seed.ts";
import { fund, owe, registerMember } from "../testing/fixtures.ts";
import { call, startTestApp, type TestApp } from "../testing/test-app.ts";
import { balanceOf, fundingRowCounts, setFx } from "./funding-fixtures.ts";

let app: TestApp;

beforeAll(async () => {
  app = await startTestApp();
  await seedDemo(app.database.db, Date.now());
});
afterAll(async () => {
  await app?.close();
});
beforeEach(() => {
  // USD/JPY 150.000 (spread 1 bp), USD/TWD 30.000 (5 bp), USD/INR 85.0000 (5 bp).
  setFx(app.bus, "FX:USDJPY", "150.000");
  setFx(app.bus, "FX:USDTWD", "30.000");
  setFx(app.bus, "FX:USDINR", "85.0000");
});

async function member(jpy = 1_000_000n) {
  const made = await registerMember(app.url, app.database);
  if (jpy > 0n) await fund(app.database, made.memberId, "JPY", jpy);
  return made;
}

const quote = (auth: Record<string, string>, body: unknown) =>
  call(`${app.url}/fx/quote`, "POST", body, auth);
const convert = (auth: Record<string, string>, quoteId: unknown, headers = {}) =>
  call(`${app.url}/fx/convert`, "POST", { quoteId }, { ...auth, ...headers });

describe("an exchange quote", () => {
  it("buys dollars at the ask, rounds down to the cent, and holds for the configured seconds", async () => {
    const { auth } = await member();
    const response = await quote(auth, { from: "JPY", to: "USD", amount: "100000" });
    expect(response.status).toBe(201);
    // ask = 150 × 1.00005 = 150.0075; 100,000 / 150.0075 = 666.6333… USD.
    expect(response.body).toMatchObject({
      from: "JPY",
      to: "USD",
      fromAmount: "100000",
      toAmount: "66663",
      rate: "0.0066663333",
    });
    expect(response.body.expiresAtMs - Date.now()).toBeGreaterThan(14_000);
    expect(response.body.expiresAtMs - Date.now()).toBeLessThanOrEqual(15_000);
  });

  it("crosses through the dollar for a pair without it", async () => {
    const { auth } = await member();
    const response = await quote(auth, { from: "JPY", to: "TWD", amount: "100000" });
    // 100,000 / 150.0075 × 29.9925 (the TWD bid) = 19,994.00 TWD.
    expect(response.body).toMatchObject({ fromAmount: "100000", toAmount: "1999400" });
  });

  const refusals: [string, Record<string, unknown>, string][] = [
    ["the same currency twice", { from: "JPY", to: "JPY", amount: "100" }, "CURRENCIES_SAME"],
    ["INR against anything but USD", { from: "INR", to: "JPY", amount: "100" }, "FX_PAIR_UNAVAILABLE"],
    ["JPY into INR", { from: "JPY", to: "INR", amount: "100" }, "FX_PAIR_UNAVAILABLE"],
    ["a currency outside the spec's list", { from: "EUR", to: "JPY", amount: "100" }, "CURRENCY_INVALID"],
    ["no amount", { from: "JPY", to: "USD" }, "AMOUNT_INVALID"],
    ["a zero amount", { from: "JPY", to: "USD", amount: "0" }, "AMOUNT_INVALID"],
    ["yen with decimals", { from: "JPY", to: "USD", amount: "100.5" }, "AMOUNT_INVALID"],
    ["an amount too small to buy a cent", { from: "JPY", to: "USD", amount: "1" }, "AMOUNT_BELOW_MINIMUM"],
    ["a pair the feed has no price for", { from: "JPY", to: "KRW", amount: "100" }, "PRICE_UNAVAILABLE"],
  ];
  for (const [what, body, code] of refusals) {
    it(`refuses ${what} with ${code}, writing nothing`, async () => {
      const { auth } = await member();
      const before = await fundingRowCounts(app.database);
      const response = await quote(auth, body);
      expect(response.body.error?.code).toBe(code);
      expect(await fundingRowCounts(app.database)).toEqual(before);
    });
  }

  it("says how much is needed to get one minor unit", async () => {
    const { auth } = await member();
    const response = await quote(auth, { from: "JPY", to: "USD", amount: "1" });
    expect(response.body.error.details).toEqual({ minimum: "2", currency: "JPY" });
  });

  it("quotes INR only against USD", async () => {
    const { auth } = await member();
    const response = await quote(auth, { from: "USD", to: "INR", amount: "10" });
    // bid = 85 × 0.99975 = 84.97875 INR per dollar.
    expect(response.body).toMatchObject({ fromAmount: "1000", toAmount: "84978", rate: "84.978750" });
  });

  it("needs a signed-in member", async () => {
    expect(
      (await call(`${app.url}/fx/quote`, "POST", { from: "JPY", to: "USD", amount: "100" })).status,
    ).toBe(401);
  });

  it("is limited to a few dozen a minute per member", async () => {
    const { auth } = await member();
    let status = 201;
    let count = 0;
    while (status === 201 && count < 100) {
      status = (await quote(auth, { from: "JPY", to: "USD", amount: "1000" })).status;
      count += 1;
    }
    expect(status).toBe(429);
    expect(count).toBe(31);
  });
});

describe("converting", () => {
  it("is one fx journal through the house FX account, no fee, and shows in the fund records", async () => {
    const { auth, memberId } = await member();
    const quoted = await quote(auth, { from: "JPY", to: "USD", amount: "150000" });
    const converted = await convert(auth, quoted.body.id);
    expect(converted.status).toBe(200);
    expect(converted.body).toEqual({ quote: quoted.body, journalId: expect.stringMatching(/^\d+$/) });
    expect(await balanceOf(app.database, memberId, "available", "JPY")).toBe(850_000n);
    expect(await balanceOf(app.database, memberId, "available", "USD")).toBe(BigInt(quoted.body.toAmount));
    const records = await call(`${app.url}/ledger?type=exchange`, "GET", undefined, auth);
    expect(records.body.items).toHaveLength(1);
    expect(records.body.items[0]).toMatchObject({ kind: "fx", ref: `fx_quote:${quoted.body.id}` });
    expect(records.body.items[0].changes).toEqual(
      expect.arrayContaining([
        { purpose: "available", currency: "JPY", amount: "-150000" },
        { purpose: "available", currency: "USD", amount: quoted.body.toAmount },
      ]),
    );
    const entries = await app.database.db.execute(sql`
      select a.member_id is null as house, a.purpose, e.currency, e.amount::text as amount
      from entries e join ledger_accounts a on a.id = e.account_id where e.journal_id = ${Number(converted.body.journalId)}
      order by e.currency, e.amount`);
    expect((entries as unknown as { rows: unknown[] }).rows).toEqual([
      { house: false, purpose: "available", currency: "JPY", amount: "-150000" },
      { house: true, purpose: "fx", currency: "JPY", amount: "150000" },
      { house: true, purpose: "fx", currency: "USD", amount: `-${quoted.body.toAmount}` },
      { house: false, purpose: "available", currency: "USD", amount: quoted.body.toAmount },
    ]);
    expect(isHealthy(await checkLedger(app.database.db))).toBe(true);
  });

  it("uses a quote once", async () => {
    const { auth } = await member();
    const quoted = await quote(auth, { from: "JPY", to: "USD", amount: "1000" });
    expect((await convert(auth, quoted.body.id)).status).toBe(200);
    const before = await fundingRowCounts(app.database);
    const again = await convert(auth, quoted.body.id);
    expect(again.status).toBe(404);
    expect(again.body.error.code).toBe("FX_QUOTE_NOT_FOUND");
    expect(await fundingRowCounts(app.database)).toEqual(before);
  });

  it("answers a retry with the same key with the first conversion", async () => {
    const { auth, memberId } = await member();
    const quoted = await quote(auth, { from: "JPY", to: "USD", amount: "3000" });
    const headers = { "idempotency-key": `fx-${quoted.body.id}` };
    const first = await convert(auth, quoted.body.id, headers);
    const second = await convert(auth, quoted.body.id, headers);
    expect(second.status).toBe(200);
    expect(second.body).toEqual(first.body);
    expect(await balanceOf(app.database, memberId, "available", "JPY")).toBe(997_000n);
  });

  it("refuses an expired quote, writing nothing", async () => {
    const { auth, memberId } = await member();
    const quoted = await quote(auth, { from: "JPY", to: "USD", amount: "1000" });
    app.advance(15_000);
    try {
      const before = await fundingRowCounts(app.database);
      const response = await convert(auth, quoted.body.id);
      expect(response.status).toBe(409);
      expect(response.body.error.code).toBe("FX_QUOTE_EXPIRED");
      expect(await fundingRowCounts(app.database)).toEqual(before);
      expect(await balanceOf(app.database, memberId, "available", "JPY")).toBe(1_000_000n);
    } finally {
      app.advance(-15_000);
    }
  });

  it("refuses another member's quote as not found, and nonsense ids alike", async () => {
    const { auth } = await member();
    const other = await member();
    const theirs = await quote(other.auth, { from: "JPY", to: "USD", amount: "1000" });
    const before = await fundingRowCounts(app.database);
    for (const id of [theirs.body.id, "00000000-0000-4000-8000-000000000000", "nope", undefined]) {
      const response = await convert(auth, id);
      expect(response.status).toBe(404);
      expect(response.body.error.code).toBe("FX_QUOTE_NOT_FOUND");
    }
    expect(await fundingRowCounts(app.database)).toEqual(before);
    expect(await balanceOf(app.database, other.memberId, "available", "JPY")).toBe(1_000_000n);
  });

  it("refuses more than the member has, writing nothing", async () => {
    const { auth, memberId } = await member(50_000n);
    const quoted = await quote(auth, { from: "JPY", to: "USD", amount: "60000" });
    const before = await fundingRowCounts(app.database);
    const response = await convert(auth, quoted.body.id);
    expect(response.status).toBe(409);
    expect(response.body.error.code).toBe("INSUFFICIENT_BALANCE");
    expect(response.body.error.details).toEqual({ required: "60000", available: "50000", currency: "JPY" });
    expect(await fundingRowCounts(app.database)).toEqual(before);
    expect(await balanceOf(app.database, memberId, "available", "JPY")).toBe(50_000n);
  });

  it("keeps back what the member owes in a currency: an exchange cannot carry it out", async () => {
    const { auth, memberId } = await member(100_000n);
    // An earlier loss went 40,000 yen past the member's money: a debt in their deficit account.
    await owe(app.database, memberId, "JPY", 40_000n);
    const tooMuch = await quote(auth, { from: "JPY", to: "USD", amount: "60001" });
    const before = await fundingRowCounts(app.database);
    const refused = await convert(auth, tooMuch.body.id);
    expect(refused.status).toBe(409);
    expect(refused.body.error.code).toBe("INSUFFICIENT_WITHDRAWABLE");
    expect(refused.body.error.details).toMatchObject({ debt: "40000", withdrawable: "60000" });
    expect(await fundingRowCounts(app.database)).toEqual(before);
    expect(await balanceOf(app.database, memberId, "available", "JPY")).toBe(100_000n);
    const allowed = await quote(auth, { from: "JPY", to: "USD", amount: "60000" });
    expect((await convert(auth, allowed.body.id)).status).toBe(200);
    expect(await balanceOf(app.database, memberId, "available", "JPY")).toBe(40_000n);
  });

  it("refuses a frozen account, writing nothing", async () => {
    const { auth, memberId } = await member();
    const quoted = await quote(auth, { from: "JPY", to: "USD", amount: "1000" });
    await app.database.db.execute(sql`update members set frozen = true where id = ${memberId}`);
    const before = await fundingRowCounts(app.database);
    const response = await convert(auth, quoted.body.id);
    expect(response.status).toBe(403);
    expect(response.body.error.code).toBe("ACCOUNT_FROZEN");
    expect(await fundingRowCounts(app.database)).toEqual(before);
  });

  it("lets opposite conversions race without deadlock or overdraft", async () => {
    const { auth, memberId } = await member(300_000n);
    await fund(app.database, memberId, "USD", 200_000n);
    const quotes = await Promise.all(
      Array.from({ length: 6 }, (_, index) =>
        index % 2 === 0
          ? quote(auth, { from: "JPY", to: "USD", amount: "100000" })
          : quote(auth, { from: "USD", to: "JPY", amount: "1000" }),
      ),
    );
    const results = await Promise.all(quotes.map((quoted) => convert(auth, quoted.body.id)));
    for (const result of results) expect([200, 409]).toContain(result.status);
    expect(results.filter((result) => result.status === 500)).toEqual([]);
    expect(await balanceOf(app.database, memberId, "available", "JPY")).toBeGreaterThanOrEqual(0n);
    expect(isHealthy(await checkLedger(app.database.db))).toBe(true);
  });
});
