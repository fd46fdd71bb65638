import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  chanceOneIn,
  commitmentOf,
  type DrawEntry,
  entryHashOf,
  partialShuffle,
  runDraw,
  SeedStream,
} from "./draw.ts";

/** A seed from a number, so a run of many seeds is the same every time. */
function seedOf(n: number): string {
  return commitmentOf(n.toString(16).padStart(64, "0"));
}

const hashArb = fc.stringMatching(/^[0-9a-f]{16}$/);
const entriesArb = fc.uniqueArray(fc.record({ hash: hashArb, units: fc.integer({ min: 1, max: 20 }) }), {
  selector: (e) => e.hash,
  minLength: 1,
  maxLength: 60,
});
const seedArb = fc.stringMatching(/^[0-9a-f]{64}$/);

function totalWon(won: ReadonlyMap<string, number>): number {
  return [...won.values()].reduce((a, b) => a + b, 0);
}

describe("the commitment and entry hashes", () => {
  it("commits to a seed with SHA-256 of its bytes", () => {
    // SHA-256 of 32 zero bytes, a published test vector.
    expect(commitmentOf("0".repeat(64))).toBe(
      "66687aadf862bd776c8fc18b8e9f8e20089714856ee233b3902a591d0d5f2925",
    );
  });

  it("gives each subscription a hash only its salt opens", () => {
    const a = entryHashOf("IPO-1", "17", "salt-a");
    expect(a).toMatch(/^[0-9a-f]{64}$/);
    expect(entryHashOf("IPO-1", "17", "salt-b")).not.toBe(a);
    expect(entryHashOf("IPO-1", "17", "salt-a")).toBe(a);
  });
});

describe("the seed stream", () => {
  it("draws every value below n, none outside", () => {
    const stream = new SeedStream(seedOf(1));
    const seen = new Set<number>();
    for (let i = 0; i < 2000; i++) seen.add(stream.below(7));
    expect([...seen].sort()).toEqual([0, 1, 2, 3, 4, 5, 6]);
  });

  it("takes distinct places from a permutation", () => {
    fc.assert(
      fc.property(
        seedArb,
        fc.integer({ min: 1, max: 500 }),
        fc.integer({ min: 0, max: 600 }),
        (seed, n, take) => {
          const places = partialShuffle(new SeedStream(seed), n, take);
          expect(places).toHaveLength(Math.min(n, take));
          expect(new Set(places).size).toBe(places.length);
          for (const p of places) expect(p >= 0 && p < n).toBe(true);
        },
      ),
    );
  });
});

