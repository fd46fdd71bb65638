import { createServer, type Server as HttpServer } from "node:http";
import type { AddressInfo } from "node:net";
import {
  createAccountPublisher,
  createApp,
  createRedisThrottleStore,
  type Database,
  type DemoSeed,
  demoAdmin,
  demoAdminUsable,
  demoSeeds,
  LogSmsSender,
  logOptions,
  MemoryThrottleStore,
  memberSessionLookup,
  newListings,
  openDatabase,
  type SeedContext,
  staffSessionLookup,
  startWorker,
  type ThrottleStore,
} from "@kabuto/api";
import { type Bus, createMemoryBus, createRedisBus } from "@kabuto/bus";
import { type Catalog, createCatalog, createPgCandleStore, Feed } from "@kabuto/feed";
import { attachGateway, authenticateStaffWith, authenticateWith, type GatewayServer } from "@kabuto/gateway";
import type {
  ClientToServerEvents,
  InterServerEvents,
  ServerToClientEvents,
  SocketData,
} from "@kabuto/shared/protocol/socket";
import compression from "compression";
import express, { type RequestHandler } from "express";
import { type Logger, pino } from "pino";
import { Server as SocketServer } from "socket.io";
import { proxyApi, proxySockets, serveClient } from "./client.ts";
import { loadPlatformConfig, type Role } from "./config.ts";
import { createMetrics } from "./metrics.ts";

export type { Role } from "./config.ts";

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
 * API answers at least this long are compressed. A shorter one fits in one TCP segment (about
 * 1,400 bytes) however it is encoded, so compressing it saves the phone no round trip and costs
 * the server a compressor per answer.
 */
const compressAboveBytes = 1024;

/**
 * The API's JSON answers, brotli or gzip as the request accepts (brotli at the middleware's
 * quality 4, quick enough for every answer). Socket.IO never passes through Express, so its
 * frames are untouched (websocket only; see socketOptions). A server-sent event stream is never
 * compressed: the compressor would hold its events until a buffer fills. No route sends one
 * today; the filter keeps a future one working.
 */
function apiCompression(): RequestHandler {
  return compression({
    threshold: compressAboveBytes,
    filter: (request, response) =>
      !String(response.getHeader("Content-Type") ?? "").startsWith("text/event-stream") &&
      compression.filter(request, response),
  });
}

/** How often each process looks for new shares that have listed (the worker lists them every 30 s). */
const listingSyncMs = 15_000;

/** How often each API process looks for uploads without a row (see UploadStore.sweepOrphans). */
const uploadSweepMs = 60 * 60_000;

/**
 * Starts the given roles in this process: the one place that knows every library and wires
 * them. Embedded mode is all of them on one port with PGlite and the in-process bus; service
 * mode is one role per process with PostgreSQL and Redis. Each role starts only the I/O it
 * needs: the client role opens no database, the gateway reads sessions but runs no migrations.
 */
