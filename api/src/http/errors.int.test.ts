import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { Writable } from "node:stream";
import { sql } from "drizzle-orm";
import express from "express";
import { pino } from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../db/database.ts";
import { logOptions } from "../logging.ts";
import { openTestDatabase } from "../testing/test-env.ts";
import { errorHandler } from "./errors.ts";

let database: Database;
let drop: () => Promise<void>;
let url = "";
let log = "";
let close: () => Promise<void>;

/** A value that would be a member's document number, were it stored: it must reach no log. */
const secret = "id-number-424242";

beforeAll(async () => {
  ({ database, drop } = await openTestDatabase());
  const sink = new Writable({
    write(chunk, _encoding, done) {
      log += String(chunk);
      done();
    },
  });
  const app = express();
  // Routes that hand PostgreSQL what no schema stopped: the net under the schemas.
  app.get("/nul", async () => {
    await database.db.execute(sql`select ${`${secret}\u0000`}::text`);
  });
  app.get("/surrogate", async () => {
    await database.db.execute(sql`select ${JSON.stringify({ name: `${secret}\uD800` })}::jsonb`);
  });
  app.use(errorHandler(pino({ ...logOptions(), level: "info" }, sink)));
  const server = createServer(app);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  close = () => new Promise((resolve) => server.close(() => resolve()));
});
afterAll(async () => {
  await close?.();
  await drop?.();
});

describe("text PostgreSQL refuses", () => {
  it.each(["nul", "surrogate"])(
    "(%s) is the caller's 400 INVALID_TEXT, logged without the value",
    async (path) => {
      const response = await fetch(`${url}/${path}`);
      expect(response.status).toBe(400);
      expect(((await response.json()) as { error: { code: string } }).error.code).toBe("INVALID_TEXT");
      expect(log).toContain("database refused text");
      expect(log).not.toContain(secret);
    },
  );
});
