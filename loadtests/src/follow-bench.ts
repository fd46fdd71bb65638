// `npm run bench` (follow part): how long one lead's new position takes to reach every follower
// as a mirrored position, through the worker's mirroring pass against real PostgreSQL; then what
// one stop-check pass over those copies costs, and how long the lead's close takes to close every
// mirror. BENCH_FOLLOWERS="1000,10000" sets the sizes (default both); BENCH_ROUNDS the rounds per
// size (default 3: open, stop check, close), printed as median and spread; FOLLOW_MIRROR_CHUNK the
// worker's copies per transaction (default the product's). Beside them, the bare
// baseline of the same run: PostgreSQL inserting as many plain rows as the mirrors write, in one
// statement, into a table with no index or trigger, the floor no way of writing them can beat.
// Setup writes members and their deposits directly (a benchmark's fixtures, not product data);
// copies start through the follow service and the lead's orders go through the order service, as
// in production. Prints; asserts nothing.

import { randomBytes } from "node:crypto";
import {
  createApp,
  houseAccount,
  LogSmsSender,
  MemoryThrottleStore,
  memberAccount,
  postJournal,
} from "@kabuto/api";
import { openTestDatabase, testConfig } from "@kabuto/api/testing";
import { createMemoryBus } from "@kabuto/bus";
import { createCatalog } from "@kabuto/feed";
import { makeSymbol } from "@kabuto/shared/symbols";
import pg from "pg";
import { pino } from "pino";

const toyota = makeSymbol("JP", "7203");
const sizes = (process.env.BENCH_FOLLOWERS ?? "1000,10000").split(",").map(Number);
const rounds = Number(process.env.BENCH_ROUNDS ?? 3);
/** FOLLOW_MIRROR_CHUNK for the worker, where set: copies per transaction. */
const chunk = process.env.FOLLOW_MIRROR_CHUNK;
/** The issue's goals: a lead's fill reaches this many followers within this many milliseconds. */
const goalMs = new Map([
  [1_000, 500],
  [10_000, 3_000],
]);
/** Rows one mirror writes: its mirrors row, order, position, three journals, six entries, three links. */
const rowsPerMirror = 15;
/** Copies started at once during setup. */
const setupLanes = 4;
process.env.DATABASE_URL ??= "postgres://postgres@127.0.0.1:5432/postgres";

