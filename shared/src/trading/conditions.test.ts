import { describe, expect, it } from "vitest";
import { awaitsClosingCross, nextAuctionDate } from "./auctions.ts";
import { type ConditionedOrder, conditionRefusal } from "./conditions.ts";

/** A plain Tokyo limit order with 不成; each case changes what it names. */
const base: ConditionedOrder = {
  market: "JP",
  venue: undefined,
  type: "limit",
  condition: "funari",
  hasIfd: false,
  closesPosition: false,
  dayTrade: false,
  validUntil: undefined,
};

describe("which orders may carry an execution condition", () => {
  it.each<[string, Partial<ConditionedOrder>, ReturnType<typeof conditionRefusal>]>([
    ["no condition: anything goes", { condition: undefined, type: "market", market: "US" }, undefined],
    ["不成 on a TSE limit", {}, undefined],
    ["IOC on a TSE limit", { condition: "ioc" }, undefined],
    ["寄付 on a TSE limit", { condition: "open" }, undefined],
    ["引け on a TSE limit", { condition: "close" }, undefined],
    ["寄付 on a market order", { type: "market", condition: "open" }, "CONDITION_MARKET_ORDER"],
    ["引け at the PTS", { venue: "pts", condition: "close" }, "CONDITION_TSE_ONLY"],
    ["a limit naming the TSE", { venue: "tse" }, undefined],
    ["a New York name", { market: "US" }, "CONDITION_TSE_ONLY"],
    ["sent to the PTS", { venue: "pts" }, "CONDITION_TSE_ONLY"],
    ["by the smart route", { venue: "smart", condition: "ioc" }, "CONDITION_TSE_ONLY"],
    ["不成 on a market order", { type: "market" }, "CONDITION_MARKET_ORDER"],
    ["IOC on a market order", { type: "market", condition: "ioc" }, "CONDITION_MARKET_ORDER"],
    ["on a stop", { type: "stop" }, "CONDITION_STOP_ORDER"],
    ["on a stop-limit", { type: "stop_limit", condition: "ioc" }, "CONDITION_STOP_ORDER"],
    ["on an IFD parent", { hasIfd: true }, "CONDITION_ATTACHED_ORDER"],
    ["on a closing limit", { closesPosition: true }, "CONDITION_ATTACHED_ORDER"],
    ["on a day trade", { dayTrade: true }, "CONDITION_ATTACHED_ORDER"],
    ["with a validity", { validUntil: "2026-12-01" }, "VALIDITY_DAY_ONLY"],
    ["IOC with a validity", { condition: "ioc", validUntil: "2026-12-01" }, "VALIDITY_DAY_ONLY"],
  ])("%s", (_, change, expected) => {
    expect(conditionRefusal({ ...base, ...change })).toBe(expected);
  });
});

describe("a 不成 order waits for its date's closing cross", () => {
  const tokyo = (time: string) => Date.parse(`2026-11-26T${time}+09:00`);

  it.each([
    ["at the close", "15:30:00", true],
    ["59 seconds after it", "15:30:59", true],
    ["a minute after it: the closing book", "15:31:00", false],
  ])("%s", (_, time, waits) => {
    expect(awaitsClosingCross("2026-11-26", tokyo(time))).toBe(waits);
  });

  it("never around the clock, nor on a day the TSE is shut", () => {
    expect(awaitsClosingCross("2026-11-26", tokyo("15:30:00"), { alwaysOpen: true })).toBe(false);
    expect(awaitsClosingCross("2026-11-23", Date.parse("2026-11-23T15:30:00+09:00"))).toBe(false);
  });
});

describe("the auction an order for the open or the close waits for", () => {
  const at = (date: string, time: string) => Date.parse(`${date}T${time}+09:00`);

  it.each([
    ["the open, before 9:00: today's", "open", at("2026-11-26", "08:59"), "2026-11-26"],
    ["the open, from 9:00: the next trading day's", "open", at("2026-11-26", "09:00"), "2026-11-27"],
    ["the open on Friday evening: Monday's", "open", at("2026-11-27", "20:00"), "2026-11-30"],
    ["the close, at lunch: today's", "close", at("2026-11-26", "12:00"), "2026-11-26"],
    ["the close, from 15:30: the next trading day's", "close", at("2026-11-26", "15:30"), "2026-11-27"],
    ["the close on a holiday: the next trading day's", "close", at("2026-11-23", "10:00"), "2026-11-24"],
  ] as const)("%s", (_, kind, nowMs, expected) => {
    expect(nextAuctionDate(kind, nowMs)).toBe(expected);
  });
});
