import { describe, expect, it } from "vitest";
import { judgeLatency, judgeMemory, serverErrorsTooMany, slopePerMinute } from "./soak-verdict.ts";

describe("soak verdicts", () => {
  it("the slope of a steady climb is its step per minute, of a level series zero", () => {
    expect(slopePerMinute([100, 102, 104, 106, 108])).toBeCloseTo(2, 10);
    expect(slopePerMinute([250, 250, 250])).toBe(0);
    // One figure, or none readable, has no slope.
    expect(slopePerMinute([300])).toBe(0);
    expect(slopePerMinute([Number.NaN, 200])).toBe(0);
  });

  it("memory that rises through the warm-up minute and then holds is flat", () => {
    const judged = judgeMemory([180, 260, 266, 258, 263]);
    expect(judged).toMatchObject({ baselineMb: 260, lastMb: 263, verdict: "flat" });
    expect(Math.abs(judged.slopeMbPerMinute)).toBeLessThan(1);
  });

  it("memory that keeps climbing past 10% of the second minute's is growing", () => {
    const judged = judgeMemory([200, 220, 232, 244, 256]);
    expect(judged.verdict).toBe("growing");
    expect(judged.slopeMbPerMinute).toBeCloseTo(12, 10);
  });

  it("a small heap may gain up to 5 MB, but not more, and stay flat", () => {
    expect(judgeMemory([30, 40, 44.9]).verdict).toBe("flat");
    expect(judgeMemory([30, 40, 45.1]).verdict).toBe("growing");
  });

  it("a one-minute run is judged from its only minute", () => {
    expect(judgeMemory([300])).toMatchObject({ baselineMb: 300, lastMb: 300, verdict: "flat" });
  });

  it("p99 is flat up to 1.5 times the second minute's", () => {
    const counts = [300, 300, 300, 300];
    expect(judgeLatency([90, 40, 55, 60], counts).verdict).toBe("flat");
    expect(judgeLatency([90, 40, 55, 61], counts).verdict).toBe("growing");
  });

  it("a p99 of fewer than 100 answers, or of none, is not judged: it is one slow answer", () => {
    expect(judgeLatency([300, 250, 1350], [20, 20, 20]).verdict).toBe("too few answers");
    expect(judgeLatency([12, Number.NaN, 14], [300, 0, 300]).verdict).toBe("too few answers");
    expect(judgeLatency([12, 10, 14], [300, 100, 100]).verdict).toBe("flat");
  });

  it("a run fails on server errors past 0.1% of its requests, and never on a handful", () => {
    expect(serverErrorsTooMany(5, 100)).toBe(false);
    expect(serverErrorsTooMany(6, 100)).toBe(true);
    expect(serverErrorsTooMany(100, 100_000)).toBe(false);
    expect(serverErrorsTooMany(101, 100_000)).toBe(true);
  });
});
