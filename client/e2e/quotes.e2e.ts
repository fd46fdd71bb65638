/**
 * The quotes journey in a real browser against a real server: register, watch a Japanese price
 * move, open a stock (chart and five-level book), change the chart interval, and switch the
 * interface to English and to Traditional Chinese.
 *
 * It builds the client when client/dist is missing or older than its sources, starts the
 * embedded server (`node api/src/bin/embedded.ts`) on a free port with a fresh data folder and
 * every market session open, and drives Chromium at a phone's size. Screenshots of each step go
 * to client/e2e/screenshots/ (ignored by git).
 */
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readdirSync, rmSync, statSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { type Browser, chromium, type Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

const clientDir = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const rootDir = resolve(clientDir, "..");
const screenshotDir = join(clientDir, "e2e", "screenshots");
const chromiumPath = "/usr/bin/chromium";
/** The embedded server backfills candle history at its first start: give it time. */
const serverStartMs = 150_000;
/** The simulator moves prices every few hundred ms; a tick within this window is certain. */
const priceMoveMs = 30_000;

function newestChange(path: string): number {
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(path)) newest = Math.max(newest, newestChange(join(path, entry)));
  return newest;
}

/** Builds the client unless client/dist is newer than every source it is built from. */
function ensureBuilt(): void {
  const builtAt = (() => {
    try {
      return statSync(join(clientDir, "dist", "index.html")).mtimeMs;
    } catch {
      return 0;
    }
  })();
  const sources = [
    join(clientDir, "src"),
    join(clientDir, "index.html"),
    join(clientDir, "vite.config.ts"),
    join(clientDir, "lingui.config.ts"),
    join(rootDir, "shared", "src"),
  ];
  if (builtAt > Math.max(...sources.map(newestChange))) return;
  // Vitest sets NODE_ENV=test, which would make Vite bundle React's development build.
  const build = spawnSync("npm", ["run", "build", "-w", "client"], {
    cwd: rootDir,
    stdio: "inherit",
    env: { ...process.env, NODE_ENV: "production" },
  });
  if (build.status !== 0) throw new Error(`client build failed (exit ${build.status})`);
}

function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const address = probe.address();
      probe.close(() => (typeof address === "object" && address ? resolvePort(address.port) : reject()));
    });
  });
}

async function waitForHealth(base: string, server: ChildProcess): Promise<void> {
  const deadline = Date.now() + serverStartMs;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`server exited with ${server.exitCode}`);
    try {
      const response = await fetch(`${base}api/v1/health`);
      if (response.ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((wake) => setTimeout(wake, 300));
  }
  throw new Error("server did not become healthy in time");
}

let server: ChildProcess | undefined;
let dataDir: string | undefined;
let browser: Browser | undefined;
let page: Page;
let base: string;
const serverLog: string[] = [];

function embeddedEnv(): NodeJS.ProcessEnv {
  const { DATABASE_URL: _database, REDIS_URL: _redis, ...env } = process.env;
  return env;
}

async function snap(name: string): Promise<void> {
  await page.screenshot({ path: join(screenshotDir, `${name}.png`) });
}

beforeAll(async () => {
  ensureBuilt();
  mkdirSync(screenshotDir, { recursive: true });
  dataDir = mkdtempSync(join(tmpdir(), "kabuto-e2e-"));
  const port = await freePort();
  base = `http://127.0.0.1:${port}/`;
  server = spawn(process.execPath, ["api/src/bin/embedded.ts"], {
    cwd: rootDir,
    // Embedded mode: the product alone, whatever database or Redis the test run was given.
    env: { ...embeddedEnv(), PORT: String(port), DATA_DIR: dataDir, MARKET_HOURS: "always" },
    stdio: ["ignore", "pipe", "pipe"],
  });
  for (const stream of [server.stdout, server.stderr]) {
    stream?.on("data", (chunk: Buffer) => serverLog.push(chunk.toString()));
  }
  await waitForHealth(base, server);
  browser = await chromium.launch({
    executablePath: chromiumPath,
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
      "--no-first-run",
    ],
  });
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    deviceScaleFactor: 2,
    isMobile: true,
    hasTouch: true,
  });
  page = await context.newPage();
}, 240_000);

