import { anySymbolSchema, currencies, equitySymbolSchema, markets, symbolKind } from "@kabuto/shared/symbols";
import { describe, expect, it } from "vitest";
import { type EquitySeed, equities, sectors } from "./equities.ts";
import { fxPairs } from "./fx.ts";
import { indices } from "./indices.ts";

/**
 * JPX tick sizes (呼値の単位) as [highest price of the band, tick], in tenths of a yen so the
 * check is exact integer arithmetic. Restated here rather than imported so the data is checked
 * against the published table independently of the code that prices on it.
 */
const jpTickBands: Record<"topix500" | "tse", readonly (readonly [number, number])[]> = {
  topix500: [
    [10_000, 1],
    [30_000, 5],
    [100_000, 10],
    [300_000, 50],
    [1_000_000, 100],
  ],
  tse: [
    [30_000, 10],
    [50_000, 50],
    [300_000, 100],
    [500_000, 500],
    [3_000_000, 1_000],
  ],
};

/** Share of names whose translation may equal the English (acronyms such as KDDI or IBM). */
const untranslatedShareMax = 0.1;

function tenthsOfYen(price: string): number | undefined {
  const match = /^(\d+)(?:\.(\d))?$/.exec(price);
  if (!match) return undefined;
  return Number(match[1]) * 10 + Number(match[2] ?? "0");
}

function isOnJpTick(seed: EquitySeed): boolean {
  const tenths = tenthsOfYen(seed.refPrice);
  if (tenths === undefined || tenths <= 0) return false;
  const band = jpTickBands[seed.topix500 ? "topix500" : "tse"].find(([upTo]) => tenths <= upTo);
  return band !== undefined && tenths % band[1] === 0;
}

function byMarket(market: EquitySeed["market"]): readonly EquitySeed[] {
  return equities.filter((seed) => seed.market === market);
}

const jp = byMarket("JP");
const us = byMarket("US");

describe("equities", () => {
  it("has at least 100 names in each market", () => {
    expect(jp.length).toBeGreaterThanOrEqual(100);
    expect(us.length).toBeGreaterThanOrEqual(100);
  });

  it("never lists a code twice in one market", () => {
    for (const market of markets) {
      const codes = byMarket(market).map((seed) => seed.code);
      expect(codes.filter((code, i) => codes.indexOf(code) !== i)).toEqual([]);
    }
  });

  it("builds a valid equity symbol from every market and code", () => {
    for (const seed of equities) {
      expect(equitySymbolSchema.safeParse(`${seed.market}:${seed.code}`).success, seed.code).toBe(true);
    }
  });

  it("rejects what the symbol check is there to catch", () => {
    expect(equitySymbolSchema.safeParse("JP:brk.b").success).toBe(false);
    expect(equitySymbolSchema.safeParse("XX:7203").success).toBe(false);
  });

  it("names every company in all three languages", () => {
    for (const seed of equities) {
      expect(seed.name.ja.trim(), seed.code).not.toBe("");
      expect(seed.name.en.trim(), seed.code).not.toBe("");
      expect(seed.name.zhHant.trim(), seed.code).not.toBe("");
    }
  });

  it("translates at least 90% of the names rather than copying the English", () => {
    for (const list of [jp, us]) {
      for (const language of ["ja", "zhHant"] as const) {
        const copied = list.filter(
          (seed) => seed.name[language].toLowerCase() === seed.name.en.toLowerCase(),
        );
        expect(copied.length / list.length, language).toBeLessThanOrEqual(untranslatedShareMax);
      }
    }
  });

  it("takes every sector from the closed list, and uses every sector on the list", () => {
    const known: readonly string[] = sectors;
    for (const seed of equities) expect(known, seed.code).toContain(seed.sector);
    for (const sector of sectors)
      expect(
        equities.some((seed) => seed.sector === sector),
        sector,
      ).toBe(true);
  });

  it("gives realistic volatilities", () => {
    for (const seed of equities) {
      expect(seed.annualVol, seed.code).toBeGreaterThanOrEqual(0.05);
      expect(seed.annualVol, seed.code).toBeLessThanOrEqual(1.5);
    }
  });
});

