import { describe, expect, it } from "vitest";
import { demoCopiers, demoLeads } from "./follow/follow-seed.ts";
import { demoApplicants, demoCrowd } from "./ipo/ipo-seed.ts";
import { demoInvitee, demoMember } from "./seed.ts";

describe("the demo people", () => {
  it("each have an account of their own, so no seed finds its people made by another and skips them", () => {
    const accounts = [
      demoMember.account,
      demoInvitee.account,
      ...demoLeads.map((lead) => lead.account),
      ...demoCopiers.map((copier) => copier.account),
      ...demoApplicants.map((applicant) => applicant.account),
      ...demoCrowd.map((applicant) => applicant.account),
    ];
    const seen = new Set<string>();
    const twice = accounts.filter((account) => seen.has(account) || !seen.add(account));
    expect(twice).toEqual([]);
    for (const account of accounts) expect(account).toMatch(/^0[789]0\d{8}$/);
  });
});
