import { describe, expect, it } from "vitest";
import { allowedOriginSet, isAllowedOrigin, originOf, originSettingsSchema } from "./origin.ts";

const plain = { scheme: "http", host: "127.0.0.1:3801" } as const;
const none = allowedOriginSet([]);

describe("an origin is its scheme, host and port together", () => {
  it("lets a page of the host and scheme a request came by through", () => {
    expect(isAllowedOrigin("http://127.0.0.1:3801", plain, none)).toBe(true);
    // Browsers write the default port out and the host in lower case; a Host header may not.
    expect(
      isAllowedOrigin("https://app.example.jp", { scheme: "https", host: "App.Example.JP:443" }, none),
    ).toBe(true);
  });

  it("refuses the same host over the other scheme, and the same host on another port", () => {
    expect(isAllowedOrigin("https://127.0.0.1:3801", plain, none)).toBe(false);
    expect(isAllowedOrigin("http://127.0.0.1:3802", plain, none)).toBe(false);
    expect(isAllowedOrigin("http://127.0.0.1:3801", { scheme: "https", host: "127.0.0.1:3801" }, none)).toBe(
      false,
    );
  });

  it("refuses null, malformed and non-web origins, and any Origin when the request named no Host", () => {
    for (const origin of ["null", "", "127.0.0.1:3801", "file:///index.html", "ws://127.0.0.1:3801"]) {
      expect(isAllowedOrigin(origin, plain, none), origin).toBe(false);
    }
    expect(isAllowedOrigin("http://127.0.0.1:3801", { scheme: "http", host: undefined }, none)).toBe(false);
  });

  it("lets the listed origins through exactly, however the setting spells them", () => {
    const allowed = allowedOriginSet(["https://App.example.jp/", "http://other.example.jp:8080"]);
    expect(isAllowedOrigin("https://app.example.jp", plain, allowed)).toBe(true);
    expect(isAllowedOrigin("http://other.example.jp:8080", plain, allowed)).toBe(true);
    expect(isAllowedOrigin("http://app.example.jp", plain, allowed)).toBe(false);
    expect(isAllowedOrigin("https://other.example.jp", plain, allowed)).toBe(false);
    expect(isAllowedOrigin("https://evil.example", plain, allowed)).toBe(false);
  });

  it("writes an origin as a browser sends it", () => {
    expect(originOf("HTTPS://App.Example.jp:443/path?q=1")).toBe("https://app.example.jp");
    expect(originOf("http://127.0.0.1:80")).toBe("http://127.0.0.1");
    expect(originOf("null")).toBeUndefined();
  });
});

describe("the ALLOWED_ORIGINS setting", () => {
  it("reads a comma-separated list of http(s) URLs, blanks ignored, none by default", () => {
    expect(originSettingsSchema.parse({}).ALLOWED_ORIGINS).toEqual([]);
    expect(
      originSettingsSchema.parse({ ALLOWED_ORIGINS: " https://a.example.jp , http://b.example.jp:8080," })
        .ALLOWED_ORIGINS,
    ).toEqual(["https://a.example.jp", "http://b.example.jp:8080"]);
  });

  it("refuses a host without a scheme and schemes other than http(s)", () => {
    expect(originSettingsSchema.safeParse({ ALLOWED_ORIGINS: "app.example.jp" }).success).toBe(false);
    expect(originSettingsSchema.safeParse({ ALLOWED_ORIGINS: "ftp://app.example.jp" }).success).toBe(false);
  });
});