for (const followers of sizes) {
  const { database, drop, ownerUrl } = await openTestDatabase({ server: true });
  try {
    const bus = createMemoryBus();
    const logger = pino({ level: "silent" });
    const { trading, follow } = createApp({
      config: testConfig(chunk ? { FOLLOW_MIRROR_CHUNK: chunk } : {}),
      database,
      bus,
      catalog: createCatalog(),
      logger,
      throttle: new MemoryThrottleStore(),
      sms: new LogSmsSender(logger),
    });
    const db = database.db;
    const tag = randomBytes(3).toString("hex");
    const member = async (n: number, yen: bigint): Promise<string> => {
      const rows = (await db.execute(
        `insert into members (account, password_hash, invite_code, verification, created_at_ms)
         values ('b${tag}${n}', 'x', 'B${tag}${n}', 'verified', ${Date.now()}) returning id`,
      )) as unknown as { rows: { id: string }[] };
      const id = rows.rows[0]?.id as string;
      await db.transaction((tx) =>
        postJournal(
          tx,
          {
            kind: "deposit",
            memberId: id,
            ref: "bench:deposit",
            memo: null,
            description: null,
            postings: [
              { account: houseAccount("clearing", "JPY"), amount: -yen },
              { account: memberAccount(id, "available", "JPY"), amount: yen },
            ],
          },
          Date.now(),
        ),
      );
      return id;
    };
    const lead = await member(0, 100_000_000n);
    await db.execute(
      `insert into lead_traders (member_id, nickname, avatar, bio, currency, status, applied_at_ms)
       values ('${lead}', 'Bench ${tag}', 'owl', '', 'JPY', 'approved', ${Date.now()})`,
    );
    const setupStart = Date.now();
    let next = 1;
    await Promise.all(
      Array.from({ length: setupLanes }, async () => {
        while (next <= followers) {
          const n = next;
          next += 1;
          const id = await member(n, 2_000_000n);
          await follow.startCopy(id, {
            leadId: lead,
            amount: "1000000",
            periodDays: 30,
            stopLossPct: 40,
            riskAccepted: true,
          });
        }
      }),
    );
    const setupMs = Date.now() - setupStart;
    const publishBook = () =>
      bus.publish([
        {
          topic: "book:JP:7203",
          epoch: "bench",
          seq: Date.now(),
          ts: Date.now(),
          data: {
            symbol: toyota,
            bids: [{ price: "2650", size: 100_000_000 }],
            asks: [{ price: "2651", size: 100_000_000 }],
          },
        },
      ]);
    /** Worker passes until `done` says every follower is reached or a pass finds nothing. */
    const passUntil = async (
      done: (pass: { mirrored: number; skipped: number; closed: number }) => boolean,
    ) => {
      for (;;) {
        const pass = await follow.mirror();
        if (done(pass) || pass.mirrored + pass.skipped + pass.closed === 0) return;
      }
    };
    const opens: number[] = [];
    const stops: number[] = [];
    const closes: number[] = [];
    let reached = 0;
    for (let round = 0; round < rounds; round += 1) {
      publishBook();
      const started = Date.now();
      const placed = await trading.placeOrder(lead, {
        symbol: toyota,
        side: "long",
        type: "market",
        quantity: 10_000,
        leverage: 1,
        session: "regular",
        dayTrade: false,
      });
      let mirrored = 0;
      await passUntil((pass) => {
        mirrored += pass.mirrored;
        return mirrored >= followers;
      });
      opens.push(Date.now() - started);
      reached = mirrored;
      const checked = Date.now();
      await follow.checkStops();
      stops.push(Date.now() - checked);
      const closing = Date.now();
      if (placed.replayed) throw new Error("an unkeyed order was replayed");
      await trading.closePosition(lead, placed.value.positionId ?? "");
      let closed = 0;
      await passUntil((pass) => {
        closed += pass.closed;
        return closed >= mirrored;
      });
      closes.push(Date.now() - closing);
    }
    // The bare baseline: as many rows as the mirrors wrote, in one plain statement (the table is
    // the owner's: the app role may not create one).
    const owner = new pg.Client({ connectionString: ownerUrl });
    await owner.connect();
    await owner.query("create table bench_bare (id bigserial, a bigint, b text)");
    const bare: number[] = [];
    for (let round = 0; round < rounds; round += 1) {
      const bareStart = Date.now();
      await owner.query(
        `insert into bench_bare (a, b) select n, 'row ' || n from generate_series(1, ${followers * rowsPerMirror}) n`,
      );
      bare.push(Date.now() - bareStart);
    }
    await owner.end();
    const goal = goalMs.get(followers);
    console.log(
      `  ${followers.toLocaleString("en")} followers, ${rounds} rounds, ${chunk ?? "default"} copies a set (setup ${setupMs} ms):`,
    );
    console.log(
      `    open reached ${reached} followers ${spread(opens)}` +
        `${goal === undefined ? "" : ` (goal ≤ ${goal} ms)`}, ${rate(followers, opens)} mirrors/s`,
    );
    console.log(`    stop check over ${followers} copies ${spread(stops)} (runs every 3,000 ms)`);
    console.log(`    close reached every mirror ${spread(closes)}`);
    console.log(
      `    bare: ${(followers * rowsPerMirror).toLocaleString("en")} plain rows in one statement ${spread(bare)}`,
    );
  } finally {
    await drop();
  }
}

/** Median and range of a set of timings. */
function spread(ms: readonly number[]): string {
  const sorted = [...ms].sort((a, b) => a - b);
  const median = sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
  return `median ${median} ms (${sorted[0]}–${sorted.at(-1)} ms)`;
}

function rate(count: number, ms: readonly number[]): string {
  const sorted = [...ms].sort((a, b) => a - b);
  return ((count / (sorted[Math.floor(sorted.length / 2)] ?? Number.NaN)) * 1000).toFixed(0);
}
