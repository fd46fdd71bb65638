import type { Deposit, Withdrawal } from "@kabuto/shared/api/funding";
import { describe, expect, it } from "vitest";
import { openRequest } from "./open-request.ts";

function deposit(status: Deposit["status"], amount = "50000"): Deposit {
  return {
    id: "1",
    channelId: "1",
    channelName: "bank",
    channelNames: null,
    currency: "JPY",
    amount,
    status,
    reason: null,
    createdAtMs: 0,
    reviewedAtMs: null,
  };
}

function withdrawal(status: Withdrawal["status"]): Withdrawal {
  return {
    id: "1",
    cardId: "1",
    cardNumberMasked: "**** 1234",
    bankName: "bank",
    currency: "USD",
    amount: "2000",
    status,
    reason: null,
    createdAtMs: 0,
    updatedAtMs: 0,
  };
}

describe("openRequest: the one request under review that blocks another", () => {
  it("is nothing when every request has been reviewed", () => {
    expect(openRequest([deposit("approved"), deposit("rejected")], [withdrawal("approved")])).toBeUndefined();
    expect(openRequest([], [])).toBeUndefined();
  });

  it("finds a pending deposit", () => {
    expect(openRequest([deposit("approved"), deposit("pending", "70000")], [])).toEqual({
      kind: "deposit",
      currency: "JPY",
      amount: "70000",
    });
  });

  it("finds a pending withdrawal", () => {
    expect(openRequest([deposit("rejected")], [withdrawal("pending")])).toEqual({
      kind: "withdrawal",
      currency: "USD",
      amount: "2000",
    });
  });
});