afterAll(async () => {
  await browser?.close();
  if (server && server.exitCode === null) {
    const exited = new Promise((done) => server?.once("exit", done));
    server.kill("SIGTERM");
    await Promise.race([exited, new Promise((wake) => setTimeout(wake, 5000))]);
    if (server.exitCode === null) server.kill("SIGKILL");
  }
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

describe("quotes in the browser", () => {
  it("registers a new member with the demo invitation code", async () => {
    const account = `090${String(Math.floor(Math.random() * 1e8)).padStart(8, "0")}`;
    await page.goto(`${base}#/login/register`);
    await page.fill("#register-account", account);
    await page.fill("#register-password", "kabuto123");
    await page.fill("#register-confirm", "kabuto123");
    await page.fill("#register-invite", "KABUTO");
    await page.check("#register-terms");
    await snap("01-register");
    await page.click("button[type=submit]");
    await page.waitForURL(/#\/home\/index$/);
    await page.locator(".index-card[data-symbol='IDX:N225']").waitFor();
    await snap("02-home");
  });

  it("shows Japanese prices moving in the quote list", async () => {
    await page.click("a[href='#/market/market']");
    const last = page.locator(".quote-row[data-symbol^='JP:'] [data-testid=last]");
    await last.first().waitFor();
    const before = await last.allTextContents();
    expect(before.length).toBeGreaterThan(5);
    await expect
      .poll(async () => (await last.allTextContents()).some((text, index) => text !== before[index]), {
        timeout: priceMoveMs,
        interval: 250,
      })
      .toBe(true);
    await snap("03-market");
  });

  it("opens a stock with its chart and five-level book", async () => {
    await page.click(".quote-row[data-symbol='JP:7203']");
    await page.waitForURL(/#\/market\/marketDetail\?symbol=JP%3A7203$/);
    await page.locator("[data-testid=price-chart][data-status=ready] canvas").first().waitFor();
    const bookPrices = page.locator("[data-testid=order-book] .book__price");
    await expect.poll(() => bookPrices.count()).toBe(10);
    await expect
      .poll(async () => (await bookPrices.allTextContents()).filter((text) => /\d/.test(text)).length, {
        timeout: 15_000,
      })
      .toBeGreaterThanOrEqual(2);
    await expect.poll(() => page.locator("[data-testid=detail-last]").textContent()).toMatch(/\d/);
    await snap("04-detail");
  });

  it("switches the chart interval", async () => {
    const fiveMinutes = page.getByRole("tab", { name: "5分" });
    await fiveMinutes.click();
    await expect.poll(() => fiveMinutes.getAttribute("aria-selected")).toBe("true");
    await page.locator("[data-testid=price-chart][data-status=ready] canvas").first().waitFor();
    await snap("05-detail-5m");
  });

  it("switches the interface to English, then to Traditional Chinese", async () => {
    await page.goto(`${base}#/user/changeLang`);
    await expect.poll(() => page.locator("h1:visible").textContent()).toBe("言語");
    await page.getByRole("radio", { name: "English" }).check();
    await expect.poll(() => page.locator("h1:visible").textContent()).toBe("Language");
    expect(await page.evaluate(() => [document.documentElement.lang, localStorage.getItem("lang")])).toEqual([
      "en",
      "en",
    ]);
    await page.goto(`${base}#/market/market`);
    await expect.poll(() => page.locator(".tab-bar").textContent()).toContain("Quotes");
    await snap("06-market-en");

    await page.goto(`${base}#/user/changeLang`);
    await page.getByRole("radio", { name: "繁體中文" }).check();
    await expect.poll(() => page.locator("h1:visible").textContent()).toBe("語言");
    await page.goto(`${base}#/market/marketDetail?symbol=JP%3A7203`);
    await expect.poll(() => page.locator("[data-testid=order-book] h2").textContent()).toContain("五檔報價");
    await expect.poll(() => page.locator("h1:visible").textContent()).toContain("豐田汽車");
    await page.locator("[data-testid=price-chart][data-status=ready] canvas").first().waitFor();
    await snap("07-detail-zh-hant");
  });
});
