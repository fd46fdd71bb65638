// `npm run bench:confirm`: the order sheet's confirm → confirmation on a phone while the API
// serves 100 orders a second, the last goal of "Fast on a phone". Prints; asserts nothing.
//
// One process plays every role (`server/src/bin/embedded.ts`) on PostgreSQL and Redis, as one
// service-mode node would, so the member's order and the load meet in the same API. The bench
// registers CONFIRM_BENCH_MEMBERS (20) members and funds them, then sends their market orders
// at CONFIRM_BENCH_RATE (100) a second, open loop (http-load.ts's `runPaced`), while Chromium,
// its CPU slowed ×4 as Lighthouse's phone is and a phone's viewport, signs the demo member in
// and buys 100 shares of Toyota on the order sheet again and again: tap Submit, tap Confirm on
// the confirmation step, and measure from the Confirm tap's pointerdown (the event's own time,
// as INP counts) to the frame after the done notice appears. The network is not throttled: the
// goal is the server's and the app's part, not the radio's. The same samples are taken first
// with no load, for the baseline. CONFIRM_BENCH_SECONDS (60) sizes the loaded window.
/// <reference lib="dom" />
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import path from "node:path";
import { Redis } from "ioredis";
import puppeteer, { type Page } from "puppeteer-core";
import { admin, databaseUrl } from "./bench-database.ts";
import { fundMember, registerFundedMembers } from "./bench-members.ts";
import { signInDemo } from "./browser-session.ts";
import { runPaced } from "./http-load.ts";

const root = path.resolve(import.meta.dirname, "../..");
const redisUrl = process.env.REDIS_URL ?? "redis://127.0.0.1:6379";
const chromePath = process.env.CHROME_PATH ?? process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const memberCount = Number(process.env.CONFIRM_BENCH_MEMBERS ?? 20);
const rate = Number(process.env.CONFIRM_BENCH_RATE ?? 100);
const loadedMs = Number(process.env.CONFIRM_BENCH_SECONDS ?? 60) * 1000;
const idleSamples = Number(process.env.CONFIRM_BENCH_IDLE_SAMPLES ?? 20);
const symbol = "JP:7203";
/** The goal: p99 of confirm → confirmation under the load. */
const p99GoalMs = 150;
/** A phone's CPU as Lighthouse's mobile profile slows it. */
const cpuSlowdown = 4;

async function waitFor(ready: () => Promise<boolean>, what: string): Promise<void> {
  for (let attempt = 0; attempt < 1_200; attempt += 1) {
    if (await ready().catch(() => false)) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`${what} did not happen in 120 s`);
}

async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once("exit", resolve));
  child.kill("SIGTERM");
  await exited;
}

interface Sample {
  ms: number;
  /** Of those, from the tap to the order's answer in full (its request's responseEnd). */
  answerMs: number;
  /** The notice's kind: `success`, or `error` when the order was refused. */
  type: string;
}

/**
 * One buy on the order screen (the stock page's sheet as a screen): open it, tap Submit, wait for the confirmation step, tap Confirm,
 * and measure in the page from the tap to the frame after a new notice shows.
 */
async function oneBuy(page: Page): Promise<Sample> {
  // After the last buy the app goes on to the positions screen by itself: let it, so this buy
  // opens the order screen afresh rather than find the last one still up.
  await page.waitForFunction(() => !location.hash.startsWith("#/market/marketBuy"), { timeout: 30_000 });
  await page.evaluate(
    (hash) => {
      location.hash = hash;
    },
    `#/market/marketBuy?symbol=${encodeURIComponent(symbol)}&side=long`,
  );
  // The estimate needs the price: the sheet is ready once it shows a figure.
  await page.waitForFunction(
    () => /\d/.test(document.querySelector("[data-testid=estimate-required]")?.textContent ?? ""),
    { timeout: 30_000 },
  );
  await page.locator("[data-testid=buy-screen] [data-testid=order-submit]").click();
  const confirm = "[data-testid=confirm-step] [data-testid=confirm-send]";
  await page.waitForSelector(confirm, { visible: true, timeout: 30_000 });
  await page.evaluate((selector) => {
    const seen = new Set(document.querySelectorAll("[data-sonner-toast]"));
    const button = document.querySelector(selector);
    (window as unknown as { confirmed: Promise<Sample> }).confirmed = new Promise((resolve) => {
      let tappedAt = performance.now();
      button?.addEventListener(
        "pointerdown",
        (event) => {
          tappedAt = event.timeStamp;
        },
        { capture: true, once: true },
      );
      let answeredAt = Number.NaN;
      const answers = new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as PerformanceResourceTiming[]) {
          if (entry.name.endsWith("/api/v1/orders") && entry.startTime >= tappedAt)
            answeredAt = entry.responseEnd;
        }
      });
      answers.observe({ type: "resource" });
      const watch = new MutationObserver(() => {
        for (const toast of document.querySelectorAll("[data-sonner-toast]")) {
          if (seen.has(toast)) continue;
          watch.disconnect();
          const type = toast.getAttribute("data-type") ?? "";
          // The frame that shows it: the next animation frame, then the task after its paint.
          requestAnimationFrame(() =>
            setTimeout(() => {
              // Resource entries are queued: take those the browser has by now.
              for (const entry of answers.takeRecords() as PerformanceResourceTiming[]) {
                if (entry.name.endsWith("/api/v1/orders") && entry.startTime >= tappedAt)
                  answeredAt = entry.responseEnd;
              }
              answers.disconnect();
              resolve({ ms: performance.now() - tappedAt, answerMs: answeredAt - tappedAt, type });
            }, 0),
          );
          return;
        }
      });
      watch.observe(document.body, { childList: true, subtree: true });
    });
  }, confirm);
  await page.locator(confirm).click();
  return page.evaluate(() => (window as unknown as { confirmed: Promise<Sample> }).confirmed);
}

