import { deviceTokenHeader } from "@kabuto/shared/api/auth";
import { tradingPinHeader } from "@kabuto/shared/api/trading-pin";
import { blockApi } from "@kabuto/shared/endpoints/block";
import { followApi } from "@kabuto/shared/endpoints/follow";
import { ipoApi } from "@kabuto/shared/endpoints/ipo";
import { loansApi } from "@kabuto/shared/endpoints/loans";
import { tradingApi } from "@kabuto/shared/endpoints/trading";
import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { checkLedger, isHealthy } from "../books.ts";
import { members, orders } from "../db/schema.ts";
import { throttleRules } from "../security/throttle.ts";
import { seedDemo } from "../seed.ts";
import { fund, registerMember, setMarket } from "../testing/fixtures.ts";
import { bearerSignIn, call, startTestApp, type TestApp } from "../testing/test-app.ts";

let app: TestApp;

beforeAll(async () => {
  app = await startTestApp();
  await seedDemo(app.database.db, Date.now());
});
afterAll(async () => {
  await app?.close();
});
beforeEach(() => {
  setMarket(app.bus, "JP:7203", [["2650", 300]], [["2650.5", 2_000]], { up: "3150", down: "2150.5" });
});

const buyToyota = { symbol: "JP:7203", side: "long", type: "market", quantity: 100, leverage: 1 };
const pin = "482913";

/** A funded member with a session; `key` makes each call's Idempotency-Key unique. */
async function fundedMember() {
  const member = await registerMember(app.url, app.database);
  await fund(app.database, member.memberId, "JPY", 2_000_000n);
  return member;
}

let keys = 0;
const order = (auth: Record<string, string>, headers: Record<string, string> = {}, key = `k${++keys}`) =>
  call(`${app.url}/orders`, "POST", buyToyota, { ...auth, "idempotency-key": key, ...headers });
const setPin = (auth: Record<string, string>, body: Record<string, unknown>) =>
  call(`${app.url}/me/trading-pin`, "POST", body, auth);
const removePin = (auth: Record<string, string>, body: Record<string, unknown>) =>
  call(`${app.url}/me/trading-pin/remove`, "POST", body, auth);
const withPin = (value: string) => ({ [tradingPinHeader]: value });

async function ordersOf(memberId: string): Promise<number> {
  const [row] = await app.database.db
    .select({ n: count() })
    .from(orders)
    .where(eq(orders.memberId, memberId));
  return row?.n ?? 0;
}

async function available(auth: Record<string, string>): Promise<string | undefined> {
  const answer = await call(`${app.url}/account`, "GET", undefined, auth);
  return answer.body.balances.find((balance: { currency: string }) => balance.currency === "JPY")?.available;
}

async function pinHash(memberId: string) {
  const [row] = await app.database.db
    .select({ hash: members.tradingPinHash })
    .from(members)
    .where(eq(members.id, memberId));
  return row?.hash;
}

describe("setting a trading PIN", () => {
  it("takes the sign-in password, stores only an argon2 hash, and the status says it is set", async () => {
    const { auth, memberId } = await fundedMember();
    expect((await call(`${app.url}/me/trading-pin`, "GET", undefined, auth)).body).toEqual({ set: false });
    const set = await setPin(auth, { loginPassword: "secret123", pin, pinConfirm: pin });
    expect([set.status, set.body]).toEqual([200, { set: true }]);
    expect(await pinHash(memberId)).toMatch(/^\$argon2id\$/);
    expect((await call(`${app.url}/me/trading-pin`, "GET", undefined, auth)).body).toEqual({ set: true });
  });

  const refusals: [string, Record<string, unknown>, string][] = [
    ["a PIN that is not six digits", { pin: "12345", pinConfirm: "12345" }, "TRADING_PIN_INVALID"],
    ["a PIN a guesser tries first", { pin: "123456", pinConfirm: "123456" }, "TRADING_PIN_WEAK"],
    ["a confirmation that differs", { pinConfirm: "482914" }, "PASSWORDS_DIFFER"],
    ["no password at all", { loginPassword: undefined }, "TRADING_PIN_PROOF_REQUIRED"],
    ["a wrong sign-in password", { loginPassword: "wrong1234" }, "OLD_PASSWORD_WRONG"],
    [
      "a fund password the member never set",
      { loginPassword: undefined, fundPassword: "135790" },
      "FUND_PASSWORD_NOT_SET",
    ],
  ];
  for (const [what, change, code] of refusals) {
    it(`refuses ${what} (${code}) and sets nothing`, async () => {
      const { auth, memberId } = await fundedMember();
      const refused = await setPin(auth, { loginPassword: "secret123", pin, pinConfirm: pin, ...change });
      expect(refused.body.error.code).toBe(code);
      expect(await pinHash(memberId)).toBeNull();
      expect((await order(auth)).status).toBe(201);
    });
  }
});

