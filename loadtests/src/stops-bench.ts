// `npm run bench:stops`: the stop engine on real PostgreSQL with many stops waiting (100,000 on
// 200 symbols by default; BENCH_STOPS sets it). Prints tick → fill as a member sees it: the stop
// watch listens to the bus, a crossing quote is published, and the clock runs until the member's
// account topic tells of the position the fill opened (the same path as a member's order: release,
// open, journals), with the periodic safety-net pass running on its own interval beside it. Then
// what that periodic pass costs when nothing fires, and what a waiting stop takes: its row and
// index entries in PostgreSQL, and its share of what the watch keeps in memory (two triggers and
// a subscription per symbol, measured as the heap the watch holds after a garbage collection).
// Setup writes the waiting stops directly (a benchmark's fixtures); the stops that fire are placed
// through the trading service.

import { randomBytes } from "node:crypto";
import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";
import {
  createAccountPublisher,
  createApp,
  houseAccount,
  LogSmsSender,
  MemoryThrottleStore,
  memberAccount,
  postJournal,
  StopWatch,
  TradingWorker,
} from "@kabuto/api";
import { flatQuote, openTestDatabase, testConfig } from "@kabuto/api/testing";
import { createMemoryBus } from "@kabuto/bus";
import { createCatalog } from "@kabuto/feed";
import { marketDate } from "@kabuto/shared/market/calendar";
import type { BusUpdate, MarketUpdate } from "@kabuto/shared/protocol/socket";
import pg from "pg";
import { pino } from "pino";

const stopCount = Number(process.env.BENCH_STOPS ?? 100_000);
const symbolCount = 200;
/** Passes timed for each figure: enough for a p99 that is not just the maximum of a handful. */
const rounds = 100;
/** The periodic pass's interval in the worker (trading.product.ts). */
const stopIntervalMs = 250;
/** The goal of the issue: a crossing tick fills its stop within this, at the 99th percentile. */
const tickToFillGoalMs = 50;
// A garbage collection on demand, to weigh what the watch keeps.
setFlagsFromString("--expose-gc");
const collect = runInNewContext("gc") as () => void;
process.env.DATABASE_URL ??= "postgres://postgres@127.0.0.1:5432/postgres";

