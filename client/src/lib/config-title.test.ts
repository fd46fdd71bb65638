import { afterEach, describe, expect, it, vi } from "vitest";
import { configValue, supportLink } from "./config-title.ts";

const entries = [
  { name: "title", value: "Kabuto" },
  { name: "customerServiceUrl", value: " https://help.example.jp/contact " },
  { name: "fundHours", value: "always" },
];

describe("configValue: one public config entry", () => {
  it("finds an entry by name, trimmed", () => {
    expect(configValue(entries, "title")).toBe("Kabuto");
    expect(configValue(entries, "customerServiceUrl")).toBe("https://help.example.jp/contact");
  });

  it("has nothing for an entry the server left out or left blank", () => {
    expect(configValue(entries, "onlineSupportUrl")).toBeUndefined();
    expect(configValue([{ name: "onlineSupportUrl", value: "  " }], "onlineSupportUrl")).toBeUndefined();
    expect(configValue([], "title")).toBeUndefined();
  });
});

describe("supportLink: only web addresses and the app's support pages become links", () => {
  it("keeps http and https addresses, opened outside the app", () => {
    expect(supportLink("https://help.example.jp/contact?from=app")).toEqual({
      href: "https://help.example.jp/contact?from=app",
      external: true,
    });
    expect(supportLink("http://chat.example.com")).toEqual({
      href: "http://chat.example.com/",
      external: true,
    });
  });

  it("follows the app's online support chat inside the app", () => {
    expect(supportLink("/user/pj")).toEqual({ href: "/user/pj", external: false });
  });

  it("refuses addresses that would run script or leave the web", () => {
    expect(supportLink("javascript:alert(1)")).toBeUndefined();
    expect(supportLink("JavaScript:alert(1)")).toBeUndefined();
    expect(supportLink("data:text/html,<script>alert(1)</script>")).toBeUndefined();
    expect(supportLink("mailto:help@example.jp")).toBeUndefined();
    expect(supportLink("file:///etc/passwd")).toBeUndefined();
  });

  it("refuses what is not an address or one of the app's support pages", () => {
    expect(supportLink(undefined)).toBeUndefined();
    expect(supportLink("")).toBeUndefined();
    expect(supportLink("help.example.jp")).toBeUndefined();
    expect(supportLink("/relative/path")).toBeUndefined();
    expect(supportLink("/user/withdraw")).toBeUndefined();
  });
});

describe("loadPublicConfig: one request serves the readers of a while", () => {
  async function freshModule() {
    vi.resetModules();
    return import("./config-title.ts");
  }

  function answer(body: unknown, status = 200): Response {
    return new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });
  }

  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it("shares one answer within the freshness window and asks again after it", async () => {
    const fetch = vi.fn(async () => answer({ items: entries }));
    vi.stubGlobal("fetch", fetch);
    const { loadPublicConfig, publicConfigFreshMs } = await freshModule();
    const [first, second] = await Promise.all([loadPublicConfig(1_000), loadPublicConfig(1_500)]);
    expect(first).toEqual(entries);
    expect(second).toBe(first);
    expect(fetch).toHaveBeenCalledTimes(1);
    await loadPublicConfig(1_000 + publicConfigFreshMs);
    expect(fetch).toHaveBeenCalledTimes(2);
  });

  it("does not keep a failure: the next reader asks again", async () => {
    const fetch = vi
      .fn()
      .mockResolvedValueOnce(answer({ error: { code: "INTERNAL", message: "x" } }, 500))
      .mockResolvedValueOnce(answer({ items: entries }));
    vi.stubGlobal("fetch", fetch);
    const { loadPublicConfig } = await freshModule();
    await expect(loadPublicConfig(1_000)).rejects.toMatchObject({ code: "INTERNAL" });
    await expect(loadPublicConfig(1_001)).resolves.toEqual(entries);
    expect(fetch).toHaveBeenCalledTimes(2);
  });

  it("refuses an answer of the wrong shape", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => answer({ items: [{ name: "title" }] })),
    );
    const { loadPublicConfig } = await freshModule();
    await expect(loadPublicConfig(1_000)).rejects.toMatchObject({ code: "BAD_RESPONSE" });
  });
});
