// Lighthouse's mobile profile on the embedded product, signed in as the demo member: Home, a
// stock's page, and the order sheet opened on it by tapping Buy, each three times, the medians
// printed beside the goals of "Fast on a phone". Prints; asserts nothing.
//
// Lighthouse 12.8 drives Debian's Chromium (CHROME_PATH or CHROMIUM_PATH; never a downloaded
// browser) through puppeteer-core, as its user-flow API asks. Each run is one flow:
//   1. Home (`#/home/index`), a navigation;
//   2. the stock page (`#/market/marketDetail?symbol=JP:7203`), a navigation;
//   3. Buy tapped on that page until the order sheet shows, a timespan;
//   4. the order sheet as its own screen (`#/market/marketBuy?symbol=JP:7203`), a navigation;
//   5. Home again, a repeat visit: the service worker the earlier steps installed serves the app,
//      nothing emptied first. A simulated load would model the network the worker spares, so this
//      one runs under DevTools throttling with the same figures, as a phone would see it.
// Navigations are Lighthouse's default: a cold load, the phone's CPU (×4) and network (150 ms
// round trips, 1.6 Mbit/s down) simulated from the load's own trace. A timespan cannot be
// simulated, so the tap runs under DevTools throttling with the same figures, and Lighthouse
// reports what a timespan can: blocking time, layout shift and the tap's interaction to next paint.
// Before each navigation the bench empties the HTTP cache, the service worker, its caches and
// IndexedDB itself, as Lighthouse would, but keeps the session cookie and localStorage, where the
// app remembers who is signed in (Lighthouse's own reset would clear that too and show sign-in).
import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { type Flags, type Result, startFlow, type UserFlow } from "lighthouse";
import puppeteer, { type Page } from "puppeteer-core";
import { signInDemo } from "./browser-session.ts";
import { startEmbedded, stopEmbedded } from "./embedded-server.ts";

const root = path.resolve(import.meta.dirname, "../..");
const port = 4000 + Math.floor(Math.random() * 90);
const runs = Number(process.env.PHONE_BENCH_RUNS ?? 3);
const symbol = "JP:7203";
const chromePath = process.env.CHROME_PATH ?? process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
/** Each run's flow report (HTML), for a look at what a figure came from. Ignored by git. */
const reportDir = path.join(root, ".tmp", "phone-bench");

/** The goals of "Fast on a phone", each median of three runs. */
const goals = { score: 95, lcpMs: 1800, tbtMs: 100, cls: 0.02, homeKiB: 200, repeatLcpMs: 1000 };

/** What the bench keeps of one Lighthouse step. Absent: the mode does not measure it. */
interface Figures {
  score?: number;
  fcpMs?: number;
  lcpMs?: number;
  tbtMs?: number;
  cls?: number;
  inpMs?: number;
  bytes?: number;
}

/**
 * Each navigation's address carries its own query (`/?step=home#/home/index`): to an address that
 * differs from the open page's only in its hash, the browser makes no new document, and
 * Lighthouse waits for a paint that never comes (NO_FCP; GoogleChrome/lighthouse#14793). The app
 * routes on the hash alone and ignores the query.
 */
const steps = [
  { name: "Home", path: "?step=home#/home/index" },
  { name: "Stock page", path: `?step=stock#/market/marketDetail?symbol=${encodeURIComponent(symbol)}` },
  { name: "Order sheet: tap Buy" },
  {
    name: "Order sheet screen",
    path: `?step=order#/market/marketBuy?symbol=${encodeURIComponent(symbol)}&side=long`,
  },
  // Not Home's first address: the next run opens Home there, and from the same address with a
  // hash the browser makes no new document either (the same NO_FCP as above).
  { name: "Home, repeat visit", path: "?step=repeat#/home/index", repeat: true },
] as const;

/** Navigations keep the signed-in member's cookie and localStorage; see the top of this file. */
const navigationFlags: Flags = { onlyCategories: ["performance"], disableStorageReset: true };
const timespanFlags: Flags = { onlyCategories: ["performance"], throttlingMethod: "devtools" };
/** A repeat visit keeps everything, and is throttled as it happens (see the top of this file). */
const repeatFlags: Flags = { ...navigationFlags, throttlingMethod: "devtools" };

function figuresOf(result: Result): Figures {
  const audit = (id: string) => result.audits[id]?.numericValue;
  const score = result.categories.performance?.score;
  return {
    score: typeof score === "number" ? Math.round(score * 100) : undefined,
    fcpMs: audit("first-contentful-paint"),
    lcpMs: audit("largest-contentful-paint"),
    tbtMs: audit("total-blocking-time"),
    cls: audit("cumulative-layout-shift"),
    inpMs: audit("interaction-to-next-paint"),
    bytes: audit("total-byte-weight"),
  };
}

/** What Lighthouse's storage reset empties, less cookies and localStorage. */
async function emptyCaches(page: Page, origin: string): Promise<void> {
  const cdp = await page.createCDPSession();
  await cdp.send("Network.clearBrowserCache");
  await cdp.send("Storage.clearDataForOrigin", {
    origin,
    storageTypes: "service_workers,cache_storage,indexeddb,file_systems,shader_cache,websql",
  });
  await cdp.detach();
}

