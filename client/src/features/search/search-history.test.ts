import { describe, expect, it } from "vitest";
import { addTerm, parseHistory, removeTerm, searchHistoryMax, searchTermMax } from "./search-history.ts";

describe("search history", () => {
  it("puts the newest term first", () => {
    expect(addTerm(["7203"], "AAPL")).toEqual(["AAPL", "7203"]);
  });

  it("moves a repeated term to the front instead of keeping two, ignoring case", () => {
    expect(addTerm(["aapl", "7203"], "AAPL")).toEqual(["AAPL", "7203"]);
  });

  it("ignores blank terms and trims the others", () => {
    expect(addTerm(["7203"], "   ")).toEqual(["7203"]);
    expect(addTerm([], "  トヨタ ")).toEqual(["トヨタ"]);
  });

  it("keeps at most the bound, dropping the oldest", () => {
    let history: string[] = [];
    for (let i = 0; i < searchHistoryMax + 5; i++) history = addTerm(history, `term${i}`);
    expect(history).toHaveLength(searchHistoryMax);
    expect(history[0]).toBe(`term${searchHistoryMax + 4}`);
  });

  it("cuts a term to the longest query the API takes", () => {
    expect(addTerm([], "x".repeat(100))[0]).toHaveLength(searchTermMax);
  });

  it("removes one term", () => {
    expect(removeTerm(["a", "b"], "a")).toEqual(["b"]);
  });

  it("treats corrupt storage as empty", () => {
    expect(parseHistory(null)).toEqual([]);
    expect(parseHistory("{not json")).toEqual([]);
    expect(parseHistory('{"a":1}')).toEqual([]);
    expect(parseHistory('["7203", 5, "", "AAPL"]')).toEqual(["7203", "AAPL"]);
  });
});
