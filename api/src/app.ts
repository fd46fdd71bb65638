import type { Bus } from "@kabuto/bus";
import type { InstrumentCatalog, SessionsEnded } from "@kabuto/shared";
import cookieParser from "cookie-parser";
import express, { type Express } from "express";
import type { Logger } from "pino";
import { mountAuthRoutes } from "./auth/auth.routes.ts";
import { AuthService } from "./auth/auth.service.ts";
import { hashToken } from "./auth/sessions.ts";
import type { Config } from "./config.ts";
import type { Database } from "./db/database.ts";
import { AppError } from "./errors.ts";
import type { AccountEvents } from "./events/account-events.ts";
import { mountFundingRoutes } from "./funding/funding.routes.ts";
import { errorHandler } from "./http/errors.ts";
import { ApiDocs } from "./http/openapi.ts";
import { sessionMiddleware } from "./http/session-middleware.ts";
import { BankCardsService } from "./identity/bank-cards.service.ts";
import { mountIdentityRoutes } from "./identity/identity.routes.ts";
import { KycService } from "./identity/kyc.service.ts";
import { PasswordsService } from "./identity/passwords.service.ts";
import { CandlesRepo } from "./market/candles.repo.ts";
import { mountMarketRoutes } from "./market/market.routes.ts";
import { MarketService } from "./market/market.service.ts";
import { mountNewsRoutes } from "./news/news.routes.ts";
import { NewsService } from "./news/news.service.ts";
import { mountOpsAdjustmentRoutes } from "./ops/adjustments.routes.ts";
import { AdjustmentsService } from "./ops/adjustments.service.ts";
import { mountOpsConfigRoutes } from "./ops/config.routes.ts";
import { ConfigService } from "./ops/config.service.ts";
import { mountOpsLedgerRoutes } from "./ops/ledger.routes.ts";
import { LedgerCheckService } from "./ops/ledger.service.ts";
import { mountOpsMemberRoutes } from "./ops/members.routes.ts";
import { MembersService } from "./ops/members.service.ts";
import { mountOpsNewsRoutes } from "./ops/news.routes.ts";
import { mountOpsQueueRoutes } from "./ops/queues.routes.ts";
import { QueuesService } from "./ops/queues.service.ts";
import { mountStaffRoutes } from "./ops/staff.routes.ts";
import { StaffService } from "./ops/staff.service.ts";
import { staffMiddleware } from "./ops/staff-sessions.ts";
import { mountSystemRoutes } from "./system/system.routes.ts";
import { termsFromConfig } from "./trading/rules.ts";
import { mountTradingRoutes } from "./trading/trading.routes.ts";
import { TradingService } from "./trading/trading.service.ts";
import { UploadStore } from "./uploads/upload-store.ts";
import { mountUploadRoutes } from "./uploads/uploads.routes.ts";
import { UploadsService } from "./uploads/uploads.service.ts";
import { mountWatchlistRoutes } from "./watchlist/watchlist.routes.ts";
import { WatchlistService } from "./watchlist/watchlist.service.ts";

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
  /** Tells the gateways to drop the sockets of sessions that ended. */
  sessionsEnded?: (ended: SessionsEnded) => void;
}

export function createApp(deps: AppDeps): {
  app: Express;
  market: MarketService;
  trading: TradingService;
  uploads: UploadStore;
} {
  const now = deps.now ?? Date.now;
  const { db } = deps.database;
  const app = express();
  app.disable("x-powered-by");
  // One proxy hop (the client server or a load balancer) sets X-Forwarded-For in service mode.
  app.set("trust proxy", deps.config.embedded ? false : 1);

  const docs = new ApiDocs();
  const market = new MarketService({ catalog: deps.catalog, bus: deps.bus, candles: new CandlesRepo(db) });
  const router = express.Router();
  router.use(express.json({ limit: jsonBodyLimit }));
  router.use(cookieParser());
  const sessions = sessionMiddleware(db, now, deps.config.SESSION_CACHE_MS);
  router.use(sessions);
  /** Forgets ended sessions here and tells every gateway to drop their sockets. */
  const endSessions = (tokenHashes: string[]) => {
    if (tokenHashes.length === 0) return;
    for (const tokenHash of tokenHashes) sessions.forget(tokenHash);
    deps.sessionsEnded?.({ sessionKeys: tokenHashes });
  };
  const publicSettings = new ConfigService({ db, config: deps.config });
  const news = new NewsService({ db, now });
  mountSystemRoutes(router, docs, {
    publicConfig: () => publicSettings.publicEntries(),
    database: deps.database,
    bus: deps.bus,
    version: apiVersion,
    feedEpoch: deps.feedEpoch ?? (() => null),
  });
  mountAuthRoutes(router, docs, {
    auth: new AuthService(db, { inviteRequired: deps.config.INVITE_REQUIRED }),
    now,
    sessionsEnded: (ended) => endSessions(ended.tokens.map(hashToken)),
    cookieSecure: deps.config.cookieSecure,
  });
  mountMarketRoutes(router, docs, market);
  mountWatchlistRoutes(router, docs, {
    watchlist: new WatchlistService({ db, isKnown: (symbol) => market.isKnown(symbol), now }),
  });
  mountNewsRoutes(router, docs, { news });
  const trading = new TradingService({
    db,
    catalog: deps.catalog,
    bus: deps.bus,
    alwaysOpen: deps.config.alwaysOpen,
    now,
    terms: termsFromConfig(deps.config),
    ...(deps.accountEvents ? { events: deps.accountEvents } : {}),
  });
  mountTradingRoutes(router, docs, { trading, kycRequired: deps.config.KYC_REQUIRED_FOR_TRADING });
  // Operations: staff sign in separately; every route under /ops checks a staff role.
  const ops = express.Router();
  ops.use(staffMiddleware(db, now));
  mountStaffRoutes(ops, docs, {
    staff: new StaffService(db),
    now,
    cookieSecure: deps.config.cookieSecure,
  });
  mountOpsMemberRoutes(ops, docs, {
    members: new MembersService(db),
    now,
    sessions: {
      end: endSessions,
      forget: (tokenHashes) => {
        for (const tokenHash of tokenHashes) sessions.forget(tokenHash);
      },
    },
  });
  mountOpsAdjustmentRoutes(ops, docs, {
    adjustments: new AdjustmentsService({ db, events: deps.accountEvents }),
    now,
  });
  mountOpsConfigRoutes(ops, docs, { config: publicSettings, now });
  mountOpsNewsRoutes(ops, docs, { news });
  mountOpsLedgerRoutes(ops, docs, { ledger: new LedgerCheckService({ db, now }) });
  mountOpsQueueRoutes(ops, docs, { queues: new QueuesService(db) });
  // Identity: uploads (read by their member and by staff), verification, bank cards, passwords.
  const uploads = new UploadStore(deps.config.uploadDir);
  mountUploadRoutes(router, ops, docs, { uploads: new UploadsService({ db, store: uploads }) });
  mountIdentityRoutes(router, ops, docs, {
    kyc: new KycService({ db, uploads }),
    cards: new BankCardsService(db),
    passwords: new PasswordsService(db),
    uploads,
    now,
    endSessions,
  });
  // Money in and out: channels, deposits, withdrawals, exchange, and their review queues.
  mountFundingRoutes(router, ops, docs, {
    db,
    config: deps.config,
    bus: deps.bus,
    catalog: deps.catalog,
    uploads,
    now,
    events: deps.accountEvents,
  });
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
  return { app, market, trading, uploads };
}
