import { describe, expect, it } from "vitest";
import {
  dividendsBetween,
  entitlementOf,
  exDateOf,
  parseDividendId,
  perShareFromYield,
  recordDateOf,
} from "./schedule.ts";

const semiannual = { perShareUnits: 478, recordMonths: [3, 9], recordDay: null };

describe("dividend schedule", () => {
  it("puts a Japanese record date on the month's last business day and the ex-date one business day before", () => {
    // 31 March 2027 is a Wednesday.
    expect(recordDateOf("JP", 2027, 3, null)).toBe("2027-03-31");
    expect(exDateOf("JP", "2027-03-31")).toBe("2027-03-30");
    // 30 September 2028 is a Saturday: the record falls back to Friday the 29th, the ex-date to the 28th.
    expect(recordDateOf("JP", 2028, 9, null)).toBe("2028-09-29");
    expect(exDateOf("JP", "2028-09-29")).toBe("2028-09-28");
    // 2 October 2028 is a Monday: the ex-date skips the weekend back to Friday.
    expect(exDateOf("JP", "2028-10-02")).toBe("2028-09-29");
  });

  it("skips Japanese holidays: the ex-date of a record date after a holiday is the business day before it", () => {
    // Monday 21 September 2026 (Respect for the Aged Day) and Tuesday 22 (a citizens' holiday) and
    // Wednesday 23 (Autumnal Equinox) close TSE: the day before Thursday the 24th is Friday the 18th.
    expect(exDateOf("JP", "2026-09-24")).toBe("2026-09-18");
  });

  it("puts a US ex-date on the record date (T+1), moved to the trading day before a weekend or holiday", () => {
    expect(recordDateOf("US", 2026, 2, 11)).toBe("2026-02-11");
    expect(exDateOf("US", "2026-02-11")).toBe("2026-02-11");
    // 4 July 2026 is a Saturday; NYSE closes Friday the 3rd, so the 4th moves back to Thursday the 2nd.
    expect(recordDateOf("US", 2026, 7, 4)).toBe("2026-07-02");
    // A record day past the month's end is its last day.
    expect(recordDateOf("US", 2026, 2, 31)).toBe("2026-02-27");
  });

  it("lists a year's dividends in order with stable ids and announcement dates ahead of the ex-date", () => {
    const events = dividendsBetween("JP:7203", "JP", semiannual, "2026-01-01", "2026-12-31");
    expect(events.map((event) => event.exDate)).toEqual(["2026-03-30", "2026-09-29"]);
    expect(events[0]).toMatchObject({
      id: "JP:7203@2026-03-30",
      recordDate: "2026-03-31",
      announceDate: "2025-10-31",
      currency: "JPY",
      perShareUnits: 478,
    });
    const quarterly = { perShareUnits: 2600, recordMonths: [2, 5, 8, 11], recordDay: 11 };
    expect(dividendsBetween("US:AAPL", "US", quarterly, "2026-01-01", "2026-12-31")).toHaveLength(4);
    expect(
      dividendsBetween("US:AAPL", "US", { ...quarterly, perShareUnits: 0 }, "2026-01-01", "2026-12-31"),
    ).toEqual([]);
  });

  it("parses its own ids and nothing else", () => {
    expect(parseDividendId("US:BRK.B@2026-02-11")).toEqual({ symbol: "US:BRK.B", exDate: "2026-02-11" });
    expect(parseDividendId("JP:7203")).toBeUndefined();
    expect(parseDividendId("JP:7203@2026-3-30")).toBeUndefined();
  });

  it("rounds a yield's payment to a tenth of a yen or a whole cent", () => {
    // Toyota: ¥2,653.5 at 3.6% in two payments is ¥47.763, paid as ¥47.8.
    expect(perShareFromYield("JP", 26_535, 0.036, 2)).toBe(478);
    // Apple: $211.50 at 0.5% in four payments is $0.264, paid as $0.26.
    expect(perShareFromYield("US", 2_115_000, 0.005, 4)).toBe(2_600);
    // A token yield still pays the smallest step, and none pays nothing.
    expect(perShareFromYield("US", 1_724_000, 0.0002, 4)).toBe(100);
    expect(perShareFromYield("JP", 26_535, 0, 2)).toBe(0);
  });

  it("pays a long net of withholding rounded down, and charges a short the full amount", () => {
    // 300 Toyota at ¥47.8: ¥14,340; 15.315% withheld is ¥2,196.171, withheld as ¥2,196.
    expect(entitlementOf("JP", "long", 300, 478, 153_150)).toEqual({
      gross: 14_340n,
      withheld: 2_196n,
      net: 12_144n,
    });
    expect(entitlementOf("JP", "short", 300, 478, 153_150)).toEqual({
      gross: 14_340n,
      withheld: 0n,
      net: -14_340n,
    });
    // 7 Apple at $0.26: $1.82; 10% withheld is 18.2 cents, withheld as 18.
    expect(entitlementOf("US", "long", 7, 2_600, 100_000)).toEqual({ gross: 182n, withheld: 18n, net: 164n });
    // A fraction of a yen in the gross is dropped: 100 NTT at ¥2.7 is ¥270 exactly, 1 share would be ¥2.
    expect(entitlementOf("JP", "long", 100, 27, 0).gross).toBe(270n);
  });
});
