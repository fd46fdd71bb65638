import { createServer, type Server as HttpServer } from "node:http";
import type { AddressInfo } from "node:net";
import { type Catalog, createCatalog, Feed } from "@kabuto/feed";
import {
  attachGateway,
  type Bus,
  createMemoryBus,
  createRedisBus,
  sessionsEndedTopic,
} from "@kabuto/gateway";
import type { ClientToServerEvents, ServerToClientEvents } from "@kabuto/shared";
import express from "express";
import { createProxyMiddleware } from "http-proxy-middleware";
import { type Logger, pino } from "pino";
import { Server as SocketServer } from "socket.io";
import { createApp, serveClient } from "./app.ts";
import { hashToken, resolveSession, tokenFromHandshake } from "./auth/sessions.ts";
import type { Config } from "./config.ts";
import { type Database, openDatabase } from "./db/database.ts";
import { createAccountPublisher } from "./events/account-events.ts";
import { CandlesRepo } from "./market/candles.repo.ts";
import { createMetrics } from "./metrics.ts";
import { demoAdmin, demoAdminUsable, seedDemo, seedDemoStaff } from "./seed.ts";
import { termsFromConfig } from "./trading/rules.ts";
import { TradingService } from "./trading/trading.service.ts";
import { TradingWorker } from "./trading/worker.ts";

export type Role = "api" | "worker" | "feed" | "gateway" | "client";

export interface Platform {
  url: string;
  port: number;
  logger: Logger;
  database?: Database;
  bus?: Bus;
  feed?: Feed;
  catalog: Catalog;
  close(): Promise<void>;
}

/** How often the worker looks for limit orders to fill and margin to call: prices move every half second. */
const workerIntervalMs = 1_000;

/** Socket.IO settings shared by every gateway: websocket only, since every client we ship speaks it. */
const socketOptions = {
  path: "/socket.io",
  transports: ["websocket" as const],
  serveClient: false,
  // A phone on a train drops for seconds at a time; a minute of silence means it is gone.
  pingInterval: 25_000,
  pingTimeout: 20_000,
  maxHttpBufferSize: 64 * 1024,
};

/**
 * Starts the given roles in this process. Embedded mode is all of them on one port with PGlite
 * and the in-process bus; service mode is one role per process with PostgreSQL and Redis.
 */
