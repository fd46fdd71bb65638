import { describe, expect, it } from "vitest";
import { contactLink } from "./contact-links.ts";

describe("contactLink", () => {
  it("leads to web addresses and to the app's online support chat", () => {
    expect(contactLink("https://support.example.com/chat?lang=ja")).toEqual({
      kind: "web",
      href: "https://support.example.com/chat?lang=ja",
    });
    expect(contactLink("http://line.me/R/ti/p/@kabuto")?.kind).toBe("web");
    expect(contactLink("/user/pj")).toEqual({ kind: "app", route: "/user/pj" });
  });

  it("refuses scripts, other schemes, credentials, and paths that are not the app's support pages", () => {
    for (const value of [
      "javascript:alert(1)",
      "data:text/html,<script>alert(1)</script>",
      "ftp://files.example.com",
      "//example.com",
      "support.example.com",
      "https://user:secret@example.com",
      "/user/withdraw",
      "/user/pj?next=//evil.example",
      "#/user/pj",
      "user/pj",
      "/../user/pj",
      "",
    ]) {
      expect(contactLink(value), value).toBeUndefined();
    }
  });
});
