import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { type Bus, createMemoryBus } from "@kabuto/bus";
import { type Catalog, createCatalog } from "@kabuto/feed";
import { bearerTransport, sessionTransportHeader } from "@kabuto/shared/api/auth";
import { type Logger, pino } from "pino";
import { createApp } from "../app.ts";
import type { Database } from "../db/database.ts";
import type { AccountEvents } from "../events/account-events.ts";
import type { StaffEvents } from "../events/staff-events.ts";
import { LogSmsSender } from "../security/sms.ts";
import type { ThrottleStore } from "../security/throttle.ts";
import type { TradingService } from "../trading/trading.service.ts";
import { openTestDatabase, openTestThrottle, testConfig } from "./test-env.ts";

export interface TestApp {
  url: string;
  database: Database;
  /** The URL the API's database serves on (undefined on PGlite). */
  databaseUrl: string | undefined;
  /** The owner's URL of the same database (undefined on PGlite, whose one user owns it all): for damage only an owner could do. */
  ownerUrl: string | undefined;
  bus: Bus;
  trading: TradingService;
  /** The SMS messages the API sent (the log sender's), for sign-in codes. */
  sms: LogSmsSender;
  throttle: ThrottleStore;
  /** The API's instrument catalog, which new listings join as the server adds them. */
  catalog: Catalog;
  /** Moves the API's clock, for throttling windows and session expiry. */
  advance(ms: number): void;
  /** The API's clock, for services a test builds beside the app (the worker's, say). */
  now(): number;
  close(): Promise<void>;
}

/** The API over a database of its own, listening on a free port. */
export async function startTestApp(
  overrides: Record<string, string> = {},
  options: {
    startMs?: number;
    /** Hears the account events the API sends after each commit, for tests that check them. */
    accountEvents?: AccountEvents;
    /** Hears the staff events (the support inbox) the API sends after each commit. */
    staffEvents?: StaffEvents;
    /** On a PostgreSQL server even when DATABASE_URL is unset (see `openTestDatabase`). */
    server?: boolean;
    /** Where the API logs; silent unless a test reads what is logged. */
    logger?: Logger;
    /** The throttle store: by default Redis when REDIS_URL is set, the in-process one otherwise. */
    throttle?: "memory" | "redis";
  } = {},
): Promise<TestApp> {
  const {
    database,
    drop,
    url: databaseUrl,
    ownerUrl,
  } = await openTestDatabase({ server: options.server ?? false });
  const bus = createMemoryBus();
  const logger = options.logger ?? pino({ level: "silent" });
  const sms = new LogSmsSender(logger);
  const throttle = openTestThrottle(options.throttle);
  let offsetMs = 0;
  const now = () => (options.startMs ?? Date.now()) + offsetMs;
  const catalog = createCatalog();
  const { app, trading, sessionsHeard } = createApp({
    config: testConfig(overrides),
    database,
    bus,
    catalog,
    logger,
    now,
    accountEvents: options.accountEvents,
    ...(options.staffEvents ? { staffEvents: options.staffEvents } : {}),
    throttle,
    sms,
    checkAnswers: true,
  });
  await sessionsHeard;
  const server: Server = createServer(app);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/api/v1`,
    database,
    databaseUrl,
    ownerUrl,
    bus,
    trading,
    sms,
    throttle,
    catalog,
    advance: (ms) => {
      offsetMs += ms;
    },
    now,
    async close() {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await throttle.close();
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
