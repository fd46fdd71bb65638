import { placeOrderSchema } from "@kabuto/shared/api/trading";
import { type SQL, sql } from "drizzle-orm";
import { drizzle } from "drizzle-orm/node-postgres";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { checkLedger, isHealthy } from "../books.ts";
import type { Db } from "../db/database.ts";
import { rowsOf } from "../db/rows.ts";
import { seedDemo } from "../seed.ts";
import { fund, registerMember, setMarket, setToyotaLevels } from "../testing/fixtures.ts";
import { call, startTestApp, type TestApp } from "../testing/test-app.ts";
import { replayFills } from "./fill-replay.ts";
import { TradingService } from "./trading.service.ts";
import { TradingWorker } from "./worker.ts";

let app: TestApp;
/** A window wide enough that orders sent together on a busy machine share a batch. */
const windowMs = 25;

beforeAll(async () => {
  app = await startTestApp({ ORDER_BATCH_MS: String(windowMs) });
  await seedDemo(app.database.db, Date.now());
});
afterAll(async () => {
  await app?.close();
});
beforeEach(() => {
  // One price, deep enough that every order fills there: 100 × 2,650 at 1× costs 265,000 and a 265 yen fee.
  setMarket(app.bus, "JP:7203", [["2650", 1e9]], [["2650", 1e9]]);
});

const buy = { symbol: "JP:7203", side: "long", type: "market", quantity: 100, leverage: 1 };
const perOrder = 265_265n;

async function ordersOf(memberIds: string[]): Promise<{ orders: number; transactions: number }> {
  const [row] = rowsOf(
    await app.database.db.execute(sql`
      select count(*)::int as orders, count(distinct xmin::text)::int as transactions from orders
      where member_id = any(${sql.param(memberIds)}::uuid[])`),
  );
  return { orders: Number(row?.orders), transactions: Number(row?.transactions) };
}

