import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { type Bus, createMemoryBus } from "@kabuto/bus";
import { createCatalog } from "@kabuto/feed";
import { pino } from "pino";
import { createApp } from "../app.ts";
import type { Database } from "../db/database.ts";
import type { AccountEvents } from "../events/account-events.ts";
import { LogSmsSender } from "../security/sms.ts";
import type { ThrottleStore } from "../security/throttle.ts";
import type { TradingService } from "../trading/trading.service.ts";
import { openTestDatabase, openTestThrottle, testConfig } from "./test-env.ts";

export interface TestApp {
  url: string;
  database: Database;
  bus: Bus;
  trading: TradingService;
  /** The SMS messages the API sent (the log sender's), for sign-in codes. */
  sms: LogSmsSender;
  throttle: ThrottleStore;
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
    /** The throttle store: by default Redis when REDIS_URL is set, the in-process one otherwise. */
    throttle?: "memory" | "redis";
  } = {},
): Promise<TestApp> {
  const { database, drop } = await openTestDatabase();
  const bus = createMemoryBus();
  const logger = pino({ level: "silent" });
  const sms = new LogSmsSender(logger);
  const throttle = openTestThrottle(options.throttle);
  let offsetMs = 0;
  const { app, trading } = createApp({
    config: testConfig(overrides),
    database,
    bus,
    catalog: createCatalog(),
    logger,
    now: () => (options.startMs ?? Date.now()) + offsetMs,
    accountEvents: options.accountEvents,
    throttle,
    sms,
  });
  const server: Server = createServer(app);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/api/v1`,
    database,
    bus,
    trading,
    sms,
    throttle,
    advance: (ms) => {
      offsetMs += ms;
    },
    async close() {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await throttle.close();
      await drop();
    },
  };
}

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
