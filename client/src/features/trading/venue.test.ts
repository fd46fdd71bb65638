import { describe, expect, it } from "vitest";
import {
  defaultVenue,
  opensAtPts,
  type VenueClock,
  venueFor,
  venueLeverageMax,
  venueTakes,
} from "./venue.ts";

const tseSession: VenueClock = { tse: "regular", pts: "day" };
const lunch: VenueClock = { tse: "break", pts: "day" };
const night: VenueClock = { tse: "closed", pts: "night" };
const earlyMorning: VenueClock = { tse: "closed", pts: "day" };
const allShut: VenueClock = { tse: "closed", pts: "closed" };

describe("the venue a Tokyo order starts with", () => {
  it("in the TSE's session: the smart route for a market order, the TSE for a limit or a stop", () => {
    expect(defaultVenue("market", tseSession)).toBe("smart");
    expect(defaultVenue("limit", tseSession)).toBe("tse");
    expect(defaultVenue("stop", tseSession)).toBe("tse");
  });

  it("with the TSE closed and the PTS in a session: the PTS, with a limit order at 1×", () => {
    expect(opensAtPts(night)).toBe(true);
    expect(opensAtPts(earlyMorning)).toBe(true);
    expect(defaultVenue("limit", night)).toBe("pts");
    expect(venueLeverageMax("pts", night)).toBe(1);
    // A market order cannot go to the PTS: it stays at the TSE, which refuses it outside its session.
    expect(defaultVenue("market", night)).toBe("tse");
  });

  it("at the TSE's lunch break the PTS's day session takes the order, in cash as the server wants", () => {
    expect(opensAtPts(lunch)).toBe(true);
    expect(defaultVenue("limit", lunch)).toBe("pts");
    expect(venueLeverageMax("pts", lunch)).toBe(1);
    expect(venueLeverageMax("pts", tseSession)).toBeUndefined();
    expect(venueLeverageMax("tse", night)).toBeUndefined();
  });

  it("with everything shut, or before the feed has said: the TSE", () => {
    expect(defaultVenue("limit", allShut)).toBe("tse");
    expect(defaultVenue("market", { tse: undefined, pts: undefined })).toBe("tse");
    expect(opensAtPts({ tse: undefined, pts: undefined })).toBe(false);
  });
});

describe("what each venue takes now, as the server decides", () => {
  it("the PTS: limit orders only, in one of its sessions", () => {
    expect(venueTakes("pts", "limit", night)).toBe(true);
    expect(venueTakes("pts", "market", night)).toBe(false);
    expect(venueTakes("pts", "stop_limit", tseSession)).toBe(false);
    expect(venueTakes("pts", "limit", allShut)).toBe(false);
  });

  it("the smart route: market orders in the TSE's session only", () => {
    expect(venueTakes("smart", "market", tseSession)).toBe(true);
    expect(venueTakes("smart", "limit", tseSession)).toBe(false);
    expect(venueTakes("smart", "market", lunch)).toBe(false);
    expect(venueTakes("smart", "market", night)).toBe(false);
  });

  it("keeps the member's choice while it takes the order, and falls back to the default when not", () => {
    expect(venueFor("tse", "market", tseSession)).toBe("tse");
    expect(venueFor("pts", "limit", tseSession)).toBe("pts");
    expect(venueFor("smart", "limit", tseSession)).toBe("tse");
    expect(venueFor("pts", "market", tseSession)).toBe("smart");
    expect(venueFor(undefined, "limit", night)).toBe("pts");
  });
});