describe("JP equities", () => {
  it("price in whole tenths of a yen, between 1 and 100,000 yen", () => {
    for (const seed of jp) {
      const tenths = tenthsOfYen(seed.refPrice);
      expect(tenths, seed.code).toBeDefined();
      expect(tenths, seed.code).toBeGreaterThanOrEqual(10);
      expect(tenths, seed.code).toBeLessThanOrEqual(1_000_000);
    }
  });

  it("start on the tick grid of their table", () => {
    expect(jp.filter((seed) => !isOnJpTick(seed)).map((seed) => `${seed.code} ${seed.refPrice}`)).toEqual([]);
  });

  it("catches prices off the grid", () => {
    const toyota = jp.find((seed) => seed.code === "7203");
    expect(toyota).toBeDefined();
    if (!toyota) return;
    expect(isOnJpTick({ ...toyota, refPrice: "2653.1" })).toBe(false);
    expect(isOnJpTick({ ...toyota, topix500: false, refPrice: "2653.5" })).toBe(false);
    expect(isOnJpTick({ ...toyota, topix500: false, refPrice: "3202" })).toBe(false);
  });

  it("trade in whole units of 100 shares", () => {
    for (const seed of jp) {
      expect(Number.isSafeInteger(seed.avgDailyVolume), seed.code).toBe(true);
      expect(seed.avgDailyVolume % 100, seed.code).toBe(0);
      expect(seed.avgDailyVolume, seed.code).toBeGreaterThan(0);
    }
  });

  it("include names outside TOPIX 500, cheap names and dear ones, to reach every tick and limit band", () => {
    const price = (seed: EquitySeed) => Number(seed.refPrice);
    expect(jp.filter((seed) => !seed.topix500).length).toBeGreaterThanOrEqual(5);
    expect(jp.filter((seed) => price(seed) < 500).length).toBeGreaterThanOrEqual(3);
    expect(jp.filter((seed) => price(seed) > 10_000).length).toBeGreaterThanOrEqual(3);
    expect(jp.some((seed) => !seed.topix500 && price(seed) < 100)).toBe(true);
  });
});

describe("US equities", () => {
  it("price in cents from $1, and in up to four decimals below $1", () => {
    for (const seed of us) {
      const price = Number(seed.refPrice);
      const pattern = price >= 1 ? /^[1-9]\d*\.\d{2}$/ : /^0\.\d{1,4}$/;
      expect(seed.refPrice, seed.code).toMatch(pattern);
      expect(price, seed.code).toBeGreaterThan(0);
      expect(price, seed.code).toBeLessThan(10_000);
    }
  });

  it("include a name under $1 and a few under $5", () => {
    expect(us.some((seed) => Number(seed.refPrice) < 1)).toBe(true);
    expect(us.filter((seed) => Number(seed.refPrice) < 5).length).toBeGreaterThanOrEqual(3);
  });

  it("are never TOPIX 500 members and trade whole shares", () => {
    for (const seed of us) {
      expect(seed.topix500, seed.code).toBe(false);
      expect(Number.isSafeInteger(seed.avgDailyVolume) && seed.avgDailyVolume > 0, seed.code).toBe(true);
    }
  });
});

describe("indices", () => {
  it("have index symbols, names, two-decimal levels and realistic volatilities", () => {
    expect(indices.map((index) => index.symbol)).toEqual([
      "IDX:N225",
      "IDX:TOPIX",
      "IDX:DJI",
      "IDX:SPX",
      "IDX:IXIC",
    ]);
    for (const index of indices) {
      expect(anySymbolSchema.safeParse(index.symbol).success).toBe(true);
      expect(symbolKind(index.symbol)).toBe("index");
      expect(index.refLevel, index.symbol).toMatch(/^[1-9]\d*\.\d{2}$/);
      expect(index.name.ja && index.name.en && index.name.zhHant, index.symbol).toBeTruthy();
      expect(index.annualVol).toBeGreaterThanOrEqual(0.05);
      expect(index.annualVol).toBeLessThanOrEqual(1.5);
      expect(index.beta).toBeGreaterThan(0);
      expect(index.members, index.symbol).toBe(index.market);
    }
  });
});

describe("FX", () => {
  it("quotes every currency against USD, once each", () => {
    const quoted = fxPairs.map((pair) => pair.quote);
    expect(fxPairs.every((pair) => pair.base === "USD")).toBe(true);
    expect(new Set(quoted).size).toBe(quoted.length);
    expect([...new Set(["USD", ...quoted])].sort()).toEqual([...currencies].sort());
  });

  it("names each pair by its legs and quotes it with its own decimals", () => {
    for (const pair of fxPairs) {
      expect(pair.symbol).toBe(`FX:${pair.base}${pair.quote}`);
      expect(symbolKind(pair.symbol)).toBe("fx");
      const decimals = pair.refRate.split(".")[1]?.length ?? 0;
      expect(decimals, pair.symbol).toBe(pair.decimals);
      expect(Number(pair.refRate), pair.symbol).toBeGreaterThan(0);
      expect(pair.spreadBps, pair.symbol).toBeGreaterThan(0);
      // Pegged and managed currencies move far less than equities, so the floor is lower.
      expect(pair.annualVol, pair.symbol).toBeGreaterThan(0);
      expect(pair.annualVol, pair.symbol).toBeLessThanOrEqual(0.3);
    }
  });

  it("starts a pegged pair inside its band", () => {
    for (const pair of fxPairs) {
      if (!pair.band) continue;
      const rate = Number(pair.refRate);
      expect(rate, pair.symbol).toBeGreaterThanOrEqual(Number(pair.band.min));
      expect(rate, pair.symbol).toBeLessThanOrEqual(Number(pair.band.max));
    }
  });
});