describe("market orders in batches", () => {
  it("fill the good orders of a burst together and refuse each bad one alone", async () => {
    const rich = await Promise.all([1, 2, 3].map(() => registerMember(app.url, app.database)));
    for (const member of rich) await fund(app.database, member.memberId, "JPY", perOrder * 10n);
    const poor = await registerMember(app.url, app.database);
    await fund(app.database, poor.memberId, "JPY", perOrder);
    const barred = await registerMember(app.url, app.database);
    await fund(app.database, barred.memberId, "JPY", perOrder * 10n);
    // Barred as stored, while this process still trusts the session: the batch reads the flag.
    await app.database.db.execute(
      sql`update members set trading_barred = true where id = ${barred.memberId}`,
    );

    const sent = [
      ...rich.flatMap((member) => [1, 2, 3].map(() => ({ who: "rich", auth: member.auth }))),
      ...[1, 2, 3].map(() => ({ who: "poor", auth: poor.auth })),
      { who: "barred", auth: barred.auth },
    ];
    const answers = await Promise.all(
      sent.map(async ({ who, auth }) => ({ who, ...(await call(`${app.url}/orders`, "POST", buy, auth)) })),
    );

    const of = (who: string) => answers.filter((answer) => answer.who === who);
    expect(of("rich").map((answer) => answer.status)).toEqual(Array(9).fill(201));
    expect(of("poor").filter((answer) => answer.status === 201)).toHaveLength(1);
    expect(
      of("poor")
        .filter((answer) => answer.status !== 201)
        .map((answer) => answer.body.error.code),
    ).toEqual(["INSUFFICIENT_BALANCE", "INSUFFICIENT_BALANCE"]);
    expect(of("barred").map((answer) => answer.body.error?.code)).toEqual(["TRADING_BARRED"]);
    expect(new Set(answers.map((answer) => answer.body.id).filter(Boolean)).size).toBe(10);

    const everyone = [...rich, poor, barred].map((member) => member.memberId);
    const written = await ordersOf(everyone);
    expect(written.orders).toBe(10);
    // Orders of several members shared a transaction: the burst was batched.
    expect(written.transactions).toBeLessThan(10);
    const [poorCash] = rowsOf(
      await app.database.db.execute(
        sql`select balance::text from ledger_accounts where member_id = ${poor.memberId} and purpose = 'available'`,
      ),
    );
    expect(poorCash?.balance).toBe("0");
    expect(isHealthy(await checkLedger(app.database.db))).toBe(true);
  });

  it("fill orders on two names sent at once each at its own name's book", async () => {
    // The orders that arrive together read their books from the bus in one read: each must still
    // walk the book of the name it named.
    setMarket(app.bus, "JP:6758", [["3000", 1e9]], [["3000", 1e9]]);
    const member = await registerMember(app.url, app.database);
    await fund(app.database, member.memberId, "JPY", 10_000_000n);
    const sony = { ...buy, symbol: "JP:6758" };
    const answers = await Promise.all(
      [buy, sony, buy, sony].map((order) => call(`${app.url}/orders`, "POST", order, member.auth)),
    );
    expect(answers.map((answer) => [answer.status, answer.body.symbol, answer.body.fillPrice])).toEqual([
      [201, "JP:7203", "2650"],
      [201, "JP:6758", "3000"],
      [201, "JP:7203", "2650"],
      [201, "JP:6758", "3000"],
    ]);
  });

  it("answer the same key sent twice in one window with one order", async () => {
    const { auth, memberId } = await registerMember(app.url, app.database);
    await fund(app.database, memberId, "JPY", perOrder * 10n);
    const keyed = { ...auth, "idempotency-key": "twice-in-one-batch" };
    const answers = await Promise.all([
      call(`${app.url}/orders`, "POST", buy, keyed),
      call(`${app.url}/orders`, "POST", buy, keyed),
      call(`${app.url}/orders`, "POST", buy, auth),
    ]);
    expect(answers.map((answer) => answer.status)).toEqual([201, 201, 201]);
    expect(answers[1]?.body.id).toBe(answers[0]?.body.id);
    expect(answers[2]?.body.id).not.toBe(answers[0]?.body.id);
    expect((await ordersOf([memberId])).orders).toBe(2);
    expect(isHealthy(await checkLedger(app.database.db))).toBe(true);
  });

  it("write each order of a batch that fails as a whole once more alone, and only once", async () => {
    // The batch's transaction writes everything, then a statement fails and it all rolls back.
    let failed = 0;
    const db = app.database.db;
    const failing = new Proxy(db, {
      get(target, property) {
        if (property !== "transaction") return Reflect.get(target, property);
        return (work: Parameters<Db["transaction"]>[0]) =>
          target.transaction(async (tx) => {
            const result = await work(tx);
            failed += 1;
            await tx.execute(sql`select 1 / 0`);
            return result;
          });
      },
    });
    const trading = new TradingService({
      db: failing,
      catalog: app.catalog,
      bus: app.bus,
      alwaysOpen: true,
      now: app.now,
      batch: { windowMs, max: 32 },
    });
    const members = await Promise.all([1, 2, 3].map(() => registerMember(app.url, app.database)));
    for (const member of members) await fund(app.database, member.memberId, "JPY", perOrder * 2n);
    const order = placeOrderSchema.parse(buy);
    const placed = await Promise.all(
      members.map((member, index) =>
        trading.placeOrder(
          member.memberId,
          order,
          // One keyed, the others not: neither kind is written twice.
          index === 0 ? { key: "failed-batch", hash: "h", status: 201 } : undefined,
        ),
      ),
    );
    expect(failed).toBeGreaterThan(0);
    expect(placed.map((result) => result.replayed)).toEqual([false, false, false]);
    const written = await ordersOf(members.map((member) => member.memberId));
    expect(written).toEqual({ orders: 3, transactions: 3 });
    expect(isHealthy(await checkLedger(app.database.db))).toBe(true);
  });
});

