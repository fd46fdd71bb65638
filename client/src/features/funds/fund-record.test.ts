import type { FundRecord } from "@kabuto/shared/api/trading";
import { describe, expect, it } from "vitest";
import {
  appendPage,
  codedMemo,
  memoRole,
  nextCursor,
  pageKey,
  parseRef,
  stockCode,
  summarizeChanges,
} from "./fund-record.ts";

function record(id: string): FundRecord {
  return {
    id,
    kind: "open",
    ref: null,
    memo: null,
    memoCode: null,
    memoParams: null,
    createdAtMs: 0,
    changes: [],
  };
}

describe("summarizeChanges: a journal's effect on the member's money", () => {
  it("sums an opening's margin and fee into one change of available cash, with the margin beside it", () => {
    // The server's `open` journal: margin and fee leave available cash as two entries.
    const summary = summarizeChanges([
      { purpose: "available", currency: "JPY", amount: "-132575" },
      { purpose: "available", currency: "JPY", amount: "-266" },
      { purpose: "margin", currency: "JPY", amount: "132575" },
    ]);
    expect(summary.available).toEqual([{ purpose: "available", currency: "JPY", amount: -132841n }]);
    expect(summary.others).toEqual([{ purpose: "margin", currency: "JPY", amount: 132575n }]);
  });

  it("nets a close: the margin returns, the loss and the fee go", () => {
    const summary = summarizeChanges([
      { purpose: "available", currency: "JPY", amount: "182575" },
      { purpose: "margin", currency: "JPY", amount: "-182575" },
      { purpose: "available", currency: "JPY", amount: "-266" },
      { purpose: "available", currency: "JPY", amount: "-100" },
    ]);
    expect(summary.available[0]?.amount).toBe(182209n);
    expect(summary.others[0]?.amount).toBe(-182575n);
  });

  it("keeps currencies apart and leaves out moves that sum to zero", () => {
    const summary = summarizeChanges([
      { purpose: "available", currency: "USD", amount: "5000" },
      { purpose: "available", currency: "JPY", amount: "100" },
      { purpose: "held", currency: "JPY", amount: "100" },
      { purpose: "held", currency: "JPY", amount: "-100" },
    ]);
    expect(summary.available.map((move) => move.currency)).toEqual(["JPY", "USD"]);
    expect(summary.others).toEqual([]);
  });

  it("orders other moves held, margin, deficit", () => {
    const summary = summarizeChanges([
      { purpose: "deficit", currency: "JPY", amount: "-1" },
      { purpose: "margin", currency: "JPY", amount: "1" },
      { purpose: "held", currency: "JPY", amount: "1" },
    ]);
    expect(summary.others.map((move) => move.purpose)).toEqual(["held", "margin", "deficit"]);
  });

  it("is empty for a record without changes", () => {
    expect(summarizeChanges([])).toEqual({ available: [], others: [] });
  });
});

describe("parseRef", () => {
  it("reads order and position references", () => {
    expect(parseRef("order:12")).toEqual({ kind: "order", id: "12" });
    expect(parseRef("position:3")).toEqual({ kind: "position", id: "3" });
  });

  it("reads deposit and withdrawal references", () => {
    expect(parseRef("deposit:5")).toEqual({ kind: "deposit", id: "5" });
    expect(parseRef("withdrawal:7")).toEqual({ kind: "withdrawal", id: "7" });
  });

  it("leaves anything else alone", () => {
    expect(parseRef("seed:demo")).toBeUndefined();
    expect(parseRef(null)).toBeUndefined();
    expect(parseRef("order:")).toBeUndefined();
    expect(parseRef("fx_quote:0b7c7d1e-2d2f-4a8e-9f59-0d8c5a7b1e11")).toBeUndefined();
    expect(parseRef("member:3")).toBeUndefined();
  });
});

describe("memoRole: whose words a memo is", () => {
  it("labels staff-written memos as remarks, and a returned withdrawal's as the reason", () => {
    expect(memoRole("adjustment")).toBe("remark");
    expect(memoRole("deposit")).toBe("remark");
    expect(memoRole("withdrawal")).toBe("remark");
    expect(memoRole("withdrawal_release")).toBe("reason");
  });

  it("shows the journal's own descriptions as they are", () => {
    expect(memoRole("fx")).toBe("plain");
    expect(memoRole("close")).toBe("plain");
    expect(memoRole("withdrawal_hold")).toBe("plain");
  });
});

describe("nextCursor pages back from the page's last record", () => {
  it("is the id of the page's last record, whatever its place among the ids", () => {
    expect(nextCursor([record("9"), record("5")])).toBe(5);
    // Newest first by time: a later id can be an older record, and the first id ends nothing.
    expect(nextCursor([record("5"), record("9")])).toBe(9);
    expect(nextCursor([record("3"), record("1")])).toBe(1);
  });

  it("ends on an empty page, and on an id that is not one", () => {
    expect(nextCursor([])).toBeUndefined();
    expect(nextCursor([record("x")])).toBeUndefined();
  });
});

describe("paging", () => {
  it("keys the first page apart from every cursor", () => {
    expect(pageKey(undefined)).toBe("newest");
    expect(pageKey(5)).toBe("5");
  });

  it("appends a page without listing a record twice", () => {
    const items = appendPage([record("9"), record("8")], [record("8"), record("7")]);
    expect(items.map((item) => item.id)).toEqual(["9", "8", "7"]);
  });
});

describe("codedMemo: a journal's description as a code the member's language renders", () => {
  const base = record("9");
  it("reads an opening's code and parameters", () => {
    const params = { side: "long", quantity: 100, symbol: "JP:9432", price: "151.8", leverage: 3 };
    expect(
      codedMemo({
        ...base,
        memo: "long 100 JP:9432 @ 151.8 ×3",
        memoCode: "position_open",
        memoParams: params,
      }),
    ).toEqual({ code: "position_open", params });
    expect(codedMemo({ ...base, memoCode: "selling_fee", memoParams: {} })).toEqual({
      code: "selling_fee",
      params: {},
    });
  });

  it("reads an invitation reward's masked invitee, and a reversal's reward journal", () => {
    expect(
      codedMemo({
        ...base,
        kind: "reward",
        memoCode: "invitation_reward",
        memoParams: { invitee: "090****4321" },
      }),
    ).toEqual({ code: "invitation_reward", params: { invitee: "090****4321" } });
    expect(
      codedMemo({
        ...base,
        kind: "adjustment",
        memo: "self-invitation",
        memoCode: "reward_reversal",
        memoParams: { rewardJournalId: "12" },
      }),
    ).toEqual({ code: "reward_reversal", params: { rewardJournalId: "12" } });
    // A reversal is an adjustment: its memo is staff's words, read as a remark.
    expect(memoRole("adjustment")).toBe("remark");
  });

  it("leaves the text of an older journal, staff's words, an unknown code and broken parameters", () => {
    expect(codedMemo({ ...base, memo: "selling fee" })).toBeUndefined();
    expect(codedMemo({ ...base, memoCode: "from_a_newer_server", memoParams: {} })).toBeUndefined();
    expect(codedMemo({ ...base, memoCode: "position_open", memoParams: { side: "long" } })).toBeUndefined();
  });

  it("names a stock by its code without the market", () => {
    expect(stockCode("JP:9432")).toBe("9432");
    expect(stockCode("US:AAPL")).toBe("AAPL");
  });
});
