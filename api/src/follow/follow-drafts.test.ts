import { describe, expect, it } from "vitest";
import { assertBalanced } from "../ledger/journal.ts";
import {
  copyInJournal,
  copyOutJournal,
  mirrorFundJournal,
  mirrorProceedsJournal,
  profitShareJournals,
} from "./follow-drafts.ts";

const copy = { id: "7", followerId: "f", currency: "JPY" as const, lead: "Owl" };

describe("follow journals", () => {
  it("move money between available and the copy under the copy's ref, naming the lead", () => {
    const journal = copyInJournal(copy, 100_000n);
    assertBalanced(journal);
    expect(journal).toMatchObject({
      kind: "copy_in",
      ref: "copy:7",
      description: { code: "copy", params: { lead: "Owl", action: "in" } },
    });
    expect(journal.postings).toEqual([
      { account: { memberId: "f", purpose: "available", currency: "JPY" }, amount: -100_000n },
      { account: { memberId: "f", purpose: "copy", currency: "JPY" }, amount: 100_000n },
    ]);
    expect(copyOutJournal(copy, 5n).postings[0]?.account.purpose).toBe("copy");
    expect(mirrorFundJournal(copy, 5n).postings[1]?.account.purpose).toBe("available");
    expect(mirrorProceedsJournal(copy, 5n).postings[1]?.account.purpose).toBe("copy");
  });

  it("pay a profit share through the house follow account, one journal for each member", () => {
    const [paid, received] = profitShareJournals(copy, "lead", 1_000n);
    for (const journal of [paid, received]) if (journal) assertBalanced(journal);
    expect(paid).toMatchObject({ memberId: "f", kind: "profit_share" });
    expect(received).toMatchObject({ memberId: "lead", kind: "profit_share" });
    expect(received?.postings[1]).toEqual({
      account: { memberId: "lead", purpose: "available", currency: "JPY" },
      amount: 1_000n,
    });
  });

  it("refuse a journal of nothing", () => {
    expect(() => copyInJournal(copy, 0n)).toThrow();
    expect(() => copyOutJournal(copy, -1n)).toThrow();
  });
});
