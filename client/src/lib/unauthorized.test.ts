import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { installSignInRedirect, reportUnauthorized, unauthorizedRedirectMs } from "./unauthorized.ts";

function install(realm: "member" | "staff", signInPath: string) {
  const notify = vi.fn();
  const redirect = vi.fn();
  const beginRedirect = vi.fn(() => redirect);
  installSignInRedirect({ realm, signInPath, notify, beginRedirect });
  return { notify, beginRedirect, redirect };
}

describe("installSignInRedirect: a realm's 401s lead back to its sign-in screen", () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.stubGlobal("location", { hash: "#/user" });
  });

  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it("gives two 401s in a row one notice and one redirect, after the pause", () => {
    const member = install("member", "/login/");
    reportUnauthorized("AUTH_REQUIRED", "member");
    reportUnauthorized("AUTH_REQUIRED", "member");
    expect(member.notify).toHaveBeenCalledTimes(1);
    expect(member.notify).toHaveBeenCalledWith("AUTH_REQUIRED");
    expect(member.beginRedirect).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(unauthorizedRedirectMs - 1);
    expect(member.redirect).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(member.redirect).toHaveBeenCalledTimes(1);
  });

  it("handles a 401 after the redirect again", () => {
    const member = install("member", "/login/");
    reportUnauthorized("AUTH_REQUIRED", "member");
    vi.advanceTimersByTime(unauthorizedRedirectMs);
    reportUnauthorized("AUTH_REQUIRED", "member");
    vi.advanceTimersByTime(unauthorizedRedirectMs);
    expect(member.notify).toHaveBeenCalledTimes(2);
    expect(member.redirect).toHaveBeenCalledTimes(2);
  });

  it("leaves a 401 on the sign-in screen to its form", () => {
    const member = install("member", "/login/");
    vi.stubGlobal("location", { hash: "#/login/login" });
    reportUnauthorized("BAD_CREDENTIALS", "member");
    vi.advanceTimersByTime(unauthorizedRedirectMs);
    expect(member.notify).not.toHaveBeenCalled();
    expect(member.redirect).not.toHaveBeenCalled();
  });

  it("keeps the realms apart", () => {
    const member = install("member", "/login/");
    const staff = install("staff", "/ops/login");
    reportUnauthorized("AUTH_REQUIRED", "staff");
    vi.advanceTimersByTime(unauthorizedRedirectMs);
    expect(staff.redirect).toHaveBeenCalledTimes(1);
    expect(member.notify).not.toHaveBeenCalled();
    expect(member.redirect).not.toHaveBeenCalled();
  });
});