describe("a member with a trading PIN", () => {
  it("is asked for it: no PIN or a wrong one is refused with its own code and moves nothing", async () => {
    const { auth, memberId } = await fundedMember();
    await setPin(auth, { loginPassword: "secret123", pin, pinConfirm: pin });
    const before = await available(auth);
    const missing = await order(auth);
    expect([missing.status, missing.body.error.code]).toEqual([428, "TRADING_PIN_REQUIRED"]);
    const wrong = await order(auth, withPin("482914"));
    expect([wrong.status, wrong.body.error.code]).toEqual([400, "TRADING_PIN_WRONG"]);
    expect(wrong.body.error.details.attemptsLeft).toBe(throttleRules.tradingPin.limit - 1);
    const malformed = await order(auth, withPin("abc"));
    expect(malformed.body.error.code).toBe("TRADING_PIN_WRONG");
    expect(await ordersOf(memberId)).toBe(0);
    expect(await available(auth)).toBe(before);
    expect(isHealthy(await checkLedger(app.database.db))).toBe(true);
  });

  it("gets the order through with the right PIN, and a retry of its key is answered without asking again", async () => {
    const { auth, memberId } = await fundedMember();
    await setPin(auth, { loginPassword: "secret123", pin, pinConfirm: pin });
    const placed = await order(auth, withPin(pin), "pin-order-1");
    expect(placed.status).toBe(201);
    expect(placed.body).toMatchObject({ status: "filled", quantity: 100 });
    const retried = await order(auth, {}, "pin-order-1");
    expect([retried.status, retried.body]).toEqual([201, placed.body]);
    expect(await ordersOf(memberId)).toBe(1);
    expect(isHealthy(await checkLedger(app.database.db))).toBe(true);
  });

  it("is throttled after five wrong PINs, even the right one waits, and a right one later clears the count", async () => {
    const { auth, memberId } = await fundedMember();
    await setPin(auth, { loginPassword: "secret123", pin, pinConfirm: pin });
    for (let attempt = 0; attempt < throttleRules.tradingPin.limit; attempt += 1) {
      expect((await order(auth, withPin("000001"))).body.error.code).toBe("TRADING_PIN_WRONG");
    }
    const held = await order(auth, withPin(pin));
    expect([held.status, held.body.error.code]).toEqual([429, "TRADING_PIN_THROTTLED"]);
    expect(held.body.error.details.retryAfterMs).toBeGreaterThan(0);
    expect(await ordersOf(memberId)).toBe(0);
    app.advance(throttleRules.tradingPin.backoff.firstMs);
    expect((await order(auth, withPin(pin))).status).toBe(201);
    // The right PIN cleared the count: a slip now has the whole budget again.
    const slip = await order(auth, withPin("000001"));
    expect(slip.body.error.details.attemptsLeft).toBe(throttleRules.tradingPin.limit - 1);
  });

  it("keeps the owner's device trading while a stolen session guesses elsewhere", async () => {
    const member = await fundedMember();
    await setPin(member.auth, { loginPassword: "secret123", pin, pinConfirm: pin });
    const [row] = await app.database.db.select().from(members).where(eq(members.id, member.memberId));
    const signIn = await call(
      `${app.url}/auth/login`,
      "POST",
      { account: row?.account, password: "secret123" },
      bearerSignIn,
    );
    const owner = {
      authorization: `Bearer ${signIn.body.token}`,
      [deviceTokenHeader]: signIn.body.deviceToken,
    };
    for (let attempt = 0; attempt < throttleRules.tradingPin.limit; attempt += 1) {
      await order(member.auth, withPin("000001"));
    }
    expect((await order(member.auth, withPin(pin))).body.error.code).toBe("TRADING_PIN_THROTTLED");
    expect((await order(owner, withPin(pin))).status).toBe(201);
  });

  it("is no longer asked once the PIN is removed with a password", async () => {
    const { auth, memberId } = await fundedMember();
    await setPin(auth, { loginPassword: "secret123", pin, pinConfirm: pin });
    const refused = await removePin(auth, { loginPassword: "wrong1234" });
    expect(refused.body.error.code).toBe("OLD_PASSWORD_WRONG");
    expect(await pinHash(memberId)).not.toBeNull();
    const removed = await removePin(auth, { loginPassword: "secret123" });
    expect([removed.status, removed.body]).toEqual([200, { set: false }]);
    expect(await pinHash(memberId)).toBeNull();
    expect((await order(auth)).status).toBe(201);
    expect((await removePin(auth, { loginPassword: "secret123" })).body.error.code).toBe(
      "TRADING_PIN_NOT_SET",
    );
  });

  it("can change it with the fund password, and the old PIN stops working", async () => {
    const { auth } = await fundedMember();
    await setPin(auth, { loginPassword: "secret123", pin, pinConfirm: pin });
    const fundSet = await call(
      `${app.url}/me/fund-password`,
      "POST",
      { loginPassword: "secret123", fundPassword: "246810", fundPasswordConfirm: "246810" },
      auth,
    );
    expect(fundSet.status).toBe(200);
    const changed = await setPin(auth, { fundPassword: "246810", pin: "730518", pinConfirm: "730518" });
    expect(changed.body).toEqual({ set: true });
    expect((await order(auth, withPin(pin))).body.error.code).toBe("TRADING_PIN_WRONG");
    expect((await order(auth, withPin("730518"))).status).toBe(201);
  });

  it("is asked on every money-moving endpoint before anything else is read", async () => {
    const { auth } = await fundedMember();
    await setPin(auth, { loginPassword: "secret123", pin, pinConfirm: pin });
    const guarded = [
      tradingApi.placeOrder,
      followApi.startCopy,
      followApi.stopCopy,
      ipoApi.pay,
      blockApi.apply,
      blockApi.bid,
      loansApi.repay,
    ];
    for (const spec of guarded) {
      expect(spec.tradingPin).toBe(true);
      const path = spec.path.replace(/\{\w+\}/g, "1");
      const answer = await call(
        `${app.url}${path}`,
        "POST",
        {},
        { ...auth, "idempotency-key": `sweep-${path}` },
      );
      expect([path, answer.status, answer.body.error.code]).toEqual([path, 428, "TRADING_PIN_REQUIRED"]);
    }
  });

  it("is documented on each of them in the OpenAPI document: the header and its three refusals", async () => {
    const document = (await call(`${app.url}/openapi.json`, "GET")).body;
    const placeOrder = document.paths["/api/v1/orders"].post;
    expect(placeOrder.parameters).toContainEqual(
      expect.objectContaining({ name: tradingPinHeader, in: "header", required: false }),
    );
    const described = Object.values(placeOrder.responses as Record<string, { description: string }>)
      .map((response) => response.description)
      .join(", ");
    for (const code of ["TRADING_PIN_REQUIRED", "TRADING_PIN_WRONG", "TRADING_PIN_THROTTLED"]) {
      expect(described).toContain(code);
    }
    const listOrders = document.paths["/api/v1/orders"].get;
    expect(JSON.stringify(listOrders)).not.toContain(tradingPinHeader);
  });
});
