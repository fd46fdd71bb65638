// `npm run bench` (follow part): how long one lead's new position takes to reach every follower
// as a mirrored position, through the worker's mirroring pass against real PostgreSQL.
// BENCH_FOLLOWERS="1000,10000" sets the sizes (default 1000). Setup writes members and their
// deposits directly (a benchmark's fixtures, not product data); copies start through the
// follow service and the lead's order goes through the order service, as in production.

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
import { pino } from "pino";

const toyota = makeSymbol("JP", "7203");
const sizes = (process.env.BENCH_FOLLOWERS ?? "1000").split(",").map(Number);
process.env.DATABASE_URL ??= "postgres://postgres@127.0.0.1:5432/postgres";

for (const followers of sizes) {
  const { database, drop } = await openTestDatabase({ server: true });
  try {
    const bus = createMemoryBus();
    const logger = pino({ level: "silent" });
    const { trading, follow } = createApp({
      config: testConfig(),
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
    for (let n = 1; n <= followers; n += 1) {
      const id = await member(n, 2_000_000n);
      await follow.startCopy(id, {
        leadId: lead,
        amount: "1000000",
        periodDays: 30,
        stopLossPct: 40,
        riskAccepted: true,
      });
    }
    const setupMs = Date.now() - setupStart;
    bus.publish([
      {
        topic: "book:JP:7203",
        epoch: "bench",
        seq: 1,
        ts: Date.now(),
        data: {
          symbol: toyota,
          bids: [{ price: "2650", size: 100_000_000 }],
          asks: [{ price: "2651", size: 100_000_000 }],
        },
      },
    ]);
    const started = Date.now();
    await trading.placeOrder(lead, {
      symbol: toyota,
      side: "long",
      type: "market",
      quantity: 10_000,
      leverage: 1,
      session: "regular",
      dayTrade: false,
    });
    let mirrored = 0;
    while (mirrored < followers) {
      const pass = await follow.mirror();
      if (pass.mirrored + pass.skipped === 0) break;
      mirrored += pass.mirrored;
    }
    const ms = Date.now() - started;
    console.log(
      `  one lead's open reached ${String(mirrored).padStart(6)} followers in ${String(ms).padStart(6)} ms ` +
        `(${((mirrored / ms) * 1000).toFixed(0)} mirrors/s; setup ${setupMs} ms)`,
    );
  } finally {
    await drop();
  }
}
