import { describe, expect, it } from "vitest";
import type { Quote } from "../protocol/market-data.ts";
import { anySymbolSchema } from "../symbols.ts";
import { rankHotList } from "./hot-lists.ts";

function quote(symbol: string, changePct: string, volume: number, turnover: number): Quote {
  return {
    symbol: anySymbolSchema.parse(symbol),
    last: "100",
    open: "100",
    high: "100",
    low: "100",
    prevClose: "100",
    change: changePct,
    changePct,
    volume,
    turnover,
    limitUp: null,
    limitDown: null,
    tradeMs: 0,
  };
}

function item(symbol: string, changePct: string, volume: number, turnover: number) {
  return { symbol, quote: quote(symbol, changePct, volume, turnover) };
}

const board = [
  item("JP:1001", "3.50", 1_000, 50_000),
  item("JP:1002", "-7.25", 90_000, 1_000_000),
  item("JP:1003", "0.00", 500_000, 200_000),
  item("JP:1004", "12.00", 100, 900),
  item("JP:1005", "-0.10", 0, 0),
  { symbol: "JP:1006", quote: null },
];
const symbols = (items: { symbol: string }[]) => items.map((entry) => entry.symbol);

describe("hot lists rank the newest quotes", () => {
  it("puts the biggest percentage gain first and leaves out names that did not gain", () => {
    expect(symbols(rankHotList(board, "gainers", 10))).toEqual(["JP:1004", "JP:1001"]);
  });

  it("puts the deepest fall first and leaves out names that did not fall", () => {
    expect(symbols(rankHotList(board, "losers", 10))).toEqual(["JP:1002", "JP:1005"]);
  });

  it("ranks by shares traded and by value traded separately, leaving out names that never traded", () => {
    expect(symbols(rankHotList(board, "volume", 10))).toEqual(["JP:1003", "JP:1002", "JP:1001", "JP:1004"]);
    expect(symbols(rankHotList(board, "turnover", 10))).toEqual(["JP:1002", "JP:1003", "JP:1001", "JP:1004"]);
  });

  it("keeps only the top names asked for", () => {
    expect(symbols(rankHotList(board, "volume", 2))).toEqual(["JP:1003", "JP:1002"]);
    expect(rankHotList(board, "volume", 0)).toEqual([]);
  });

  it("breaks ties by value traded, then by symbol, whatever order the quotes came in", () => {
    const level = [
      item("US:CCC", "5.00", 10, 100),
      item("US:AAA", "5.00", 10, 100),
      item("US:BBB", "5.00", 10, 500),
    ];
    expect(symbols(rankHotList(level, "gainers", 3))).toEqual(["US:BBB", "US:AAA", "US:CCC"]);
    expect(symbols(rankHotList([...level].reverse(), "gainers", 3))).toEqual(["US:BBB", "US:AAA", "US:CCC"]);
  });

  it("ignores a quote whose figures are not numbers rather than ranking it anywhere", () => {
    expect(symbols(rankHotList([item("JP:2000", "NaN", 0, 0), ...board], "gainers", 10))).toEqual([
      "JP:1004",
      "JP:1001",
    ]);
  });
});