describe("what a batch writes names what exists", () => {
  /** Drizzle wraps the database's error; the reason is in its cause. */
  async function refusal(promise: Promise<unknown>): Promise<string> {
    try {
      await promise;
    } catch (error) {
      const cause = (error as { cause?: { message?: string } }).cause;
      return cause?.message ?? String(error);
    }
    return "not refused";
  }
  async function counts(): Promise<number[]> {
    const [row] = rowsOf(
      await app.database.db.execute(sql`
        select (select count(*) from orders)::int as orders, (select count(*) from positions)::int as positions,
          (select count(*) from idempotency_keys)::int as keys, (select count(*) from fill_books)::int as fills`),
    );
    return [Number(row?.orders), Number(row?.positions), Number(row?.keys), Number(row?.fills)];
  }

  it("refuse an order, position, stored answer or fill book of a member, order or position that does not exist, alone or beside good ones", async () => {
    const member = await registerMember(app.url, app.database);
    await fund(app.database, member.memberId, "JPY", perOrder * 2n);
    const placed = await call(`${app.url}/orders`, "POST", buy, {
      ...member.auth,
      "idempotency-key": "names-what-exists",
    });
    expect(placed.status).toBe(201);
    const before = await counts();
    // Copies of the member's rows: each set of orders, positions or keys with the member as it is
    // and one that does not exist, and fill books naming an order or a position that does not.
    const members = sql`(values (${member.memberId}::uuid), (gen_random_uuid())) as v(m)`;
    const copies: [string, SQL][] = [
      [
        "insert into orders refused: member .* does not exist",
        sql`insert into orders select (jsonb_populate_record(null::orders, to_jsonb(o)
              || jsonb_build_object('id', nextval('orders_id_seq'), 'member_id', v.m))).*
            from orders o, ${members} where o.id = ${placed.body.id}`,
      ],
      [
        "insert into positions refused: member .* does not exist",
        sql`insert into positions select (jsonb_populate_record(null::positions, to_jsonb(p)
              || jsonb_build_object('id', nextval('positions_id_seq'), 'member_id', v.m))).*
            from positions p, ${members} where p.id = ${placed.body.positionId}`,
      ],
      [
        "insert into idempotency_keys refused: member .* does not exist",
        sql`insert into idempotency_keys select (jsonb_populate_record(null::idempotency_keys, to_jsonb(k)
              || jsonb_build_object('key', gen_random_uuid()::text, 'member_id', v.m))).*
            from idempotency_keys k, ${members} where k.member_id = ${member.memberId}`,
      ],
      [
        "fill book refused: order .* does not exist",
        sql`insert into fill_books select (jsonb_populate_record(null::fill_books, to_jsonb(f)
              || jsonb_build_object('kind', 'close', 'order_id', -1))).*
            from fill_books f where f.position_id = ${placed.body.positionId}`,
      ],
      [
        "fill book refused: position .* does not exist",
        sql`insert into fill_books select (jsonb_populate_record(null::fill_books, to_jsonb(f)
              || jsonb_build_object('position_id', -1))).*
            from fill_books f where f.position_id = ${placed.body.positionId}`,
      ],
    ];
    for (const [reason, statement] of copies)
      expect(await refusal(app.database.db.execute(statement))).toMatch(new RegExp(reason));
    expect(await counts()).toEqual(before);

    // Not even the owner may take away or renumber what a fill book names, or move a row to
    // another member.
    const damage = [
      sql`delete from orders where id = ${placed.body.id}`,
      sql`update orders set id = -${placed.body.id}::bigint where id = ${placed.body.id}`,
      sql`delete from positions where id = ${placed.body.positionId}`,
      sql`update positions set id = -${placed.body.positionId}::bigint where id = ${placed.body.positionId}`,
      sql`truncate orders cascade`,
      sql`truncate positions cascade`,
      sql`update orders set member_id = (select id from members where id <> ${member.memberId} limit 1) where id = ${placed.body.id}`,
      sql`update fill_books set order_id = null where position_id = ${placed.body.positionId}`,
      sql`update idempotency_keys set member_id = gen_random_uuid() where member_id = ${member.memberId}`,
    ];
    for (const statement of damage) expect(await refusal(asOwner(statement))).toMatch(/refused/);
    expect(await counts()).toEqual(before);
    expect(isHealthy(await checkLedger(app.database.db))).toBe(true);
  });
});

