// Lighthouse-style figures of the member's home screen (`/#/home/index`) on a throttled phone,
// measured with Chromium's own performance timings: first contentful paint and time to
// interactive, and the initial JavaScript gzipped (goal: under 150 KiB). A cold first visit each
// run (new browser context: no HTTP cache, no service worker). Prints; asserts nothing.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { chromium, type Page } from "playwright-core";
import { initialJsGzipBytes } from "./client-size.ts";
import { startEmbedded, stopEmbedded } from "./embedded-server.ts";

const port = 3990 + Math.floor(Math.random() * 9);
const runs = 3;
/**
 * Lighthouse's mobile profile ("Slow 4G" and a mid-range phone): 150 ms round trips, 1.6 Mbit/s
 * down, 750 kbit/s up, the CPU four times slower than this machine's.
 */
const profile = { latencyMs: 150, downKbps: 1600, upKbps: 750, cpuSlowdown: 4 };
/** Time to interactive is the end of the last long task before this long a quiet window. */
const quietMs = 5000;
const goalKiB = 150;

interface Figures {
  fcpMs: number;
  ttiMs: number;
}

/**
 * Page-side code, as text (this package is compiled without the DOM's types). The first records
 * long tasks from the first script on, since late observers do not see them all.
 */
const watchLongTasks = `
  window.longTaskEnds = [];
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) window.longTaskEnds.push(entry.startTime + entry.duration);
  }).observe({ type: "longtask", buffered: true });
`;
const quietFor = (ms: number) => `performance.now() - Math.max(0, ...window.longTaskEnds) >= ${ms}`;
const readFigures = `(() => {
  const fcp = performance.getEntriesByName("first-contentful-paint")[0]?.startTime ?? Number.NaN;
  const navigation = performance.getEntriesByType("navigation")[0];
  const lastLongTask = Math.max(0, ...window.longTaskEnds);
  return { fcpMs: fcp, ttiMs: Math.max(fcp, navigation?.domContentLoadedEventEnd ?? 0, lastLongTask) };
})()`;

async function measure(page: Page, url: string): Promise<Figures> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Network.enable");
  await cdp.send("Network.emulateNetworkConditions", {
    offline: false,
    latency: profile.latencyMs,
    downloadThroughput: (profile.downKbps * 1024) / 8,
    uploadThroughput: (profile.upKbps * 1024) / 8,
  });
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: profile.cpuSlowdown });
  await page.goto(url, { waitUntil: "load" });
  // Wait for a quiet window: no long task for `quietMs` (the socket's steady ticks are short).
  for (let waited = 0; waited < 60_000; waited += 500) {
    const quiet = (await page.evaluate(quietFor(quietMs))) as boolean;
    if (quiet) break;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  const figures = (await page.evaluate(readFigures)) as Figures;
  await cdp.detach();
  return figures;
}

const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? Number.NaN;

const dataDir = mkdtempSync(path.join(tmpdir(), "kabuto-page-bench-"));
const server = startEmbedded(port, dataDir);
try {
  await server.ready;
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--no-first-run"],
  });
  const results: Figures[] = [];
  try {
    for (let run = 0; run < runs; run += 1) {
      const context = await browser.newContext({
        viewport: { width: 390, height: 844 },
        deviceScaleFactor: 2,
        isMobile: true,
        hasTouch: true,
      });
      await context.addInitScript({ content: watchLongTasks });
      results.push(await measure(await context.newPage(), `${server.base}/#/home/index`));
      await context.close();
    }
  } finally {
    await browser.close();
  }
  const js = initialJsGzipBytes();
  const ms = (value: number) => `${(value / 1000).toFixed(2)} s`;
  console.log(
    `\nHome screen, cold visit, throttled phone (${profile.latencyMs} ms RTT, ${profile.downKbps} kbit/s down, CPU ×${profile.cpuSlowdown}); median of ${runs}`,
  );
  console.log(`  first contentful paint      ${ms(median(results.map((result) => result.fcpMs)))}`);
  console.log(`  time to interactive         ${ms(median(results.map((result) => result.ttiMs)))}`);
  console.log(
    `  initial JS, gzipped         ${js === undefined ? "not built" : `${(js / 1024).toFixed(1)} KiB (goal under ${goalKiB} KiB)`}`,
  );
} finally {
  await stopEmbedded(server.child);
  rmSync(dataDir, { recursive: true, force: true });
}
