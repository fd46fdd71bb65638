import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { type Bus, createMemoryBus } from "@kabuto/bus";
import { createCatalog } from "@kabuto/feed";
import { bearerTransport, sessionTransportHeader } from "@kabuto/shared";
import { type Logger, pino } from "pino";
import { createApp } from "../app.ts";
import type { Database } from "../db/database.ts";
import type { AccountEvents } from "../events/account-events.ts";
import type { TradingService } from "../trading/trading.service.ts";
import { openTestDatabase, testConfig } from "./test-env.ts";

export interface TestApp {
  url: string;
  database: Database;
  bus: Bus;
  trading: TradingService;
  /** Moves the API's clock, for throttling windows and session expiry. */
  advance(ms: number): void;
  close(): Promise<void>;
}

/** The API over a database of its own, listening on a free port. */
export async function startTestApp(
  overrides: Record<string, string> = {},
  options: {
    startMs?: number;
    /** Hears the account events the API sends after each commit, for tests that check them. */
    accountEvents?: AccountEvents;
    /** Where the API logs; silent unless a test reads what is logged. */
    logger?: Logger;
  } = {},
): Promise<TestApp> {
  const { database, drop } = await openTestDatabase();
  const bus = createMemoryBus();
  let offsetMs = 0;
  const { app, trading } = createApp({
    config: testConfig(overrides),
    database,
    bus,
    catalog: createCatalog(),
    logger: options.logger ?? pino({ level: "silent" }),
    now: () => (options.startMs ?? Date.now()) + offsetMs,
    accountEvents: options.accountEvents,
  });
  const server: Server = createServer(app);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/api/v1`,
    database,
    bus,
    trading,
    advance: (ms) => {
      offsetMs += ms;
    },
    async close() {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await drop();
    },
  };
}

/** Sign in for a bearer token, as a native wrapper does: the answer carries the token, no cookie is set. */
export const bearerSignIn = { [sessionTransportHeader]: bearerTransport };

export async function call(
  url: string,
  method: string,
  body?: unknown,
  headers: Record<string, string> = {},
  // biome-ignore lint/suspicious/noExplicitAny: tests read arbitrary response bodies and assert on them.
): Promise<{ status: number; body: any; headers: Headers }> {
  const response = await fetch(url, {
    method,
    headers: { "content-type": "application/json", ...headers },
    ...(body === undefined ? {} : { body: typeof body === "string" ? body : JSON.stringify(body) }),
  });
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : undefined, headers: response.headers };
}