/**
 * The server's own time on placed orders so far, from its request histogram (`/metrics`): what
 * it spent between the request's arrival and its answer, without the network or the phone.
 */
async function orderServerTime(base: string): Promise<{ sumMs: number; count: number }> {
  const text = await (await fetch(`${base}/metrics`)).text();
  const series = (name: string) => {
    const line = text
      .split("\n")
      .find(
        (row) =>
          row.startsWith(`${name}{`) &&
          row.includes('method="POST"') &&
          row.includes('route="/api/v1/orders"') &&
          row.includes('status="201"'),
      );
    return Number(line?.split(" ").at(-1) ?? 0);
  };
  return {
    sumMs: series("kabuto_http_request_duration_seconds_sum") * 1000,
    count: series("kabuto_http_request_duration_seconds_count"),
  };
}

function serverMean(
  before: { sumMs: number; count: number },
  after: { sumMs: number; count: number },
): string {
  const count = after.count - before.count;
  return count > 0 ? `${((after.sumMs - before.sumMs) / count).toFixed(0)} ms mean over ${count}` : "none";
}

function percentile(sorted: number[], fraction: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * fraction))] ?? 0;
}

function report(label: string, samples: Sample[]): string {
  const times = samples.map((sample) => sample.ms).sort((a, b) => a - b);
  const answers = samples.map((sample) => sample.answerMs).sort((a, b) => a - b);
  // The phone's own part, from the order's answer to the notice's frame: apart from the server's
  // time, which a busy machine inflates.
  const after = samples.map((sample) => sample.ms - sample.answerMs).sort((a, b) => a - b);
  const refused = samples.filter((sample) => sample.type !== "success").length;
  return `  ${label.padEnd(30)} n ${String(samples.length).padStart(3)}   p50 ${percentile(times, 0.5).toFixed(0).padStart(4)} ms   p99 ${percentile(times, 0.99).toFixed(0).padStart(4)} ms   max ${(times.at(-1) ?? 0).toFixed(0).padStart(4)} ms   refused ${refused}   (of which the order's answer: p50 ${percentile(answers, 0.5).toFixed(0)} ms, p99 ${percentile(answers, 0.99).toFixed(0)} ms; from the answer to the notice: p50 ${percentile(after, 0.5).toFixed(0)} ms, p99 ${percentile(after, 0.99).toFixed(0)} ms)`;
}

// The client as its sources are now: the bench measures this checkout, not an older build.
const build = spawnSync("npm", ["run", "build", "-w", "client"], {
  cwd: root,
  stdio: ["ignore", "ignore", "inherit"],
  env: { ...process.env, NODE_ENV: "production" },
});
if (build.status !== 0) throw new Error(`client build failed (exit ${build.status})`);

const name = `kabuto_confirm_${randomBytes(4).toString("hex")}`;
const prefix = `kabuto-confirm:${randomBytes(4).toString("hex")}:`;
const port = 4100 + Math.floor(Math.random() * 90);
const base = `http://127.0.0.1:${port}`;
await admin(`create database ${name}`);
// BENCH_PROFILE=dir writes a CPU profile of the server there, as the orders bench does.
const profile = process.env.BENCH_PROFILE
  ? ["--cpu-prof", `--cpu-prof-dir=${process.env.BENCH_PROFILE}`]
  : [];