describe("a day's fills replayed from the books they stored", () => {
  it("walk every fill again to what was recorded, and name a fill whose stored book was changed", async () => {
    // Three levels, so the fills walk more than one.
    setToyotaLevels(app.bus);
    const members = await Promise.all([1, 2, 3].map(() => registerMember(app.url, app.database)));
    for (const member of members) await fund(app.database, member.memberId, "JPY", 10_000_000n);
    // A burst that shares a batch, each walking the asks for its own quantity.
    const burst = await Promise.all(
      members.map((member, n) =>
        call(`${app.url}/orders`, "POST", { ...buy, quantity: 200 + 200 * n }, member.auth),
      ),
    );
    expect(burst.map((answer) => answer.status)).toEqual([201, 201, 201]);
    // A close at market hits the bids; a resting limit fills by the worker once the ask reaches it.
    const [first, second] = members as [(typeof members)[0], (typeof members)[0]];
    const closed = await call(
      `${app.url}/positions/${burst[0]?.body.positionId}/close`,
      "POST",
      {},
      first.auth,
    );
    expect(closed.status).toBe(200);
    const limit = await call(
      `${app.url}/orders`,
      "POST",
      { ...buy, type: "limit", price: "2600", quantity: 100 },
      second.auth,
    );
    setMarket(app.bus, "JP:7203", [["2599", 500]], [["2599.5", 300]]);
    await new TradingWorker({ db: app.database.db, trading: app.trading, alwaysOpen: true }).pass();
    const filled = await call(`${app.url}/orders`, "GET", undefined, second.auth);
    expect(filled.body.items.find((order: { id: string }) => order.id === limit.body.id)).toMatchObject({
      status: "filled",
      fillPrice: "2599.5",
    });

    const date = new Intl.DateTimeFormat("en-CA", { timeZone: "Asia/Tokyo" }).format(app.now());
    const clean = await replayFills(app.database.db, { date, market: "JP" });
    expect(clean.differences).toEqual([]);
    // The file's orders before this one, the burst, the close and the limit: all from a book.
    expect(clean.checked).toBeGreaterThanOrEqual(5);
    expect(clean.offBook).toBe(0);

    // The app may add a fill's record, never change it.
    if (app.ownerUrl) {
      await expect(app.database.db.execute(sql`update fill_books set price = '1'`)).rejects.toThrow();
    }
    // As the owner, the best ask the second order of the burst walked is made cheaper.
    const tampered = burst[1]?.body.id as string;
    await asOwner(
      sql`update fill_books set seen = jsonb_set(seen, '{0,price}', '"2640.5"') where order_id = ${tampered}`,
    );
    const found = await replayFills(app.database.db, { date, market: "JP" });
    expect(new Set(found.differences.map((difference) => difference.orderId))).toEqual(new Set([tampered]));
    expect(found.differences.find((difference) => difference.what === "order price")).toMatchObject({
      // 400 shares: 200 at 2,650.5 and 200 at 2,651 as filled; 200 at 2,640.5 in the changed book.
      recorded: "2650.75",
      replayed: "2645.75",
    });
    // The ledger check counts it among fills of all time that do not replay.
    const report = await checkLedger(app.database.db);
    expect(report.checks.find((check) => check.name === "fillsNotReplaying")?.count).toBe(1);
  });
});

/** Runs a statement as the database's owner: damage the app role cannot do. */
async function asOwner(statement: SQL): Promise<void> {
  if (!app.ownerUrl) {
    await app.database.db.execute(statement);
    return;
  }
  const owner = drizzle(app.ownerUrl);
  try {
    await owner.execute(statement);
  } finally {
    await owner.$client.end();
  }
}
