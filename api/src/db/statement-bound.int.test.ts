import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openTestDatabase } from "../testing/test-env.ts";
import { type Database, openDatabase, patiently } from "./database.ts";
import { rowsOf } from "./rows.ts";
import { isDatabaseUnavailable } from "./unavailable.ts";

/**
 * The bound on a PostgreSQL statement (`DATABASE_TIMEOUT_MS` in a process): a statement that
 * gets no answer in time fails as "unavailable" (answered 503), and its connection is destroyed,
 * never handed to the next query; inside a transaction nothing commits. A slow statement stands
 * in for a silent network here: the client cannot tell them apart, which is the point. Always on
 * a PostgreSQL server (the bound is node-postgres's; PGlite has no network).
 */
let opened: Awaited<ReturnType<typeof openTestDatabase>>;
let bounded: Database;
/** Short, so the test is quick; the product's default is five seconds. */
const boundMs = 300;

beforeAll(async () => {
  // As the owner: the probe table is the test's own, which the app role could not make.
  opened = await openTestDatabase({ server: true, asOwner: true });
  bounded = await openDatabase({ url: opened.url, migrate: false, timeoutMs: boundMs });
  await bounded.db.execute(sql`create table bound_probe (n int)`);
});

afterAll(async () => {
  await bounded?.close();
  await opened?.drop();
});

const backend = async () =>
  Number(rowsOf(await bounded.db.execute(sql`select pg_backend_pid() as pid`))[0]?.pid);

describe("a statement past the bound", () => {
  it("fails as unavailable in time, and its connection is never used again", async () => {
    const before = await backend();
    const startedMs = Date.now();
    const error = await bounded.db.execute(sql`select pg_sleep(1)`).then(
      () => undefined,
      (caught: unknown) => caught,
    );
    expect(Date.now() - startedMs).toBeLessThan(1_500);
    expect(isDatabaseUnavailable(error)).toBe(true);
    // The pool holds one idle connection at most here: the next query gets a new one.
    const after = await backend();
    expect(after).not.toBe(before);
  });

  it("inside a transaction fails in time and commits nothing", async () => {
    const startedMs = Date.now();
    const error = await bounded.db
      .transaction(async (tx) => {
        await tx.execute(sql`insert into bound_probe values (1)`);
        await tx.execute(sql`select pg_sleep(1)`);
      })
      .then(
        () => undefined,
        (caught: unknown) => caught,
      );
    // The ROLLBACK after it fails at once on the destroyed connection instead of queueing behind it.
    expect(Date.now() - startedMs).toBeLessThan(1_500);
    expect(isDatabaseUnavailable(error)).toBe(true);
    // The server rolls the transaction back when it finds its connection gone (after the sleep):
    // once that session has ended, its insert is still nowhere.
    await expect
      .poll(async () => {
        const [open] = rowsOf(
          await opened.database.db.execute(sql`
            select count(*)::int as n from pg_stat_activity
            where datname = current_database() and query like 'select pg_sleep(1)%'`),
        );
        return open?.n;
      })
      .toBe(0);
    const [probe] = rowsOf(await opened.database.db.execute(sql`select count(*)::int as n from bound_probe`));
    expect(probe).toEqual({ n: 0 });
  });

  it("asks the server to end a transaction its client left idle, freeing its locks", async () => {
    const [setting] = rowsOf(await bounded.db.execute(sql`show idle_in_transaction_session_timeout`));
    expect(setting).toEqual({ idle_in_transaction_session_timeout: "30s" });
  });

  it("runs to the end under `patiently`", async () => {
    const result = await patiently(5_000, () => bounded.db.execute(sql`select pg_sleep(0.6), 1 as one`));
    expect(rowsOf(result)[0]?.one).toBe(1);
  });
});
