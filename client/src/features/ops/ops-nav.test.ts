import { beforeAll, describe, expect, it } from "vitest";
import { loadOpsSections, opsHome, returnPath, sectionOf, sectionsFor } from "./ops-nav.ts";

// The console loads every product's sections before it shows its menu; so does this test.
beforeAll(async () => {
  await loadOpsSections();
});

describe("the console menu shows each role only what it may open", () => {
  it("gives a reviewer the queues and members, nothing else", () => {
    expect(sectionsFor("reviewer").map((section) => section.area)).toEqual([
      "dashboard",
      "kyc",
      "deposits",
      "withdrawals",
      "loans",
      "dayTrading",
      "leads",
      "support",
      "offerings",
      "block",
      "members",
      "rewards",
    ]);
  });

  it("adds settings, news and the audit log for a supervisor, staff accounts only for an admin", () => {
    const supervisor = sectionsFor("supervisor").map((section) => section.area);
    expect(supervisor).toContain("audit");
    expect(supervisor).not.toContain("staff");
    expect(sectionsFor("admin").map((section) => section.area)).toContain("staff");
  });
});

describe("a path belongs to one section", () => {
  it("finds detail paths under their list", () => {
    expect(sectionOf("/ops/kyc/12")?.area).toBe("kyc");
    expect(sectionOf("/ops/withdrawals")?.area).toBe("withdrawals");
    expect(sectionOf(opsHome)?.area).toBe("dashboard");
  });

  it("does not match a path that only shares a prefix", () => {
    expect(sectionOf("/ops/kycx")).toBeUndefined();
    expect(sectionOf("/ops/login")).toBeUndefined();
    expect(sectionOf("/home/index")).toBeUndefined();
  });
});

describe("after signing in, staff return where they were", () => {
  it("keeps a console path with its query", () => {
    expect(returnPath("/ops/deposits/7")).toBe("/ops/deposits/7");
    expect(returnPath("/ops/members?q=090")).toBe("/ops/members?q=090");
  });

  it("goes to the overview instead of the sign-in screen, a member path or nowhere", () => {
    expect(returnPath(null)).toBe(opsHome);
    expect(returnPath("/ops/login")).toBe(opsHome);
    expect(returnPath("/user/usercenter")).toBe(opsHome);
    expect(returnPath("https://evil.example/ops")).toBe(opsHome);
  });
});