const server = spawn(process.execPath, [...profile, path.join(root, "server/src/bin/embedded.ts")], {
  env: {
    ...process.env,
    DATABASE_URL: databaseUrl(name),
    REDIS_URL: redisUrl,
    REDIS_PREFIX: prefix,
    PORT: String(port),
    MARKET_HOURS: "always",
    SEED_DEMO: "1",
    // The bench's members are registered for it and never verify their identity.
    KYC_REQUIRED_FOR_TRADING: "0",
    REGISTRATIONS_PER_ADDRESS_HOUR: "100000",
    LOG_LEVEL: "warn",
    DEVICE_COOKIE_SECRET: randomBytes(32).toString("base64url"),
  },
  stdio: ["ignore", "pipe", "inherit"],
});
// The feed's back-fill (a year of candles written at the start) takes the server's CPU for most
// of a minute: a confirmation measured meanwhile measured the back-fill. Its log line says when
// it is over; the rest of the log goes on to ours.
const historySaved = new Promise<void>((resolve) => {
  let tail = "";
  server.stdout?.on("data", (chunk: Buffer) => {
    process.stdout.write(chunk);
    tail = (tail + chunk.toString()).slice(-4096);
    if (tail.includes('"msg":"history saved"')) resolve();
  });
});
try {
  await waitFor(async () => (await fetch(`${base}/api/v1/health`)).ok, "the server's start");
  // The demo member is seeded once the feed has quotes.
  await waitFor(
    async () =>
      (
        await fetch(`${base}/api/v1/auth/login`, {
          method: "POST",
          headers: { "content-type": "application/json", origin: base },
          body: JSON.stringify({ account: "09012345678", password: "demo1234" }),
        })
      ).ok,
    "the demo member's seeding",
  );
  await historySaved;
  const tokens = await registerFundedMembers(`${base}/api/v1`, databaseUrl(name), memberCount);
  const order = JSON.stringify({ symbol, side: "long", type: "market", quantity: 100, leverage: 3 });
  const placeOrder = async (index: number) => {
    const response = await fetch(`${base}/api/v1/orders`, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        authorization: `Bearer ${tokens[index % tokens.length]}`,
        "idempotency-key": crypto.randomUUID(),
      },
      body: order,
    });
    await response.arrayBuffer();
    return response.status === 201;
  };

  const browser = await puppeteer.launch({
    executablePath: chromePath,
    headless: true,
    args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--no-first-run"],
  });
  try {
    const page = await browser.newPage();
    await page.setViewport({
      width: 412,
      height: 823,
      deviceScaleFactor: 1.75,
      isMobile: true,
      hasTouch: false,
    });
    const demoId = await signInDemo(page, base);
    // Enough money for every sample: the bench measures the confirmation, not the demo's balance.
    await fundMember(databaseUrl(name), demoId);
    await page.goto(`${base}/#/home/index`);
    const cdp = await page.createCDPSession();
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: cpuSlowdown });
    // The sheet's chunks and reads warmed once, as a member who has bought before.
    await oneBuy(page);

    const idle: Sample[] = [];
    const idleFrom = await orderServerTime(base);
    for (let index = 0; index < idleSamples; index += 1) idle.push(await oneBuy(page));
    const idleServer = serverMean(idleFrom, await orderServerTime(base));

    let loading = true;
    const load = runPaced({
      perSecond: rate,
      durationMs: loadedMs,
      maxInFlight: 256,
      request: placeOrder,
    }).finally(() => {
      loading = false;
    });
    const loaded: Sample[] = [];
    while (loading) loaded.push(await oneBuy(page));
    const served = await load;

    console.log(
      `\nConfirm → confirmation on a phone (Chromium, CPU ×${cpuSlowdown}, network not throttled), buying 100 shares of ${symbol}`,
    );
    console.log(report("no other load", idle));
    console.log(`    the server's own time on those orders: ${idleServer}`);
    console.log(report(`API at ${rate} orders/s`, loaded));
    console.log(
      `  the load: ${served.requests} orders, ${served.perSecond.toFixed(0)} a second, p50 ${served.p50Ms.toFixed(1)} ms, p99 ${served.p99Ms.toFixed(1)} ms, errors ${served.errors}, given up ${served.gaveUp}`,
    );
    console.log(`  goal: p99 ≤ ${p99GoalMs} ms under the load`);
  } finally {
    await browser.close();
  }
} finally {
  await stop(server);
  const redis = new Redis(redisUrl);
  const keys = await redis.keys(`${prefix}*`);
  if (keys.length > 0) await redis.del(...keys);
  await redis.quit();
  await admin(`drop database if exists ${name} with (force)`);
}
