// The public surface of @kabuto/api: the HTTP API and the worker as factories, and what the
// composition package and the operations commands need to run them. Nothing here starts I/O
// on import.
export { type AppDeps, apiVersion, createApp } from "./app.ts";
export { checkLedger, isHealthy, type LedgerReport } from "./books.ts";
export { type Config, loadConfig as loadApiConfig } from "./config.ts";
export { type Database, openDatabase } from "./db/database.ts";
export { AppError } from "./errors.ts";
export type { AccountEvents } from "./events/account-events.ts";
export { createAccountPublisher } from "./events/account-events.ts";
export { permissionsPolicy } from "./http/security.ts";
export { newListings } from "./ipo/ipo.service.ts";
export { DeviceTokens } from "./kernel/devices.ts";
export { memberSessionLookup } from "./kernel/member-sessions.ts";
export type { DemoSeed, SeedContext } from "./kernel/product.ts";
export { staffSessionLookup } from "./kernel/staff-sessions.ts";
export { houseAccount, memberAccount, transfer } from "./ledger/journal.ts";
export { postJournal } from "./ledger/ledger.repo.ts";
export { logOptions } from "./logging.ts";
export { StaffService } from "./ops/staff.service.ts";
export { createRedisThrottleStore, type RedisThrottleOptions } from "./security/redis-throttle-store.ts";
export { LogSmsSender, type SmsMessage, type SmsSender } from "./security/sms.ts";
export { MemoryThrottleStore, type ThrottleStore } from "./security/throttle.ts";
export { demoAdmin, demoAdminUsable } from "./seed.ts";
export { demoSeeds } from "./services.ts";
export { type FillDifference, type FillReplayReport, replayFills } from "./trading/fill-replay.ts";
export { StopWatch } from "./trading/stop-watch.ts";
export { TradingWorker } from "./trading/worker.ts";
export { startWorker } from "./worker.ts";
