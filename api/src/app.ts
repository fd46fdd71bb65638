import type { Bus } from "@kabuto/bus";
import { deviceCookieName } from "@kabuto/shared/api/auth";
import type { InstrumentCatalog } from "@kabuto/shared/market/catalog";
import cookieParser from "cookie-parser";
import express, { type Express } from "express";
import type { Logger } from "pino";
import type { Config } from "./config.ts";
import { coalesced } from "./db/coalesce.ts";
import type { Database } from "./db/database.ts";
import { AppError } from "./errors.ts";
import type { AccountEvents } from "./events/account-events.ts";
import { createStaffPublisher, type StaffEvents } from "./events/staff-events.ts";
import type { FollowService } from "./follow/follow.service.ts";
import { errorHandler } from "./http/errors.ts";
import { ApiDocs } from "./http/openapi.ts";
import { apiHeaders, csrfGuard, deviceTokenOf } from "./http/security.ts";
import { hearControl, sessionMiddleware } from "./http/session-middleware.ts";
import { type Idempotency, storedResults } from "./idempotency/claims.ts";
import { DeviceTokens } from "./kernel/devices.ts";
import type { Kernel, RouteContext } from "./kernel/product.ts";
import { staffMiddleware } from "./kernel/staff-sessions.ts";
import type { MarketService } from "./market/market.service.ts";
import { products } from "./products.ts";
import type { SmsSender } from "./security/sms.ts";
import type { ThrottleStore } from "./security/throttle.ts";
import { createServices, ledgerChecks, onPositionClose } from "./services.ts";
import type { TradingService } from "./trading/trading.service.ts";
import type { UploadStore } from "./uploads/upload-store.ts";

export const apiVersion = "0.1.0";
/** JSON bodies are small forms; anything larger is a mistake or an attack. */
const jsonBodyLimit = "64kb";

export interface AppDeps {
  config: Config;
  database: Database;
  bus: Bus;
  catalog: InstrumentCatalog;
  logger: Logger;
  now?: () => number;
  feedEpoch?: () => string | null;
  accountEvents?: AccountEvents;
  /** Tells staff consoles of support inbox changes; by default published on `bus` as `staff:support`. */
  staffEvents?: StaffEvents;
  /**
   * The attempt counters behind every throttle: shared by all API processes in service mode
   * (Redis), in-process in embedded mode. The composition package chooses.
   */
  throttle: ThrottleStore;
  /** Texts sign-in codes: the log sender in embedded mode and tests, a provider in production. */
  sms: SmsSender;
  /** Parse every declared answer with its response schema before it goes out (integration tests). */
  checkAnswers?: boolean;
}

