import { placeOrderSchema } from "@kabuto/shared/api/trading";
import { sql } from "drizzle-orm";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { checkLedger } from "../books.ts";
import { seedDemo } from "../seed.ts";
import { fund, registerMember, setMarket } from "../testing/fixtures.ts";
import { startTestApp, type TestApp } from "../testing/test-app.ts";
import { validate } from "../validate.ts";
import { TradingWorker } from "./worker.ts";

/**
 * Random sequences of deposits, orders, fills, closes, cancels, added margin, price moves and
 * margin calls against the real database: whatever happens, the ledger has no drift, every
 * journal balances, and each member's money equals what came in plus realised results less
 * the charges of open positions; a loss past their money shows only as a deficit.
 */
let app: TestApp;
let worker: TradingWorker;
const members: { memberId: string; deposited: Map<string, bigint> }[] = [];

beforeAll(async () => {
  app = await startTestApp();
  await seedDemo(app.database.db, Date.now());
  worker = new TradingWorker({ db: app.database.db, trading: app.trading, alwaysOpen: true });
  for (let index = 0; index < 3; index += 1) {
    const { memberId } = await registerMember(app.url, app.database);
    members.push({ memberId, deposited: new Map() });
  }
}, 60_000);
afterAll(async () => {
  await app?.close();
});

const symbols = ["JP:7203", "US:AAPL"] as const;
const price = (symbol: string, level: number) =>
  symbol === "JP:7203" ? String(1_000 + level * 50) : (level * 5).toFixed(2);

function moveMarket(symbol: string, level: number): void {
  const bid = price(symbol, level);
  const ask = price(symbol, level + 0.02);
  setMarket(app.bus, symbol, [[bid, 2_000]], [[ask, 2_000]]);
}

const command = fc.oneof(
  fc.record({
    kind: fc.constant("deposit" as const),
    member: fc.nat(2),
    jpy: fc.boolean(),
    amount: fc.integer({ min: 1, max: 3_000_000 }),
  }),
  fc.record({
    kind: fc.constant("order" as const),
    member: fc.nat(2),
    symbol: fc.constantFrom(...symbols),
    side: fc.constantFrom("long", "short"),
    type: fc.constantFrom("market", "market", "limit"),
    lots: fc.integer({ min: 1, max: 8 }),
    leverage: fc.integer({ min: 1, max: 3 }),
    offset: fc.integer({ min: -3, max: 3 }),
  }),
  fc.record({
    kind: fc.constant("move" as const),
    symbol: fc.constantFrom(...symbols),
    level: fc.integer({ min: 8, max: 40 }),
  }),
  fc.record({ kind: fc.constant("close" as const), member: fc.nat(2), pick: fc.nat(20) }),
  fc.record({ kind: fc.constant("cancel" as const), member: fc.nat(2), pick: fc.nat(20) }),
  fc.record({
    kind: fc.constant("margin" as const),
    member: fc.nat(2),
    pick: fc.nat(20),
    amount: fc.integer({ min: 1, max: 200_000 }),
  }),
  fc.record({ kind: fc.constant("worker" as const) }),
);
type Command = typeof command extends fc.Arbitrary<infer T> ? T : never;

type Row = Record<string, unknown>;
async function rows(query: ReturnType<typeof sql>): Promise<Row[]> {
  return ((await app.database.db.execute(query)) as unknown as { rows: Row[] }).rows;
}

