import { createHash } from "node:crypto";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { databaseSettings, localRedisUrl, openTestDatabase, testRedisPrefix } from "@kabuto/api/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Platform, startPlatform } from "./platform.ts";
import { testEnv } from "./testing.ts";

/**
 * Service mode's client role in front of an API process: the page's headers, and the CSRF
 * check seeing the browser's own host through the proxy, so our page's requests pass and
 * another site's do not.
 */
const redisUrl = process.env.REDIS_URL ?? localRedisUrl;
let api: Platform;
let client: Platform;
let dropDatabase: () => Promise<void>;
let dist = "";
/** A page's own inline script, which its CSP allows by hash and no other. */
const inlineScript = "document.title = 'Kabuto';";

const register = (origin: string, account: string) =>
  fetch(`${client.url}/api/v1/auth/register`, {
    method: "POST",
    headers: { "content-type": "application/json", origin },
    body: JSON.stringify({
      account,
      password: "secret123",
      passwordConfirm: "secret123",
      inviteCode: "KABUTO",
      acceptTerms: true,
    }),
  });

describe("the client role in service mode", () => {
  beforeAll(async () => {
    const opened = await openTestDatabase({ server: true });
    dropDatabase = opened.drop;
    dist = mkdtempSync(path.join(tmpdir(), "kabuto-client-"));
    writeFileSync(
      path.join(dist, "index.html"),
      `<!doctype html><title>Kabuto</title><script>${inlineScript}</script>`,
    );
    mkdirSync(path.join(dist, "assets"));
    writeFileSync(path.join(dist, "assets", "screen-abc123.js"), "export const screen = 1;\n");
    const shared = {
      PORT: "0",
      ...databaseSettings(opened),
      REDIS_URL: redisUrl,
      REDIS_PREFIX: testRedisPrefix(),
    };
    api = await startPlatform(testEnv({ ...shared, SEED_DEMO: "1" }), ["api"], 0);
    client = await startPlatform(testEnv({ ...shared, API_URL: api.url, CLIENT_DIST: dist }), ["client"], 0);
  }, 120_000);

  afterAll(async () => {
    await client?.close();
    await api?.close();
    await dropDatabase?.();
    if (dist) rmSync(dist, { recursive: true, force: true });
  });

  it("serves the page under its CSP, unframeable, without HSTS outside production", async () => {
    const response = await fetch(`${client.url}/`);
    expect(response.status).toBe(200);
    const policy = response.headers.get("content-security-policy") ?? "";
    const hash = createHash("sha256").update(inlineScript).digest("base64");
    expect(policy).toContain(`script-src 'self' 'sha256-${hash}';`);
    expect(policy).toContain("frame-ancestors 'none'");
    expect(policy).toContain(`ws://${new URL(client.url).host}`);
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    expect(response.headers.get("permissions-policy")).toContain("camera=()");
    expect(response.headers.get("strict-transport-security")).toBeNull();
  });

  it("serves a built script unsniffable and to its own origin only, without the page's policies", async () => {
    const response = await fetch(`${client.url}/assets/screen-abc123.js`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toContain("javascript");
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    expect(response.headers.get("cross-origin-resource-policy")).toBe("same-origin");
    expect(response.headers.get("cache-control")).toContain("immutable");
    // A document's headers: a browser ignores them on a module, and they weighed more than it.
    expect(response.headers.get("content-security-policy")).toBeNull();
    expect(response.headers.get("permissions-policy")).toBeNull();
  });

  it("passes our page's request through the proxy and refuses another site's", async () => {
    const ours = await register(client.url, "08066660001");
    expect(ours.status).toBe(201);
    expect(ours.headers.get("cache-control")).toBe("no-store");
    const theirs = await register("https://evil.example", "08066660002");
    expect(theirs.status).toBe(403);
    expect(((await theirs.json()) as { error: { code: string } }).error.code).toBe("CSRF_REFUSED");
  });
});