export function createApp(deps: AppDeps): {
  app: Express;
  market: MarketService;
  trading: TradingService;
  /** Follow trading, for a benchmark that drives the worker's mirroring pass itself. */
  follow: FollowService;
  uploads: UploadStore;
  /**
   * Resolves once this process hears the sessions other processes end (the bus's control
   * channel); until then it caches no session. A server listens after it.
   */
  sessionsHeard: Promise<void>;
} {
  const now = deps.now ?? Date.now;
  const { db } = deps.database;
  const kernel: Kernel = {
    config: deps.config,
    database: deps.database,
    bus: deps.bus,
    catalog: deps.catalog,
    now,
    events: deps.accountEvents ?? (() => undefined),
    staffEvents: deps.staffEvents ?? createStaffPublisher(deps.bus, now),
    logger: deps.logger,
    log: (message, fields) => deps.logger.warn(fields, message),
    secrets: { throttle: deps.throttle, sms: deps.sms, devices: deviceTokens(deps.config) },
    onPositionClose,
    ledgerChecks,
  };
  const services = createServices(kernel);
  const app = express();
  app.disable("x-powered-by");
  // X-Forwarded-For is believed only from the proxies TRUST_PROXY names (none by default): every
  // per-address throttle counts `request.ip`, which a header from anyone else must not change.
  app.set("trust proxy", deps.config.TRUST_PROXY);

  // A retry's stored answer is looked up before each keyed request runs: the requests that arrive
  // together look theirs up in one statement.
  const storedAnswers = coalesced((lookups: readonly { memberId: string; idempotency: Idempotency }[]) =>
    storedResults(db, lookups),
  );
  const docs = new ApiDocs({
    checkAnswers: deps.checkAnswers ?? deps.config.CHECK_ANSWERS,
    storedAnswer: async (memberId, idempotency) => {
      const stored = await storedAnswers({ memberId, idempotency });
      if (stored instanceof AppError) throw stored;
      return stored;
    },
    tradingPin: (member, pin, request) =>
      services.tradingPin.check(member, pin, {
        nowMs: now(),
        deviceToken: deviceTokenOf(request, deviceCookieName),
      }),
  });
  const router = express.Router();
  router.use(apiHeaders({ hsts: deps.config.NODE_ENV === "production" }));
  router.use(cookieParser());
  // Before the body is read or the session looked up: another site's request costs nothing.
  router.use(csrfGuard({ allowedOrigins: deps.config.ALLOWED_ORIGINS }));
  router.use(express.json({ limit: jsonBodyLimit }));
  // The session cache is trusted only while this process hears the control channel: a session
  // another process ended is announced there (see sessionMiddleware).
  let hearing = false;
  const sessions = sessionMiddleware(db, now, {
    cacheMs: deps.config.SESSION_CACHE_MS,
    heard: () => hearing && deps.bus.status() === "up",
  });
  const sessionsHeard = deps.bus
    .onControl((message) => hearControl(sessions, message))
    .then(
      () => {
        hearing = true;
      },
      (error: unknown) => deps.logger.warn({ err: error }, "cannot hear ended sessions: none is cached"),
    );
  // Whatever was announced while the bus was away never arrived.
  deps.bus.onRecover(() => sessions.clear());
  router.use(sessions);
  /**
   * Forgets ended sessions here at once, and tells every process: the other API processes
   * forget them too, the gateways drop their sockets.
   */
  const endSessions = async (tokenHashes: string[]) => {
    if (tokenHashes.length === 0) return;
    for (const tokenHash of tokenHashes) sessions.forget(tokenHash);
    await deps.bus.publishControl({ type: "sessions-ended", sessionKeys: tokenHashes });
  };
  /** Sessions whose member's flags changed: every API process re-reads them on their next request. */
  const changeSessions = async (tokenHashes: string[]) => {
    if (tokenHashes.length === 0) return;
    for (const tokenHash of tokenHashes) sessions.forget(tokenHash);
    await deps.bus.publishControl({ type: "sessions-changed", sessionKeys: tokenHashes });
  };
  // Operations: staff sign in separately; every route under /ops checks a staff role.
  const ops = express.Router();
  ops.use(staffMiddleware(db, now));
  const context: RouteContext = {
    router,
    ops,
    docs,
    config: deps.config,
    database: deps.database,
    bus: deps.bus,
    now,
    feedEpoch: deps.feedEpoch ?? (() => null),
    version: apiVersion,
    sessions: { end: endSessions, change: changeSessions },
  };
  for (const each of products) each.routes?.(context, services as never);
  router.use("/ops", ops);
  const openapi = docs.document(apiVersion);
  router.get("/openapi.json", (_request, response) => {
    response.json(openapi);
  });
  router.use(() => {
    throw new AppError("NOT_FOUND");
  });
  router.use(errorHandler(deps.logger));
  app.use("/api/v1", router);
  return {
    app,
    market: services.market,
    trading: services.trading,
    follow: services.follow,
    uploads: services.uploadStore,
    sessionsHeard,
  };
}

/**
 * The signer of device tokens. Every API process must sign with the same key, or a device would
 * be trusted by one and not the next, so service mode refuses to start without one.
 */
function deviceTokens(config: Config): DeviceTokens {
  if (!config.deviceCookieSecret) {
    throw new Error(
      "DEVICE_COOKIE_SECRET is required in service mode: at least 32 random characters, the same on every API process",
    );
  }
  return new DeviceTokens(config.deviceCookieSecret);
}