async function tapBuy(flow: UserFlow, page: Page): Promise<void> {
  await flow.startTimespan({ name: steps[2].name, ...timespanFlags });
  await page.locator("[data-testid=trade-long]").click();
  await page.locator("[data-testid=order-sheet] [data-testid=order-submit]").wait();
  await flow.endTimespan();
}

async function oneRun(page: Page, base: string, run: number): Promise<Figures[]> {
  const flow = await startFlow(page, { name: `Kabuto on a phone, run ${run}` });
  for (const step of steps) {
    if (!("path" in step)) {
      await tapBuy(flow, page);
      continue;
    }
    if ("repeat" in step) {
      // The worker has finished installing, and holds the app's files, before the visit.
      await page.evaluate("navigator.serviceWorker.ready.then(() => undefined)");
      await flow.navigate(`${base}/${step.path}`, { name: step.name, ...repeatFlags });
      continue;
    }
    await emptyCaches(page, base);
    await flow.navigate(`${base}/${step.path}`, { name: step.name, ...navigationFlags });
  }
  const result = await flow.createFlowResult();
  mkdirSync(reportDir, { recursive: true });
  writeFileSync(path.join(reportDir, `run-${run}.html`), await flow.generateReport());
  return result.steps.map((step) => figuresOf(step.lhr));
}

function median(values: (number | undefined)[]): number | undefined {
  const known = values.filter((value) => value !== undefined).sort((a, b) => a - b);
  return known.length === 0 ? undefined : known[Math.floor(known.length / 2)];
}

function printTable(results: Figures[][]): void {
  const cell = (value: number | undefined, format: (value: number) => string) =>
    (value === undefined ? "—" : format(value)).padStart(9);
  const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
  const ms = (value: number) => `${Math.round(value)} ms`;
  const kib = (bytes: number) => `${(bytes / 1024).toFixed(0)} KiB`;
  const columns = ["score", "FCP", "LCP", "TBT", "CLS", "INP", "moved"];
  console.log(
    `\nOn a phone: Lighthouse 12.8 mobile (Moto G Power: CPU ×4, 150 ms RTT, 1.6 Mbit/s), demo member signed in; median of ${runs}`,
  );
  console.log(`${"".padEnd(22)}${columns.map((column) => column.padStart(9)).join("")}`);
  console.log(
    `${"goal".padEnd(22)}${[`≥ ${goals.score}`, "", `≤ ${seconds(goals.lcpMs)}`, `≤ ${goals.tbtMs} ms`, `≤ ${goals.cls}`, "", `≤ ${goals.homeKiB} KiB`].map((goal) => goal.padStart(9)).join("")}`,
  );
  steps.forEach((step, index) => {
    const of = (pick: (figures: Figures) => number | undefined) =>
      median(results.map((run) => (run[index] ? pick(run[index]) : undefined)));
    console.log(
      step.name.padEnd(22) +
        cell(
          of((f) => f.score),
          String,
        ) +
        cell(
          of((f) => f.fcpMs),
          seconds,
        ) +
        cell(
          of((f) => f.lcpMs),
          seconds,
        ) +
        cell(
          of((f) => f.tbtMs),
          ms,
        ) +
        cell(
          of((f) => f.cls),
          (value) => value.toFixed(3),
        ) +
        cell(
          of((f) => f.inpMs),
          ms,
        ) +
        cell(
          of((f) => f.bytes),
          kib,
        ),
    );
  });
  console.log(
    `(the tap is a timespan under DevTools throttling: its score weighs blocking time and layout shift only; the goal for moved bytes is Home's; a repeat visit's LCP goal is ≤ ${seconds(goals.repeatLcpMs)})`,
  );
}

// The client as its sources are now: the bench measures this checkout, not an older build.
const build = spawnSync("npm", ["run", "build", "-w", "client"], {
  cwd: root,
  stdio: ["ignore", "ignore", "inherit"],
  env: { ...process.env, NODE_ENV: "production" },
});
if (build.status !== 0) throw new Error(`client build failed (exit ${build.status})`);

const dataDir = mkdtempSync(path.join(tmpdir(), "kabuto-phone-bench-"));
const server = startEmbedded(port, dataDir);
try {
  await server.ready;
  const savedMs = await server.historySaved;
  console.log(`history saved ${(savedMs / 1000).toFixed(0)} s after start`);
  const browser = await puppeteer.launch({
    executablePath: chromePath,
    headless: true,
    args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--no-first-run"],
  });
  const results: Figures[][] = [];
  try {
    const page = await browser.newPage();
    await signInDemo(page, server.base);
    for (let run = 1; run <= runs; run += 1) results.push(await oneRun(page, server.base, run));
  } finally {
    await browser.close();
  }
  printTable(results);
  console.log(`flow reports: ${path.relative(root, reportDir)}/run-<n>.html`);
} finally {
  await stopEmbedded(server.child);
  rmSync(dataDir, { recursive: true, force: true });
}
