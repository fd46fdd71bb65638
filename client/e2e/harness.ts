/**
 * What every browser test needs: the client built from its current sources, the embedded
 * product (`node server/src/bin/embedded.ts`) on a free port with a fresh data folder, every
 * market session open and no DATABASE_URL or REDIS_URL (whatever the test run was given), and
 * Debian's Chromium at a phone's size. Screenshots go to client/e2e/screenshots/ (ignored by git).
 */
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { type Browser, chromium, type Locator, type Page } from "playwright-core";
import { inject } from "vitest";

declare module "vitest" {
  export interface ProvidedContext {
    /** The embedded database the global setup migrated (its folder), copied by each first start. */
    pgliteTemplate: string;
  }
}

const clientDir = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const rootDir = resolve(clientDir, "..");
const screenshotDir = join(clientDir, "e2e", "screenshots");
/** Debian's Chromium; .ci/run exports CHROMIUM_PATH. Playwright never downloads a browser. */
const chromiumPath = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
/** The embedded server back-fills candle history at its first start: give it time. */
const serverStartMs = 150_000;

export interface Product {
  /** `http://127.0.0.1:<port>/` */
  base: string;
  page: Page;
  snap(name: string): Promise<void>;
  /** What the server has written to stdout and stderr so far (pino's JSON lines). */
  log(): string;
  /**
   * What a failed journey leaves behind (on-failure.ts calls it): a screenshot named after the
   * test, and on stderr the page's address, the browser's errors and the server's last lines, so a
   * failure in CI, where no screenshot is kept, still says where the page was.
   */
  report(test: string): Promise<void>;
  close(): Promise<void>;
}

/** The products open now, for on-failure.ts. */
export const openProducts = new Set<Product>();

/** The last `count` lines of `text`. */
function tail(text: string, count: number): string {
  return text.trimEnd().split("\n").slice(-count).join("\n");
}

function newestChange(path: string): number {
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(path)) newest = Math.max(newest, newestChange(join(path, entry)));
  return newest;
}

/**
 * Builds the client unless client/dist is newer than every source it is built from. The
 * browser lane's global setup calls it once before its files start in parallel, so two files
 * never build into the same folder at once.
 */
export function ensureBuilt(): void {
  const builtAt = (() => {
    try {
      return statSync(join(clientDir, "dist", "index.html")).mtimeMs;
    } catch {
      return 0;
    }
  })();
  const sources = [
    "src",
    "build",
    "public",
    "index.html",
    "vite.config.ts",
    "lingui.config.ts",
    "pwa-manifests.ts",
  ].map((part) => join(clientDir, part));
  sources.push(join(rootDir, "shared", "src"));
  if (builtAt > Math.max(...sources.map(newestChange))) return;
  // Vitest sets NODE_ENV=test, which would make Vite bundle React's development build.
  const build = spawnSync("npm", ["run", "build", "-w", "client"], {
    cwd: rootDir,
    stdio: "inherit",
    env: { ...process.env, NODE_ENV: "production" },
  });
  if (build.status !== 0) throw new Error(`client build failed (exit ${build.status})`);
}

/**
 * Migrates an empty embedded database (PGlite) in a folder of its own and returns the folder.
 * A product started on a data folder without a database creates one and runs every migration,
 * five seconds of CPU each time; the browser lane's global setup does it once, and each first
 * start copies the result, then migrates as always (finding nothing left to run) and seeds.
 * start-stop.e2e.ts still starts the product from nothing, through `npm start`.
 */
export function migratedDataTemplate(): string {
  const folder = mkdtempSync(join(tmpdir(), "kabuto-e2e-template-"));
  const migrate = spawnSync(
    process.execPath,
    [
      "--input-type=module",
      "-e",
      `const { openDatabase } = await import("./api/src/db/database.ts");
       const database = await openDatabase({ dataDir: ${JSON.stringify(folder)} });
       await database.close();`,
    ],
    { cwd: rootDir, stdio: "inherit", env: embeddedEnv() },
  );
  if (migrate.status !== 0)
    throw new Error(`migrating the embedded template failed (exit ${migrate.status})`);
  return folder;
}

export function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const address = probe.address();
      probe.close(() => (typeof address === "object" && address ? resolvePort(address.port) : reject()));
    });
  });
}

async function waitForHealth(base: string, server: ChildProcess, log: string[]): Promise<void> {
  const deadline = Date.now() + serverStartMs;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`server exited with ${server.exitCode}:\n${log.join("")}`);
    const healthy = await fetch(`${base}api/v1/health`).then(
      (response) => response.ok,
      () => false,
    );
    if (healthy) return;
    await new Promise((wake) => setTimeout(wake, 300));
  }
  throw new Error("server did not become healthy in time");
}

function embeddedEnv(): NodeJS.ProcessEnv {
  const { DATABASE_URL: _database, REDIS_URL: _redis, ...env } = process.env;
  return env;
}

/**
 * `env` adds to the server's environment (e.g. FUND_HOURS=always for the money journey).
 * `options.dataDir` starts the product on a data folder a journey keeps across restarts (the
 * caller removes it); `options.clockShiftMs` runs the server that much in the future, and
 * `options.clockFile` lets the journey move its clock while it runs (see clock-shift.ts).
 */