export async function startPlatform(
  config: Config,
  roles: readonly Role[],
  defaultPort: number,
): Promise<Platform> {
  const logger = pino({ level: config.LOG_LEVEL, base: { roles: roles.join(",") } });
  const has = (role: Role) => roles.includes(role);
  if (!config.REDIS_URL && !(has("api") && has("worker") && has("feed") && has("gateway"))) {
    throw new Error("REDIS_URL is required when the roles run in separate processes");
  }
  const catalog = createCatalog();
  // The gateway reads sessions to know whose private account topic a socket may hold.
  const needsDatabase = has("api") || has("worker") || has("feed") || has("gateway");
  const database = needsDatabase
    ? await openDatabase({ url: config.DATABASE_URL, dataDir: config.DATA_DIR })
    : undefined;
  const bus = config.REDIS_URL
    ? createRedisBus({
        url: config.REDIS_URL,
        prefix: config.REDIS_PREFIX,
        role: has("gateway") ? "both" : "publisher",
        onError: (error) => logger.warn({ err: error }, "redis"),
      })
    : createMemoryBus();

  /** The demo member and admin live where the API does, when the demo is on. */
  const demoDatabase = database && has("api") && config.seedDemo ? database : undefined;
  if (demoDatabase) {
    if (await seedDemo(demoDatabase.db, Date.now())) {
      logger.info("seeded the demo member 09012345678 / demo1234 (invite code KABUTO)");
    }
    if (await seedDemoStaff(demoDatabase.db, Date.now())) {
      logger.info(`seeded the demo operations admin ${demoAdmin.login}`);
    }
  }

  let feed: Feed | undefined;
  if (has("feed") && database) {
    feed = new Feed({
      catalog,
      store: new CandlesRepo(database.db),
      publisher: bus,
      seed: config.FEED_SEED,
      alwaysOpen: config.alwaysOpen,
      stepMs: config.FEED_STEP_MS,
      history: { days: config.FEED_HISTORY_DAYS, minuteSessions: config.FEED_MINUTE_SESSIONS },
      log: (message, fields) => logger.warn(fields, message),
    });
    const startedMs = Date.now();
    await feed.start();
    logger.info({ ms: Date.now() - startedMs, epoch: feed.epoch }, "feed started");
  }

  const accountEvents = createAccountPublisher(bus);
  let worker: TradingWorker | undefined;
  if (has("worker") && database) {
    const trading = new TradingService({
      db: database.db,
      catalog,
      bus,
      alwaysOpen: config.alwaysOpen,
      now: Date.now,
      terms: termsFromConfig(config),
      events: accountEvents,
    });
    worker = new TradingWorker({
      db: database.db,
      bus,
      trading,
      alwaysOpen: config.alwaysOpen,
      log: (message, fields) => logger.info(fields, message),
    });
    worker.start(workerIntervalMs);
  }

  const app = express();
  app.disable("x-powered-by");
  const metrics = createMetrics(roles, bus);
  app.use(metrics.httpMiddleware);
  metrics.mount(app);
  if (feed) metrics.watchFeed(feed);
  let sweepTimer: NodeJS.Timeout | undefined;
  if (has("api") && database) {
    const { app: api, uploads } = createApp({
      config,
      database,
      bus,
      catalog,
      logger,
      feedEpoch: () => feed?.epoch ?? null,
      accountEvents,
      sessionsEnded: (ended) =>
        bus.publish([{ topic: sessionsEndedTopic, epoch: "control", seq: 0, ts: Date.now(), data: ended }]),
    });
    app.use(api);
    // Photos a crash left without their row: checked at start (a process that restarts often,
    // as after a crash, would otherwise never look) and once an hour by every API process.
    const sweep = () =>
      uploads.sweepOrphans(database.db, Date.now()).then(
        (removed) => removed > 0 && logger.info({ removed }, "removed uploads a crash left without a row"),
        (error: unknown) => logger.warn({ err: error }, "upload sweep failed"),
      );
    void sweep();
    sweepTimer = setInterval(sweep, uploadSweepMs);
    sweepTimer.unref();
  } else if (has("client")) {
    app.use(
      "/api",
      createProxyMiddleware({ target: `${config.API_URL}/api`, changeOrigin: false, xfwd: true }),
    );
  }
  if (has("client") && !serveClient(app, config.clientDist)) {
    logger.warn({ dir: config.clientDist }, "client not built: run `npm run build`");
  }
  if (!has("api")) {
    app.get("/health", (_request, response) => {
      const up = bus.status() === "up";
      response.status(up ? 200 : 503).json({ status: up ? "ok" : "degraded", bus: bus.status() });
    });
  }
  const server = createServer(app);
  let io: SocketServer<ClientToServerEvents, ServerToClientEvents> | undefined;
  if (has("gateway")) {
    io = new SocketServer<ClientToServerEvents, ServerToClientEvents>(server, socketOptions);
    const gateway = attachGateway(io, {
      bus,
      authenticate: async (handshake) => {
        const token = tokenFromHandshake(handshake);
        if (!token || !database) return undefined;
        const member = await resolveSession(database.db, token, Date.now());
        return member ? { memberId: member.id, sessionKey: hashToken(token) } : undefined;
      },
      isKnownSymbol: (symbol) => catalog.bySymbol.has(symbol),
      log: (message, fields) => logger.warn(fields, message),
      observeBusLag: metrics.observeBusLag,
    });
    metrics.watchGateway(() => gateway.stats());
  } else if (has("client")) {
    const socketProxy = createProxyMiddleware({
      target: config.GATEWAY_URL,
      ws: true,
      pathFilter: "/socket.io",
    });
    app.use(socketProxy);
    server.on("upgrade", socketProxy.upgrade);
  }

  const port = await listen(server, config.PORT ?? defaultPort);
  const url = `http://127.0.0.1:${port}`;
  logger.info(`listening on ${url}`);
  // Printed at every start while the demo admin still signs in with the demo password.
  if (demoDatabase && (await demoAdminUsable(demoDatabase.db))) {
    const where = has("client") ? `${url}/#/ops` : "the operations console";
    logger.info(`operations login: ${demoAdmin.login} / ${demoAdmin.password} at ${where}`);
  }
  return {
    url,
    port,
    logger,
    catalog,
    ...(database ? { database } : {}),
    bus,
    ...(feed ? { feed } : {}),
    async close() {
      clearInterval(sweepTimer);
      await worker?.stop();
      await feed?.stop();
      io?.disconnectSockets(true);
      await new Promise<void>((resolve) => {
        if (io) io.close(() => resolve());
        else server.close(() => resolve());
      });
      await bus.close();
      await database?.close();
    },
  };
}

/** How often each API process looks for uploads without a row (see UploadStore.sweepOrphans). */
const uploadSweepMs = 60 * 60_000;

function listen(server: HttpServer, port: number): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, () => resolve((server.address() as AddressInfo).port));
  });
}