export async function startPlatform(
  env: Record<string, string | undefined>,
  roles: readonly Role[],
  defaultPort: number,
  /** One of several gateway processes sharing a port (processes.ts): which one, 1 and up. */
  gatewayProcess?: number,
): Promise<Platform> {
  const config = loadPlatformConfig(roles, env);
  const settings = config.process;
  // Every role logs through the same redaction: no secret or failed query's values in any log.
  const logger = pino({
    ...logOptions(),
    level: settings.LOG_LEVEL,
    base: { roles: roles.join(","), ...(gatewayProcess === undefined ? {} : { process: gatewayProcess }) },
  });
  const has = (role: Role) => roles.includes(role);
  if (!settings.REDIS_URL && !(has("api") && has("worker") && has("feed") && has("gateway"))) {
    throw new Error("REDIS_URL is required when the roles run in separate processes");
  }
  const catalog = createCatalog();
  const writes = has("api") || has("worker") || has("feed");
  const database =
    writes || has("gateway")
      ? await openDatabase({
          url: settings.DATABASE_URL,
          migrationUrl: settings.DATABASE_MIGRATION_URL,
          dataDir: settings.DATA_DIR,
          migrate: writes,
          onConnectionError: (error) => logger.warn({ err: error }, "postgres connection lost"),
          // The feed writes its history in batches that may legitimately take longer, and serves no member.
          timeoutMs: has("feed") ? undefined : settings.DATABASE_TIMEOUT_MS,
        })
      : undefined;
  const bus = settings.REDIS_URL
    ? createRedisBus({
        url: settings.REDIS_URL,
        prefix: settings.REDIS_PREFIX,
        // A gateway hears topics and ended sessions; an API process hears ended sessions; the
        // worker's stop engine hears the quotes of symbols with waiting stops.
        role: has("gateway") || has("api") || has("worker") ? "both" : "publisher",
        onError: (error) => logger.warn({ err: error }, "redis"),
      })
    : createMemoryBus();

  /** The demo member and admin live where the API does, when the demo is on. */
  const demoDatabase = database && config.api?.seedDemo && has("api") ? database : undefined;
  const apiConfig = config.api;
  const seeding =
    demoDatabase && apiConfig
      ? demoSeeding({ db: demoDatabase.db, bus, catalog, config: apiConfig }, logger)
      : undefined;
  await seeding?.run("start");

  let feed: Feed | undefined;
  if (config.feed && database) {
    feed = new Feed({
      catalog,
      store: createPgCandleStore(database.db),
      publisher: bus,
      seed: config.feed.FEED_SEED,
      alwaysOpen: config.feed.alwaysOpen,
      ptsHours: config.feed.ptsHours,
      stepMs: config.feed.FEED_STEP_MS,
      history: { days: config.feed.FEED_HISTORY_DAYS, minuteSessions: config.feed.FEED_MINUTE_SESSIONS },
      log: (message, fields) => logger.warn(fields, message),
    });
    const startedMs = Date.now();
    await feed.start();
    logger.info({ ms: Date.now() - startedMs, epoch: feed.epoch }, "feed started");
    // What needs the back-filled history (a minute on the first start) is made in the background.
    if (seeding) {
      void feed
        .saved()
        .then(() => seeding.run("history"))
        .catch((error: unknown) =>
          logger.warn({ err: error }, "seeding the demo data of the history failed"),
        );
    }
  }
  // What prices off the feed's last trades waits for the feed to have started.
  await seeding?.run("feed");

  // New shares join the live universe on their listing day, in every process that holds a
  // catalog: each looks for listings it does not know yet, and the feed starts simulating them.
  let listingTimer: NodeJS.Timeout | undefined;
  if (database) {
    const listings = database;
    const syncListings = async () => {
      for (const listing of await newListings(listings.db)) {
        if (catalog.isKnown(listing.symbol)) continue;
        if (feed) await feed.addListing(listing);
        else catalog.addListing(listing);
        logger.info({ symbol: listing.symbol }, "a new share joined the universe");
      }
    };
    const sync = () =>
      syncListings().catch((error: unknown) => logger.warn({ err: error }, "new listings not read"));
    await sync();
    listingTimer = setInterval(sync, listingSyncMs);
    listingTimer.unref();
  }

  const accountEvents = createAccountPublisher(bus);
  const worker =
    has("worker") && config.api && database
      ? startWorker({
          config: config.api,
          database,
          bus,
          catalog,
          events: accountEvents,
          log: (message, fields) => logger.info(fields, message),
        })
      : undefined;

  const app = express();
  app.disable("x-powered-by");
  const metrics = createMetrics(roles, bus, gatewayProcess);
  app.use(metrics.httpMiddleware);
  metrics.mount(app);
  if (feed) metrics.watchFeed(feed);
  let sweepTimer: NodeJS.Timeout | undefined;
  let throttle: ThrottleStore | undefined;
  if (has("api") && config.api && database) {
    // Attempt counters: every API process shares Redis's; embedded mode's one process keeps its own.
    throttle = settings.REDIS_URL
      ? createRedisThrottleStore({
          url: settings.REDIS_URL,
          prefix: settings.REDIS_PREFIX,
          onError: (error) => logger.warn({ err: error }, "redis (throttle)"),
        })
      : new MemoryThrottleStore();
    // The only SMS transport so far writes codes to this log (see SmsSender for a provider).
    if (!config.api.embedded) {
      logger.warn(
        "SMS sign-in codes are written to the log, not sent: connect an SMS provider before members use them",
      );
    }
    const {
      app: api,
      uploads,
      sessionsHeard,
    } = createApp({
      config: config.api,
      database,
      bus,
      catalog,
      logger,
      feedEpoch: () => feed?.epoch ?? null,
      accountEvents,
      throttle,
      sms: new LogSmsSender(logger),
    });
    // Serve once sessions other processes end are heard here; until then none would be cached.
    await sessionsHeard;
    app.use("/api", apiCompression());
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
  } else if (config.client) {
    proxyApi(app, config.client.apiUrl);
  }
  if (config.client && !serveClient(app, config.client.dist, { production: config.client.production })) {
    logger.warn({ dir: config.client.dist }, "client not built: run `npm run build`");
  }
  if (!has("api")) {
    app.get("/health", (_request, response) => {
      const up = bus.status() === "up";
      response.status(up ? 200 : 503).json({ status: up ? "ok" : "degraded", bus: bus.status() });
    });
  }
  const server = createServer(app);
  let io: GatewayServer | undefined;
  if (config.gateway) {
    io = new SocketServer<ClientToServerEvents, ServerToClientEvents, InterServerEvents, SocketData>(
      server,
      socketOptions,
    );
    const gateway = attachGateway(io, {
      bus,
      ...(database
        ? {
            authenticate: authenticateWith(memberSessionLookup(database.db, Date.now)),
            authenticateStaff: authenticateStaffWith(staffSessionLookup(database.db, Date.now)),
          }
        : {}),
      isKnownSymbol: (symbol) => catalog.isKnown(symbol),
      allowedOrigins: config.gateway.allowedOrigins,
      log: (message, fields) => logger.warn(fields, message),
      observeBusLag: metrics.observeBusLag,
    });
    metrics.watchGateway(() => gateway.stats());
  } else if (config.client) {
    proxySockets(app, server, config.client.gatewayUrl);
  }

  // Gateway processes on one port each listen themselves; the kernel spreads connections over them.
  const port = await listen(server, settings.PORT ?? defaultPort, gatewayProcess !== undefined);
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
      clearInterval(listingTimer);
      await worker?.stop();
      await feed?.stop();
      io?.disconnectSockets(true);
      await new Promise<void>((resolve) => {
        if (io) io.close(() => resolve());
        else server.close(() => resolve());
      });
      await bus.close();
      await throttle?.close();
      await database?.close();
    },
  };
}

/**
 * The newcomer data of every product, composed here from each product's seed: each stage's seeds
 * in their order, each line they report logged.
 */
function demoSeeding(
  context: Omit<SeedContext, "made" | "nowMs">,
  logger: Logger,
): { run(when: DemoSeed["when"]): Promise<void> } {
  const made = new Set<string>();
  return {
    async run(when) {
      for (const { name, seed } of demoSeeds(when)) {
        const lines = await seed.run({ ...context, nowMs: Date.now(), made });
        for (const line of lines) logger.info(line);
        if (lines.length > 0) made.add(name);
      }
    },
  };
}

function listen(server: HttpServer, port: number, reusePort: boolean): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen({ port, reusePort }, () => resolve((server.address() as AddressInfo).port));
  });
}