export async function openProduct(
  name: string,
  env: Record<string, string> = {},
  options: { dataDir?: string; clockShiftMs?: number; clockFile?: string } = {},
): Promise<Product> {
  ensureBuilt();
  mkdirSync(screenshotDir, { recursive: true });
  const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), `kabuto-e2e-${name}-`));
  // A first start begins from the migrated empty database (see migratedDataTemplate).
  const database = join(dataDir, "pglite");
  if (!existsSync(database)) cpSync(join(inject("pgliteTemplate"), "pglite"), database, { recursive: true });
  const shifted =
    options.clockShiftMs || options.clockFile
      ? {
          NODE_OPTIONS: `--import=${join(clientDir, "e2e", "clock-shift.ts")}`,
          ...(options.clockShiftMs ? { E2E_CLOCK_SHIFT_MS: String(options.clockShiftMs) } : {}),
          ...(options.clockFile ? { E2E_CLOCK_FILE: options.clockFile } : {}),
        }
      : {};
  const port = await freePort();
  const base = `http://127.0.0.1:${port}/`;
  const log: string[] = [];
  const server = spawn(process.execPath, ["server/src/bin/embedded.ts"], {
    cwd: rootDir,
    env: {
      ...embeddedEnv(),
      PORT: String(port),
      DATA_DIR: dataDir,
      MARKET_HOURS: "always",
      // Every answer the journeys get is checked against its endpoint's declaration.
      CHECK_ANSWERS: "1",
      // A month of daily bars and one session of minutes fill every chart a journey opens, and
      // back-fill in a fraction of a year's time.
      FEED_HISTORY_DAYS: "30",
      FEED_MINUTE_SESSIONS: "1",
      // The crowd behind the demo's popular new shares costs every start half a minute of CPU in
      // the background; only the journeys that read their odds ask for it (ipo.e2e.ts).
      DEMO_IPO_CROWD: "0",
      // The demo time scale's offering runs its life within the first hour; journeys restart on
      // shifted clocks and count the offerings they expect, so none starts one unless it asks.
      DEMO_IPO_TIMELINE: "off",
      ...shifted,
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  for (const stream of [server.stdout, server.stderr])
    stream?.on("data", (chunk: Buffer) => log.push(chunk.toString()));
  let browser: Browser | undefined;
  const close = async () => {
    await browser?.close();
    if (server.exitCode === null) {
      const exited = new Promise((done) => server.once("exit", done));
      server.kill("SIGTERM");
      await Promise.race([exited, new Promise((wake) => setTimeout(wake, 5000))]);
      if (server.exitCode === null) server.kill("SIGKILL");
    }
    if (!options.dataDir) rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    await waitForHealth(base, server, log);
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
    const page = await context.newPage();
    // The browser's own complaints, kept for a failure's report.
    const complaints: string[] = [];
    page.on("console", (message) => {
      if (message.type() === "error" || message.type() === "warning")
        complaints.push(`console.${message.type()}: ${message.text()}`);
    });
    page.on("pageerror", (error) => complaints.push(`page error: ${error.message}`));
    page.on("response", (response) => {
      if (response.status() >= 400)
        complaints.push(`answer ${response.status()}: ${response.request().method()} ${response.url()}`);
    });
    page.on("requestfailed", (request) =>
      complaints.push(
        `request failed: ${request.method()} ${request.url()} ${request.failure()?.errorText ?? ""}`,
      ),
    );
    const snap = async (shot: string) => {
      await page.screenshot({ path: join(screenshotDir, `${shot}.png`) });
    };
    const report = async (test: string) => {
      const shot = `failed-${name}-${test.replace(/[^\w-]+/g, "-").slice(0, 60)}`;
      await snap(shot).catch(() => undefined);
      process.stderr.write(
        [
          `--- ${name}: "${test}" failed; the page was at ${page.url()} (screenshot ${shot}.png)`,
          "--- the browser's last errors and refused requests:",
          tail(complaints.join("\n"), 20) || "(none)",
          "--- the server's last lines:",
          tail(log.join(""), 30),
          "",
        ].join("\n"),
      );
    };
    const product: Product = {
      base,
      page,
      snap,
      log: () => log.join(""),
      report,
      close: async () => {
        openProducts.delete(product);
        await close();
      },
    };
    openProducts.add(product);
    return product;
  } catch (error) {
    await close();
    throw error;
  }
}

/**
 * Passes the confirmation step a money-moving flow opens before it sends (an order, a copy, an
 * IPO payment, a block application, a repayment: `features/trading-pin/confirm-step.tsx`): waits
 * for it, enters the trading PIN when one is given, confirms, and waits for it to close.
 */
export async function confirmStep(page: Page, options: { pin?: string } = {}): Promise<void> {
  const step = page.locator("[data-testid=confirm-step]");
  await step.waitFor({ timeout: 30_000 });
  if (options.pin !== undefined) await step.locator("[data-testid=confirm-pin]").fill(options.pin);
  await step.locator("[data-testid=confirm-send]").click();
  await step.waitFor({ state: "hidden", timeout: 30_000 });
}

/**
 * Chooses a radio or checkbox as a member does, by tapping its label. A notice (a sonner toast)
 * lies over the top of the screen for two seconds after many actions; a forced click on the
 * input landed on the notice and changed nothing. A tap on the label waits until nothing covers
 * it, and is tried again if a notice slides in as it lands.
 */
export async function tapChoice(input: Locator): Promise<void> {
  const label = input.locator("xpath=ancestor::label[1]");
  const deadline = Date.now() + 30_000;
  while (!(await input.isChecked())) {
    if (Date.now() > deadline) throw new Error(`could not choose ${input}: it stayed unchecked`);
    await label.click({ timeout: 10_000 }).catch(() => undefined);
  }
}