const { database, drop, ownerUrl } = await openTestDatabase({ server: true });
// The periodic pass beside the rounds, stopped before the database goes, whatever happened.
let periodic: Promise<unknown> | undefined;
let timer: NodeJS.Timeout | undefined;
try {
  const bus = createMemoryBus();
  const catalog = createCatalog();
  const logger = pino({ level: "silent" });
  const { trading } = createApp({
    config: testConfig(),
    database,
    bus,
    catalog,
    logger,
    throttle: new MemoryThrottleStore(),
    sms: new LogSmsSender(logger),
    accountEvents: createAccountPublisher(bus),
  });
  const worker = new TradingWorker({ db: database.db, trading, alwaysOpen: true });
  const db = database.db;
  const instruments = catalog.instruments.slice(0, symbolCount);
  const tag = randomBytes(3).toString("hex");
  const created = (await db.execute(
    `insert into members (account, password_hash, invite_code, verification, created_at_ms)
     values ('s${tag}', 'x', 'S${tag}', 'verified', ${Date.now()}) returning id`,
  )) as unknown as { rows: { id: string }[] };
  const memberId = created.rows[0]?.id as string;
  for (const [currency, amount] of [
    ["JPY", 10_000_000_000n],
    ["USD", 10_000_000_000n],
  ] as const) {
    await db.transaction((tx) =>
      postJournal(
        tx,
        {
          kind: "deposit",
          memberId,
          ref: "bench:deposit",
          memo: null,
          description: null,
          postings: [
            { account: houseAccount("clearing", currency), amount: -amount },
            { account: memberAccount(memberId, "available", currency), amount },
          ],
        },
        Date.now(),
      ),
    );
  }

  let seq = 0;
  /** Every symbol at one price (1,000 yen or $100), with a deep book there. */
  const priceOf = (market: string, low: boolean) =>
    market === "JP" ? (low ? "985" : "1000") : low ? "98.50" : "100.00";
  const publish = (symbols: typeof instruments, low: boolean) => {
    seq += 1;
    const now = Date.now();
    const updates: MarketUpdate[] = symbols.flatMap((instrument) => {
      const last = priceOf(instrument.market, low);
      const quote = flatQuote(instrument.symbol, last, { tradeMs: now });
      const book = {
        symbol: instrument.symbol,
        bids: [{ price: last, size: 100_000_000 }],
        asks: [{ price: last, size: 100_000_000 }],
      };
      return [
        { topic: `quote:${instrument.symbol}`, epoch: "bench", seq, ts: now, data: quote },
        { topic: `book:${instrument.symbol}`, epoch: "bench", seq, ts: now, data: book },
      ] as MarketUpdate[];
    });
    bus.publish(updates);
  };
  publish(instruments, false);

  // The waiting stops: sell stops between half and nine tenths of the price, never reached here.
  const setupStart = Date.now();
  const symbols = instruments.map((instrument) => instrument.symbol);
  const nowMs = Date.now();
  await db.execute(`
    insert into orders (member_id, symbol, side, type, quantity, leverage, trigger_units, valid_date,
      session, status, held_minor, created_at_ms, updated_at_ms)
    select '${memberId}', s.symbol, 'short', 'stop',
      case when s.symbol like 'JP:%' then 100 else 1 end, 1,
      case when s.symbol like 'JP:%' then 5000 + (g % 4000) else 500000 + (g % 400000) end,
      case when s.symbol like 'JP:%' then '${marketDate("JP", nowMs)}' else '${marketDate("US", nowMs)}' end,
      'regular', 'pending', 0, ${nowMs}, ${nowMs}
    from generate_series(0, ${stopCount - 1}) g
    join lateral (select (array['${symbols.join("','")}'])[1 + (g % ${symbols.length})] as symbol) s on true`);
  // As autovacuum leaves a table that has settled: only its owner may vacuum it.
  const owner = new pg.Client({ connectionString: ownerUrl });
  await owner.connect();
  await owner.query("vacuum analyze orders");
  await owner.end();
  const setupMs = Date.now() - setupStart;

  const percentile = (values: number[], p: number) => {
    const sorted = [...values].sort((a, b) => a - b);
    return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;
  };
  const line = (what: string, values: number[]) =>
    console.log(
      `  ${what.padEnd(44)} p50 ${percentile(values, 50).toFixed(1).padStart(7)} ms   p99 ${percentile(
        values,
        99,
      )
        .toFixed(1)
        .padStart(7)} ms`,
    );

  // What the watch holds once it has read every symbol's triggers: a throwaway watch first, so
  // what any first pass leaves behind (compiled code, cached statements) is not counted.
  const warm = new StopWatch({ db, bus, worker, alwaysOpen: true });
  await warm.pass();
  await warm.stop();
  collect();
  const heapBefore = process.memoryUsage().heapUsed;
  const watch = new StopWatch({ db, bus, worker, alwaysOpen: true });
  await watch.pass();
  collect();
  const watchBytes = Math.max(0, process.memoryUsage().heapUsed - heapBefore);

  const idle: number[] = [];
  for (let round = 0; round < rounds; round += 1) {
    publish(instruments, false);
    const start = performance.now();
    const pass = await watch.pass();
    idle.push(performance.now() - start);
    if (pass.fired !== 0) throw new Error("a stop fired on an idle pass");
  }

  // The member's account topic, as the gateway would relay it: a fill tells of a new position.
  const account = bus.consumer();
  let filled: (() => void) | undefined;
  account.onUpdates((updates: BusUpdate[]) => {
    if (updates.some((update) => (update.data as { type?: string }).type === "position")) filled?.();
  });
  await account.subscribe([`account:${memberId}`]);
  // The safety net runs beside the rounds as in the worker: every interval, never two at once.
  timer = setInterval(() => {
    periodic ??= watch.pass().finally(() => {
      periodic = undefined;
    });
  }, stopIntervalMs);

  const tickToFill: number[] = [];
  for (let round = 0; round < rounds; round += 1) {
    const instrument = instruments[round % instruments.length];
    if (!instrument) break;
    publish([instrument], false);
    const trigger = instrument.market === "JP" ? "990" : "99.00";
    const placed = await trading.placeOrder(memberId, {
      symbol: instrument.symbol,
      side: "short",
      type: "stop",
      quantity: instrument.market === "JP" ? 100 : 1,
      leverage: 1,
      triggerPrice: trigger,
      session: "regular",
      dayTrade: false,
    });
    if (placed.replayed) throw new Error("a new stop was replayed");
    // The watch learns of a stop another process placed at its next periodic pass: wait for one.
    await periodic;
    await watch.pass();
    const fill = new Promise<void>((resolve, reject) => {
      const late = setTimeout(() => reject(new Error(`round ${round}: no fill in 10 s`)), 10_000);
      filled = () => {
        clearTimeout(late);
        resolve();
      };
    });
    // The tick comes at any moment of the periodic pass's round, as the market's would.
    await new Promise((resolve) => setTimeout(resolve, Math.random() * stopIntervalMs));
    const start = performance.now();
    publish([instrument], true);
    await fill;
    tickToFill.push(performance.now() - start);
    filled = undefined;
    publish([instrument], false);
  }
  clearInterval(timer);
  await periodic;
  await watch.stop();

  const size = (await db.execute(
    `select pg_total_relation_size('orders')::bigint as bytes, (select count(*) from orders)::bigint as n`,
  )) as unknown as { rows: { bytes: string; n: string }[] };
  const bytes = Number(size.rows[0]?.bytes);
  const rows = Number(size.rows[0]?.n);

  console.log(
    `Stop engine, ${stopCount.toLocaleString("en")} stops waiting on ${symbols.length} symbols ` +
      `(setup ${setupMs} ms; ${rounds} rounds each):`,
  );
  line("tick → fill, as the member's account hears it", tickToFill);
  console.log(
    `  goal: p99 at most ${tickToFillGoalMs} ms${" ".repeat(42)}${percentile(tickToFill, 99) <= tickToFillGoalMs ? "met" : "NOT met"}`,
  );
  line(`periodic pass (every ${stopIntervalMs} ms), nothing crossed`, idle);
  console.log(
    `  PostgreSQL per order (row and indexes)       ${(bytes / rows).toFixed(0)} bytes ` +
      `(${(bytes / 1024 / 1024).toFixed(1)} MiB for ${rows.toLocaleString("en")} orders)`,
  );
  console.log(
    `  worker's memory per waiting stop             ${(watchBytes / stopCount).toFixed(2)} bytes ` +
      `(${(watchBytes / 1024).toFixed(0)} KiB for ${symbols.length} symbols' triggers and subscriptions)`,
  );
} finally {
  clearInterval(timer);
  await periodic?.catch(() => undefined);
  await drop();
}
