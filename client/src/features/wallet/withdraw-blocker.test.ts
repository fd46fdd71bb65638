import type { SecurityStatus } from "@kabuto/shared/api/identity";
import { describe, expect, it } from "vitest";
import { withdrawBlocker } from "./withdraw-blocker.ts";

const ready: SecurityStatus = {
  fundPasswordSet: true,
  verification: "verified",
  realName: "山田 太郎",
  frozen: false,
  tradingBarred: false,
  withdrawBarred: false,
};

describe("withdrawBlocker: the first thing the member must clear before withdrawing", () => {
  it("is nothing for a verified member with a card and a fund password", () => {
    expect(withdrawBlocker(ready, 1)).toBeUndefined();
  });

  it("puts operations' flags first", () => {
    expect(withdrawBlocker({ ...ready, frozen: true, withdrawBarred: true, fundPasswordSet: false }, 0)).toBe(
      "frozen",
    );
    expect(withdrawBlocker({ ...ready, withdrawBarred: true, verification: "unverified" }, 0)).toBe("barred");
  });

  it("asks for verification before a card, and a card before the fund password", () => {
    expect(withdrawBlocker({ ...ready, verification: "pending", fundPasswordSet: false }, 0)).toBe("kyc");
    expect(withdrawBlocker({ ...ready, fundPasswordSet: false }, 0)).toBe("card");
    expect(withdrawBlocker({ ...ready, fundPasswordSet: false }, 2)).toBe("fundPassword");
  });

  it("does not let trading bars stop withdrawals", () => {
    expect(withdrawBlocker({ ...ready, tradingBarred: true }, 1)).toBeUndefined();
  });
});
