import { afterEach, describe, expect, it, vi } from "vitest";
import { configValue, webLink } from "./config-title.ts";

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

describe("webLink: only web addresses become links", () => {
  it("keeps http and https addresses", () => {
    expect(webLink("https://help.example.jp/contact?from=app")).toBe(
      "https://help.example.jp/contact?from=app",
    );
    expect(webLink("http://chat.example.com")).toBe("http://chat.example.com/");
  });

  it("refuses addresses that would run script or leave the web", () => {
    expect(webLink("javascript:alert(1)")).toBeUndefined();
    expect(webLink("JavaScript:alert(1)")).toBeUndefined();
    expect(webLink("data:text/html,<script>alert(1)</script>")).toBeUndefined();
    expect(webLink("mailto:help@example.jp")).toBeUndefined();
    expect(webLink("file:///etc/passwd")).toBeUndefined();
  });

  it("refuses what is not an address at all", () => {
    expect(webLink(undefined)).toBeUndefined();
    expect(webLink("")).toBeUndefined();
    expect(webLink("help.example.jp")).toBeUndefined();
    expect(webLink("/relative/path")).toBeUndefined();
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
