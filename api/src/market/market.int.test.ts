import { createPgCandleStore } from "@kabuto/feed";
import { anySymbolSchema } from "@kabuto/shared/symbols";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedDemo } from "../seed.ts";
import { bearerSignIn, call, startTestApp, type TestApp } from "../testing/test-app.ts";

let app: TestApp;
let auth: Record<string, string>;

beforeAll(async () => {
  app = await startTestApp();
  await seedDemo(app.database.db, Date.now());
  const login = await call(
    `${app.url}/auth/login`,
    "POST",
    { account: "09012345678", password: "demo1234" },
    bearerSignIn,
  );
  auth = { authorization: `Bearer ${login.body.token}` };
  const minute = Date.parse("2026-11-20T00:00:00Z");
  await createPgCandleStore(app.database.db).save(
    [0, 1, 2].map((index) => ({
      symbol: "JP:7203",
      interval: "1m" as const,
      candle: {
        t: minute + index * 60_000,
        o: 26_000 + index,
        h: 26_010,
        l: 25_990,
        c: 26_005,
        v: 100 * (index + 1),
      },
    })),
  );
  app.bus.publish([
    {
      topic: "candle:JP:7203:1m",
      epoch: "e",
      seq: 1,
      ts: minute + 180_000,
      data: {
        symbol: anySymbolSchema.parse("JP:7203"),
        interval: "1m",
        t: minute + 180_000,
        o: "2601",
        h: "2601",
        l: "2601",
        c: "2601",
        v: 100,
      },
    },
  ]);
});
afterAll(async () => {
  await app?.close();
});

describe("instrument search", () => {
  const codes = async (query: string) =>
    ((await call(`${app.url}/instruments?${query}`, "GET")).body.items as { symbol: string }[]).map(
      (item) => item.symbol,
    );

  it("finds Toyota by code, and by its name in Japanese, English and Traditional Chinese", async () => {
    expect((await codes("q=7203"))[0]).toBe("JP:7203");
    expect(await codes(`q=${encodeURIComponent("トヨタ")}`)).toContain("JP:7203");
    expect(await codes("q=toyota")).toContain("JP:7203");
    expect(await codes(`q=${encodeURIComponent("豐田")}`)).toContain("JP:7203");
  });

  it("ignores case and full-width characters, and filters by market", async () => {
    expect((await codes(`q=${encodeURIComponent("ａａｐｌ")}`))[0]).toBe("US:AAPL");
    const us = await codes("market=US&q=toyota");
    expect(us.every((symbol) => symbol.startsWith("US:"))).toBe(true);
    const japan = await codes("market=JP");
    expect(japan.length).toBeGreaterThan(100);
    expect(japan.every((symbol) => symbol.startsWith("JP:"))).toBe(true);
    expect(new Set(japan).size).toBe(japan.length);
  });

  it("refuses an unknown market and a bad limit, and 404s an unknown symbol", async () => {
    expect((await call(`${app.url}/instruments?market=CN`, "GET")).status).toBe(400);
    expect((await call(`${app.url}/instruments?limit=0`, "GET")).status).toBe(400);
    const missing = await call(`${app.url}/instruments/JP:0000`, "GET");
    expect(missing.status).toBe(404);
    expect(missing.body.error.code).toBe("SYMBOL_NOT_FOUND");
    expect(
      (await call(`${app.url}/instruments/${encodeURIComponent("DROP TABLE")}`, "GET")).body.error.code,
    ).toBe("SYMBOL_INVALID");
  });
});

describe("candles", () => {
  it("returns stored history oldest first, ending with the live candle from the bus", async () => {
    const response = await call(`${app.url}/candles/JP:7203?interval=1m`, "GET");
    expect(response.status).toBe(200);
    const items = response.body.items as { t: number; o: string; v: number }[];
    expect(items.map((item) => item.o)).toEqual(["2600", "2600.1", "2600.2", "2601"]);
    const before = await call(`${app.url}/candles/JP:7203?interval=1m&before=${items[2]?.t}&limit=1`, "GET");
    expect(before.body.items.map((item: { o: string }) => item.o)).toEqual(["2600.1"]);
  });

  it("refuses an interval the chart does not have", async () => {
    const response = await call(`${app.url}/candles/JP:7203?interval=2m`, "GET");
    expect(response.body.error.code).toBe("INTERVAL_INVALID");
  });
});

describe("watchlist", () => {
  it("needs a signed-in member", async () => {
    expect((await call(`${app.url}/watchlist`, "GET")).status).toBe(401);
    expect((await call(`${app.url}/watchlist/JP:7203`, "PUT")).status).toBe(401);
  });

  it("adds once, lists in order, removes, and refuses unknown symbols without writing", async () => {
    await call(`${app.url}/watchlist/US:AAPL`, "PUT", undefined, auth);
    await call(`${app.url}/watchlist/JP:7203`, "PUT", undefined, auth);
    const twice = await call(`${app.url}/watchlist/US:AAPL`, "PUT", undefined, auth);
    expect(twice.body.items.map((item: { symbol: string }) => item.symbol)).toEqual(["US:AAPL", "JP:7203"]);
    const unknown = await call(`${app.url}/watchlist/US:ZZZZ`, "PUT", undefined, auth);
    expect(unknown.body.error.code).toBe("SYMBOL_NOT_FOUND");
    const removed = await call(`${app.url}/watchlist/US:AAPL`, "DELETE", undefined, auth);
    expect(removed.body.items.map((item: { symbol: string }) => item.symbol)).toEqual(["JP:7203"]);
  });
});

describe("system", () => {
  it("reports health, the config's title, and an OpenAPI document covering the routes", async () => {
    expect((await call(`${app.url}/health`, "GET")).body).toMatchObject({
      status: "ok",
      database: "up",
      bus: "up",
    });
    const config = await call(`${app.url}/config`, "GET");
    expect(config.body.items).toContainEqual({ name: "title", value: "Kabuto" });
    const openapi = await call(`${app.url}/openapi.json`, "GET");
    expect(openapi.body.openapi).toBe("3.1.0");
    expect(Object.keys(openapi.body.paths)).toEqual(
      expect.arrayContaining([
        "/api/v1/auth/register",
        "/api/v1/candles/{symbol}",
        "/api/v1/watchlist/{symbol}",
      ]),
    );
  });

  it("answers unknown routes with NOT_FOUND in the error shape", async () => {
    const response = await call(`${app.url}/nope`, "GET");
    expect(response.status).toBe(404);
    expect(response.body.error.code).toBe("NOT_FOUND");
  });
});
