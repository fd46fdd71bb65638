/**
 * A new version arriving while the app is open: the server serves a copy of the built client
 * (`CLIENT_DIST`), whose service worker the test then changes, as a deploy would. The open page
 * finds the new worker, which installs and waits; the app shows the "new version" notice, and
 * its Reload button hands over to the new worker and reloads the page into it.
 */
import { appendFileSync, cpSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { precompressFile } from "../build/precompress.ts";
import { ensureBuilt, openProduct, type Product } from "./harness.ts";

const builtDist = resolve(dirname(fileURLToPath(import.meta.url)), "..", "dist");
const soon = { timeout: 30_000, interval: 200 };

let product: Product;
let page: Page;
let base: string;
let dist: string;

beforeAll(async () => {
  ensureBuilt();
  dist = mkdtempSync(join(tmpdir(), "kabuto-e2e-dist-"));
  cpSync(builtDist, dist, { recursive: true });
  product = await openProduct("update", { CLIENT_DIST: dist });
  ({ page, base } = product);
}, 240_000);

afterAll(async () => {
  await product?.close();
  rmSync(dist, { recursive: true, force: true });
});

/** The scripts of the page's registration: the active one, and one waiting, if any. */
function workers(): Promise<{ controlled: boolean; waiting: boolean }> {
  return page.evaluate(async () => {
    const registration = await navigator.serviceWorker.getRegistration();
    return {
      controlled: navigator.serviceWorker.controller !== null,
      waiting: Boolean(registration?.waiting),
    };
  });
}

describe("a new version", () => {
  it("is announced once its service worker has installed, and Reload takes it", async () => {
    await page.goto(`${base}#/home/index`);
    await page.evaluate(() => navigator.serviceWorker.ready);
    // The worker controls the pages loaded after it: from now on the precache serves this one.
    await page.reload();
    await expect.poll(async () => (await workers()).controlled, soon).toBe(true);
    const notice = page.locator("[data-testid=update-notice]");
    expect(await notice.count()).toBe(0);

    // The deploy: a service worker that differs by a byte is a new version to the browser. A
    // build writes its compressed copies too, which the server sends to a browser.
    appendFileSync(join(dist, "sw.js"), "\n// the next build\n");
    await precompressFile(join(dist, "sw.js"));
    await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.update());
    await notice.waitFor();
    expect(await notice.textContent()).toContain("新しいバージョン");
    expect((await workers()).waiting).toBe(true);
    await product.snap("update-notice");

    await Promise.all([page.waitForEvent("load"), notice.locator("button").click()]);
    await page.locator(".home").waitFor();
    await expect.poll(async () => (await workers()).waiting, soon).toBe(false);
    expect((await workers()).controlled).toBe(true);
    expect(await notice.count()).toBe(0);
  });
});