describe("the draw", () => {
  it("is a pure function of seed, entries and offering, whatever order the entries come in", () => {
    fc.assert(
      fc.property(seedArb, entriesArb, fc.integer({ min: 1, max: 80 }), (seed, entries, units) => {
        const first = runDraw(seed, entries, { unitsOffered: units });
        const again = runDraw(seed, [...entries].reverse(), { unitsOffered: units });
        expect([...again.won.entries()].sort()).toEqual([...first.won.entries()].sort());
        expect(again.waitlist).toEqual(first.waitlist);
        expect(again.entries).toEqual(first.entries);
      }),
    );
  });

  it("gives out every unit it can, never more than asked, one each when members outnumber units", () => {
    fc.assert(
      fc.property(seedArb, entriesArb, fc.integer({ min: 1, max: 80 }), (seed, entries, units) => {
        const result = runDraw(seed, entries, { unitsOffered: units });
        const asked = new Map(entries.map((e) => [e.hash, e.units]));
        const demand = entries.reduce((a, e) => a + e.units, 0);
        expect(totalWon(result.won)).toBe(Math.min(units, demand));
        for (const [hash, won] of result.won) expect(won).toBeLessThanOrEqual(asked.get(hash) ?? 0);
        expect(result.oversubscribed).toBe(entries.length > units);
        if (result.oversubscribed) for (const won of result.won.values()) expect(won).toBe(1);
        else for (const entry of entries) expect(result.won.get(entry.hash)).toBeGreaterThanOrEqual(1);
        // The waitlist holds members who won nothing, each once, and no more of them than units.
        expect(new Set(result.waitlist).size).toBe(result.waitlist.length);
        expect(result.waitlist.length).toBeLessThanOrEqual(units);
        for (const hash of result.waitlist) expect(result.won.has(hash)).toBe(false);
        if (!result.oversubscribed) expect(result.waitlist).toEqual([]);
      }),
    );
  });

  it("never lets an entry that was left out win, and leaving it out is all that changes for it", () => {
    fc.assert(
      fc.property(seedArb, entriesArb, fc.integer({ min: 1, max: 80 }), (seed, entries, units) => {
        const excluded = entries[0] as DrawEntry;
        const eligible = entries.slice(1);
        fc.pre(eligible.length > 0);
        const result = runDraw(seed, eligible, { unitsOffered: units });
        expect(result.won.has(excluded.hash)).toBe(false);
        expect(result.waitlist).not.toContain(excluded.hash);
        expect(result.entries.map((e) => e.hash)).not.toContain(excluded.hash);
      }),
    );
  });

  it("gives every member the same chance when members outnumber units, whatever they asked", () => {
    // 12 members asking from 1 to 12 units for 4 units: each wins with probability 1/3.
    const entries = Array.from({ length: 12 }, (_, i) => ({
      hash: entryHashOf("EQ", String(i), "s"),
      units: i + 1,
    }));
    const runs = 3000;
    const wins = new Map<string, number>();
    for (let s = 0; s < runs; s++) {
      for (const hash of runDraw(seedOf(s), entries, { unitsOffered: 4 }).won.keys()) {
        wins.set(hash, (wins.get(hash) ?? 0) + 1);
      }
    }
    // Five standard deviations of a binomial(3000, 1/3) share: a fair draw stays inside; a draw
    // that favoured larger asks by even a tenth of a chance would not.
    const sd = Math.sqrt((1 / 3) * (2 / 3) * runs);
    for (const entry of entries) {
      expect(Math.abs((wins.get(entry.hash) ?? 0) - runs / 3)).toBeLessThan(5 * sd);
    }
  });

  it("shares out the remainder in proportion to units asked beyond the first", () => {
    // 3 members asking 1, 2 and 5 units for 4 units: 1 each, then 1 more from 5 extra tickets
    // (1 belongs to the second member, 4 to the third).
    const entries = [
      { hash: "a", units: 1 },
      { hash: "b", units: 2 },
      { hash: "c", units: 5 },
    ];
    const runs = 3000;
    let bExtra = 0;
    for (let s = 0; s < runs; s++) {
      const won = runDraw(seedOf(s), entries, { unitsOffered: 4 }).won;
      expect(won.get("a")).toBe(1);
      if (won.get("b") === 2) bExtra += 1;
      else expect(won.get("c")).toBe(2);
    }
    const sd = Math.sqrt(0.2 * 0.8 * runs);
    expect(Math.abs(bExtra - runs * 0.2)).toBeLessThan(5 * sd);
  });

  it("gives everyone all they asked when the offering covers it", () => {
    const result = runDraw(
      seedOf(3),
      [
        { hash: "x", units: 3 },
        { hash: "y", units: 2 },
      ],
      { unitsOffered: 10 },
    );
    expect(Object.fromEntries(result.won)).toEqual({ x: 3, y: 2 });
    expect(result.waitlist).toEqual([]);
  });

  it("refuses entries it cannot draw fairly", () => {
    expect(() => runDraw(seedOf(1), [{ hash: "a", units: 0 }], { unitsOffered: 1 })).toThrow();
    expect(() => runDraw(seedOf(1), [{ hash: "a", units: 1.5 }], { unitsOffered: 1 })).toThrow();
    expect(() =>
      runDraw(
        seedOf(1),
        [
          { hash: "a", units: 1 },
          { hash: "a", units: 2 },
        ],
        { unitsOffered: 1 },
      ),
    ).toThrow();
    expect(() => runDraw("not a seed", [{ hash: "a", units: 1 }], { unitsOffered: 1 })).toThrow();
    expect(() => runDraw(seedOf(1), [{ hash: "a", units: 1 }], { unitsOffered: 0 })).toThrow();
  });

  it("states the chance as one in members per unit", () => {
    expect(chanceOneIn(83, 10)).toBeCloseTo(8.3);
    expect(chanceOneIn(5, 10)).toBe(1);
  });

  it("keeps its published answer for a fixed seed, so old draws still verify", () => {
    const entries = Array.from({ length: 6 }, (_, i) => ({ hash: `h${i}`, units: 1 + (i % 3) }));
    const result = runDraw(seedOf(42), entries, { unitsOffered: 2 });
    expect({ won: [...result.won.keys()].sort(), waitlist: result.waitlist }).toMatchInlineSnapshot(`
      {
        "waitlist": [
          "h5",
          "h4",
        ],
        "won": [
          "h0",
          "h1",
        ],
      }
    `);
  });
});
