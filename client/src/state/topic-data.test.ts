import { describe, expect, it } from "vitest";
import { checkUpdate } from "./topic-data.ts";

/** What `checkUpdate` lets through of a topic's data, or undefined. */
function parseTopicData(topic: string, data: unknown) {
  return checkUpdate({ topic, epoch: "e1", seq: 7, ts: 1_000, data })?.data;
}

const quote = {
  symbol: "JP:7203",
  last: "2845.5",
  open: "2800",
  high: "2850",
  low: "2790",
  prevClose: "2810",
  change: "35.5",
  changePct: "1.26",
  volume: 1200,
  turnover: 3_400_000,
  limitUp: "3310",
  limitDown: "2310",
  tradeMs: 1_736_121_600_000,
};

describe("checkUpdate checks each topic against its kind's schema", () => {
  it("keeps the update's topic, epoch, sequence and time as they came", () => {
    expect(checkUpdate({ topic: "quote:JP:7203", epoch: "e1", seq: 7, ts: 1_000, data: quote })).toEqual({
      topic: "quote:JP:7203",
      epoch: "e1",
      seq: 7,
      ts: 1_000,
      data: quote,
    });
  });

  it("accepts a quote of the topic's own symbol", () => {
    expect(parseTopicData("quote:JP:7203", quote)).toEqual(quote);
  });

  it("refuses a quote of another symbol on the topic", () => {
    expect(parseTopicData("quote:JP:6758", quote)).toBeUndefined();
  });

  it("refuses a price sent as a float instead of a decimal string", () => {
    expect(parseTopicData("quote:JP:7203", { ...quote, last: 2845.5 })).toBeUndefined();
  });

  it("accepts a book and a session state", () => {
    const book = { symbol: "JP:7203", bids: [{ price: "2845", size: 300 }], asks: [] };
    expect(parseTopicData("book:JP:7203", book)).toEqual(book);
    const session = { market: "US", phase: "pre", tradingDate: "2025-01-06", nextChangeMs: null };
    expect(parseTopicData("session:US", session)).toEqual(session);
    expect(parseTopicData("session:JP", session)).toBeUndefined();
  });

  it("accepts a Tokyo name's PTS quote and book, with their own topics, and no session without the PTS's phase shape", () => {
    expect(
      checkUpdate({ topic: "ptsquote:JP:7203", epoch: "e1", seq: 7, ts: 1_000, data: quote })?.topic,
    ).toBe("ptsquote:JP:7203");
    expect(parseTopicData("ptsquote:JP:6758", quote)).toBeUndefined();
    const book = { symbol: "JP:7203", bids: [{ price: "2845.3", size: 100 }], asks: [] };
    expect(parseTopicData("ptsbook:JP:7203", book)).toEqual(book);
    expect(parseTopicData("ptsbook:US:AAPL", { ...book, symbol: "US:AAPL" })).toBeUndefined();
    const session = {
      market: "JP",
      phase: "closed",
      tradingDate: "2025-01-07",
      nextChangeMs: null,
      pts: { phase: "night", tradingDate: "2025-01-08", nextChangeMs: 1 },
    };
    expect(parseTopicData("session:JP", session)).toEqual(session);
    expect(parseTopicData("session:JP", { ...session, pts: { phase: "evening" } })).toBeUndefined();
  });

  it("checks a live candle's interval against the topic", () => {
    const candle = { symbol: "US:AAPL", interval: "5m", t: 0, o: "1", h: "2", l: "1", c: "2", v: 10 };
    expect(parseTopicData("candle:US:AAPL:5m", candle)).toEqual(candle);
    expect(parseTopicData("candle:US:AAPL:1d", candle)).toBeUndefined();
  });

  it("knows nothing of malformed topics, nor of an empty account event", () => {
    expect(parseTopicData("quote", quote)).toBeUndefined();
    expect(parseTopicData("account", {})).toBeUndefined();
  });
});

describe("checkUpdate on the private account topic", () => {
  it("accepts an account event", () => {
    expect(parseTopicData("account", { type: "position", id: "12" })).toEqual({ type: "position", id: "12" });
  });

  it("refuses an event of an unknown type or without an id", () => {
    expect(parseTopicData("account", { type: "loan", id: "1" })).toBeUndefined();
    expect(parseTopicData("account", { type: "order" })).toBeUndefined();
  });
});

describe("checkUpdate on the private event topics of support", () => {
  it("accepts a support event on the member's account and on the staff topic", () => {
    expect(parseTopicData("account", { type: "support", id: "3" })).toEqual({ type: "support", id: "3" });
    expect(parseTopicData("staff:support", { type: "support", id: "3" })).toEqual({
      type: "support",
      id: "3",
    });
  });

  it("refuses anything else on the staff topic, and staff topics it does not know", () => {
    expect(parseTopicData("staff:support", { type: "order", id: "3" })).toBeUndefined();
    expect(parseTopicData("staff:orders", { type: "support", id: "3" })).toBeUndefined();
  });
});
