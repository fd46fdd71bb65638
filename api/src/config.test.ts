import { describe, expect, it } from "vitest";
import { loadConfig } from "./config.ts";
import { termsFromConfig } from "./trading/rules.ts";

describe("configuration", () => {
  it("defaults to embedded mode with the real market hours and the documented trading terms", () => {
    const config = loadConfig({});
    expect(config.embedded).toBe(true);
    expect(config.alwaysOpen).toBe(false);
    expect(termsFromConfig(config)).toEqual({
      JP: { leverages: [1, 2, 3], feePpm: 1_000, taxPpm: 0, maintenancePct: 50 },
      US: { leverages: [1, 2, 3, 4], feePpm: 4_500, taxPpm: 28, maintenancePct: 50 },
    });
  });

  it("takes trading terms from the environment", () => {
    const config = loadConfig({ LEVERAGE_JP: "5,1,5", FEE_PPM_US: "0", MAINTENANCE_PCT: "30" });
    expect(termsFromConfig(config).JP.leverages).toEqual([1, 5]);
    expect(termsFromConfig(config).US.feePpm).toBe(0);
    expect(termsFromConfig(config).US.maintenancePct).toBe(30);
  });

  it("takes deposits at any hour in an embedded demo that keeps the market open, and only then", () => {
    expect(loadConfig({}).FUND_HOURS).toBe("09:30-19:30");
    expect(loadConfig({ MARKET_HOURS: "always" }).FUND_HOURS).toBe("always");
    // Service mode is a real install: the market switch never opens the cash desk by itself.
    expect(loadConfig({ MARKET_HOURS: "always", DATABASE_URL: "postgres://db/kabuto" }).FUND_HOURS).toBe(
      "09:30-19:30",
    );
    // Set explicitly, the operator's hours win.
    expect(loadConfig({ MARKET_HOURS: "always", FUND_HOURS: "10:00-15:00" }).FUND_HOURS).toBe("10:00-15:00");
  });

  it("signs device tokens with DEVICE_COOKIE_SECRET; embedded mode makes a key, service mode never does", () => {
    const secret = "s".repeat(32);
    expect(loadConfig({ DEVICE_COOKIE_SECRET: secret }).deviceCookieSecret).toBe(secret);
    const made = loadConfig({}).deviceCookieSecret;
    expect(made).toMatch(/^[\w-]{43}$/);
    expect(loadConfig({}).deviceCookieSecret).not.toBe(made);
    // Every API process must share the key, so service mode has none unless it is given one.
    expect(loadConfig({ DATABASE_URL: "postgres://db/kabuto" }).deviceCookieSecret).toBeUndefined();
    expect(() => loadConfig({ DEVICE_COOKIE_SECRET: "too-short" })).toThrow(/DEVICE_COOKIE_SECRET/);
  });

  it("fails fast, naming the setting, on a bad value", () => {
    expect(() => loadConfig({ LEVERAGE_JP: "two" })).toThrow(/LEVERAGE_JP/);
    expect(() => loadConfig({ LEVERAGE_US: "1,50" })).toThrow(/LEVERAGE_US/);
    expect(() => loadConfig({ MARKET_HOURS: "sometimes" })).toThrow(/MARKET_HOURS/);
    expect(() => loadConfig({ DATABASE_URL: "mysql://x" })).toThrow(/DATABASE_URL/);
    expect(() => loadConfig({ ALLOWED_ORIGINS: "app.example.jp" })).toThrow(/ALLOWED_ORIGINS/);
  });

  it("parses every product's part of the settings at once, naming each wrong one", () => {
    const config = loadConfig({ DATA_DIR: "/srv/kabuto" });
    expect(config.uploadDir).toBe("/srv/kabuto/uploads");
    expect(config.BLOCK_HOURS).toBe("09:30-19:30");
    expect(config.SUPPORT_HOURS).toBe("09:00-18:00");
    expect(config.FOLLOW_PERIODS).toBe("7,30,90");
    expect(() => loadConfig({ FOLLOW_MIN: "lots", SUPPORT_RATE: "often", LEVERAGE_JP: "two" })).toThrow(
      /FOLLOW_MIN[\s\S]*SUPPORT_RATE|SUPPORT_RATE[\s\S]*FOLLOW_MIN/,
    );
  });

  it("runs the demo time scale only where every market is always open, on by default in an embedded demo", () => {
    const minutes = { open: 2, close: 15, price: 18, draw: 20, paymentEnd: 35, listing: 40, lockUpEnd: 55 };
    expect(loadConfig({ MARKET_HOURS: "always" }).DEMO_IPO_TIMELINE).toEqual(minutes);
    expect(loadConfig({ MARKET_HOURS: "always", DEMO_IPO_TIMELINE: "off" }).DEMO_IPO_TIMELINE).toBeNull();
    // Real hours: off, whatever it says; service mode: only when asked for.
    expect(loadConfig({ DEMO_IPO_TIMELINE: "1,2,3,4,5,6,7" }).DEMO_IPO_TIMELINE).toBeNull();
    const service = { MARKET_HOURS: "always", DATABASE_URL: "postgres://db.example.jp/kabuto" };
    expect(loadConfig(service).DEMO_IPO_TIMELINE).toBeNull();
    expect(loadConfig({ ...service, DEMO_IPO_TIMELINE: "1,2,3,4,5,6,7" }).DEMO_IPO_TIMELINE).toMatchObject({
      open: 1,
      lockUpEnd: 7,
    });
    expect(() => loadConfig({ DEMO_IPO_TIMELINE: "2,15,18,18,35,40,55" })).toThrow(/DEMO_IPO_TIMELINE/);
    expect(() => loadConfig({ DEMO_IPO_TIMELINE: "2,15,18" })).toThrow(/DEMO_IPO_TIMELINE/);
  });

  it("reads the extra allowed origins as a list, none by default", () => {
    expect(loadConfig({}).ALLOWED_ORIGINS).toEqual([]);
    expect(
      loadConfig({ ALLOWED_ORIGINS: " https://a.example.jp , https://b.example.jp," }).ALLOWED_ORIGINS,
    ).toEqual(["https://a.example.jp", "https://b.example.jp"]);
  });

  it("trusts no proxy unless told, and never every peer (TRUST_PROXY)", () => {
    expect(loadConfig({}).TRUST_PROXY).toBe(false);
    expect(loadConfig({ DATABASE_URL: "postgres://db/kabuto" }).TRUST_PROXY).toBe(false);
    expect(loadConfig({ TRUST_PROXY: "none" }).TRUST_PROXY).toBe(false);
    expect(loadConfig({ TRUST_PROXY: "0" }).TRUST_PROXY).toBe(false);
    expect(loadConfig({ TRUST_PROXY: "1" }).TRUST_PROXY).toBe(1);
    expect(loadConfig({ TRUST_PROXY: "loopback, 10.0.0.0/8,::1" }).TRUST_PROXY).toEqual([
      "loopback",
      "10.0.0.0/8",
      "::1",
    ]);
    for (const bad of ["true", "*", "all", "10.0.0.0/33", "proxy.example", "1,", "11"]) {
      expect(() => loadConfig({ TRUST_PROXY: bad })).toThrow(/TRUST_PROXY/);
    }
  });
});
