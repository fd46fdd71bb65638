import { afterAll, beforeAll, expect, it } from "vitest";
import { seedDemo } from "../seed.ts";
import { registerMember, setMarket } from "../testing/fixtures.ts";
import { call, startTestApp, type TestApp } from "../testing/test-app.ts";
import { testConfig } from "../testing/test-env.ts";
import { seedDemoBlockTrades } from "./block-seed.ts";

const startMs = Date.parse("2026-06-10T01:00:00Z");
let app: TestApp;

beforeAll(async () => {
  app = await startTestApp({ BLOCK_HOURS: "09:30-19:30" }, { startMs });
  await seedDemo(app.database.db, startMs);
});
afterAll(async () => {
  await app?.close();
});

it("opens liquid names to bids and publishes an offering 2.5% under the last trade, once", async () => {
  setMarket(app.bus, "JP:9432", [["152.6", 300]], [["152.7", 2_000]]);
  const deps = { db: app.database.db, bus: app.bus, catalog: app.catalog, config: testConfig() };
  expect(await seedDemoBlockTrades(deps, startMs)).toEqual({ instruments: 4, offerings: 1 });
  expect(await seedDemoBlockTrades(deps, startMs)).toEqual({ instruments: 0, offerings: 0 });

  const member = await registerMember(app.url, app.database);
  const catalog = await call(`${app.url}/block`, "GET", undefined, member.auth);
  expect(catalog.body.instruments.map((row: { symbol: string }) => row.symbol)).toEqual([
    "JP:6758",
    "JP:7203",
    "JP:8306",
    "US:AAPL",
  ]);
  // 152.6 less 2.5% is 148.785, on the grid at 148.7.
  expect(catalog.body.offerings).toMatchObject([
    { symbol: "JP:9432", price: "148.7", phase: "open", lockupDays: 30 },
  ]);
});