async function run(step: Command): Promise<void> {
  const refused = () => undefined;
  if (step.kind === "move") return moveMarket(step.symbol, step.level);
  if (step.kind === "worker") {
    await worker.pass();
    return;
  }
  const member = members[step.member] as (typeof members)[number];
  if (step.kind === "deposit") {
    const currency = step.jpy ? "JPY" : "USD";
    await fund(app.database, member.memberId, currency, BigInt(step.amount));
    member.deposited.set(currency, (member.deposited.get(currency) ?? 0n) + BigInt(step.amount));
    return;
  }
  if (step.kind === "order") {
    const [quote] = await app.bus.snapshots([`book:${step.symbol}`]);
    const bid = Number((quote?.data as { bids: { price: string }[] } | undefined)?.bids[0]?.price ?? 0);
    const tick = step.symbol === "JP:7203" ? 1 : 0.01;
    const limit =
      step.symbol === "JP:7203"
        ? String(bid + step.offset * 10 * tick)
        : (bid + step.offset * tick).toFixed(2);
    await Promise.resolve()
      .then(() =>
        app.trading.placeOrder(
          member.memberId,
          validate(placeOrderSchema, {
            symbol: step.symbol,
            side: step.side,
            type: step.type,
            quantity: step.lots * (step.symbol === "JP:7203" ? 100 : 1),
            leverage: step.leverage,
            ...(step.type === "limit" ? { price: limit } : {}),
          }),
        ),
      )
      .catch(refused);
    return;
  }
  if (step.kind === "close" || step.kind === "margin") {
    const holding = await rows(
      sql`select id from positions where member_id = ${member.memberId} and status = 'holding' order by id`,
    );
    const target = holding[step.pick % Math.max(holding.length, 1)];
    if (!target) return;
    if (step.kind === "close")
      await app.trading.closePosition(member.memberId, String(target.id)).catch(refused);
    else await app.trading.addMargin(member.memberId, String(target.id), BigInt(step.amount)).catch(refused);
    return;
  }
  const pending = await rows(
    sql`select id from orders where member_id = ${member.memberId} and status = 'pending' order by id`,
  );
  const target = pending[step.pick % Math.max(pending.length, 1)];
  if (target) await app.trading.cancelOrder(member.memberId, String(target.id)).catch(refused);
}

async function assertInvariants(): Promise<void> {
  const report = await checkLedger(app.database.db);
  expect(report.drifted).toEqual([]);
  expect(report.unbalanced).toEqual([]);
  for (const member of members) {
    const money = await rows(sql`
      select currency, sum(balance)::text as total,
        min(case when purpose in ('available', 'held', 'margin') then balance end)::text as lowest
      from ledger_accounts where member_id = ${member.memberId} group by currency`);
    const results = await rows(sql`
      select currency,
        coalesce(sum(case when status = 'closed' then realized_minor else -open_fee_minor end), 0)::text as net
      from positions where member_id = ${member.memberId} group by currency`);
    for (const row of money) {
      const currency = String(row.currency);
      const net = BigInt(String(results.find((result) => result.currency === currency)?.net ?? "0"));
      expect(BigInt(String(row.total))).toBe((member.deposited.get(currency) ?? 0n) + net);
      expect(BigInt(String(row.lowest ?? "0"))).toBeGreaterThanOrEqual(0n);
    }
  }
}

describe("the ledger under random trading", () => {
  it("keeps every invariant through any sequence of operations", async () => {
    moveMarket("JP:7203", 20);
    moveMarket("US:AAPL", 20);
    await fc.assert(
      fc.asyncProperty(fc.array(command, { minLength: 5, maxLength: 30 }), async (steps) => {
        for (const step of steps) await run(step);
        await assertInvariants();
      }),
      { numRuns: 50, seed: Number(process.env.PROPERTY_SEED ?? 20261122) },
    );
    // The sequences must have exercised the ledger, not just been refused.
    const kinds = await rows(sql`select kind, count(*)::int as n from journals group by kind`);
    const seen = Object.fromEntries(kinds.map((row) => [String(row.kind), Number(row.n)]));
    console.log("journals written by the random sequences:", seen);
    for (const kind of ["deposit", "open", "close", "order_hold", "order_release", "margin_add"]) {
      expect(seen[kind] ?? 0).toBeGreaterThan(0);
    }
  }, 300_000);
});
