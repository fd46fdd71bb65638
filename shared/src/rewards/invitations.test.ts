import { describe, expect, it } from "vitest";
import { invitationLink, inviteRewardYen, maskPhone, rewardEarned } from "./invitations.ts";

describe("invitations", () => {
  it("hides the middle of a mobile number, keeping its first three and last four digits", () => {
    expect(maskPhone("09012345678")).toBe("090****5678");
    expect(maskPhone("08020000001")).toBe("080****0001");
    // A short value never shows more than a third at each end.
    expect(maskPhone("123456")).toBe("12**56");
  });

  it("is earned only when the invitee is verified and has deposited, in either order", () => {
    expect(rewardEarned({ verified: true, firstDeposit: false })).toBe(false);
    expect(rewardEarned({ verified: false, firstDeposit: true })).toBe(false);
    expect(rewardEarned({ verified: true, firstDeposit: true })).toBe(true);
  });

  it("pays what is left of the year's cap when that is less than the reward", () => {
    expect(inviteRewardYen(200, 10_000)).toBe(200);
    expect(inviteRewardYen(200, 150)).toBe(150);
    expect(inviteRewardYen(200, 0)).toBe(0);
    expect(inviteRewardYen(200, -5)).toBe(0);
  });

  it("links to the register screen with the code, whatever page the app is on", () => {
    expect(invitationLink("https://kabuto.example/", "ABC234")).toBe(
      "https://kabuto.example/#/login/register?invite=ABC234",
    );
    expect(invitationLink("http://127.0.0.1:3000/#/user/invite", "XYZ789")).toBe(
      "http://127.0.0.1:3000/#/login/register?invite=XYZ789",
    );
  });
});
