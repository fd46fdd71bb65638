import { describe, expect, it } from "vitest";
import { homePath, tabMove } from "./tab-navigation.ts";

const market = "/market/market";
const positions = "/position/position";
const mine = "/user/usercenter";

describe("tabMove keeps Home at the bottom of the tabs' history", () => {
  it("steps up from Home, so back returns to it", () => {
    expect(tabMove(homePath, market, false)).toBe("push");
  });

  it("swaps one tab for another above Home, so back still goes to Home", () => {
    expect(tabMove(market, positions, true)).toBe("replace");
    expect(tabMove(positions, mine, false)).toBe("replace");
  });

  it("goes back down to the Home below instead of piling a second Home on top", () => {
    expect(tabMove(market, homePath, true)).toBe("back");
  });

  it("makes Home the only step when the app was opened on another tab", () => {
    expect(tabMove(market, homePath, false)).toBe("replace");
  });

  it("does nothing for the tab already open", () => {
    expect(tabMove(market, market, true)).toBe("stay");
    expect(tabMove(homePath, homePath, false)).toBe("stay");
  });
});
