import type { Bus } from "@kabuto/bus";
import type { InstrumentCatalog } from "@kabuto/shared/market/catalog";
import type { Router } from "express";
import type { Logger } from "pino";
import type { Config } from "../config.ts";
import type { Database, Db } from "../db/database.ts";
import type { AccountEvents } from "../events/account-events.ts";
import type { StaffEvents } from "../events/staff-events.ts";
import type { ApiDocs } from "../http/openapi.ts";
import type { Tx } from "../ledger/ledger.repo.ts";
import type { LedgerCheck } from "../ledger/ledger-check.ts";
import type { SmsSender } from "../security/sms.ts";
import type { ThrottleStore } from "../security/throttle.ts";
import type { DeviceTokens } from "./devices.ts";

/**
 * What every product is built from: the settings, the database, the bus, the instruments, the
 * clock, and the channels that tell members' and staff's screens of committed changes.
 */
export interface Kernel {
  config: Config;
  database: Database;
  bus: Bus;
  catalog: InstrumentCatalog;
  now: () => number;
  /** Hears each member's account events once their transaction has committed. */
  events: AccountEvents;
  /** Hears the staff consoles' events (the support inbox) once their transaction has committed. */
  staffEvents: StaffEvents;
  logger: Pick<Logger, "warn">;
  /** Where the worker's jobs say what went wrong in one item of a pass (a close that was refused). */
  log: (message: string, fields?: Record<string, unknown>) => void;
  /**
   * What only the API's own products use: the attempt counters behind every secret and the SMS
   * sender. The worker has none, and builds no product that needs them (`needsSecrets`).
   */
  secrets?: Secrets;
  /**
   * Every product's `onPositionClose`, in list order (`services.ts`): what trading runs in the
   * transaction of each close, whichever products this process builds.
   */
  onPositionClose: OnPositionClose;
  /** Every product's `ledgerChecks`, in list order: what the console's ledger check runs besides the ledger's own. */
  ledgerChecks: readonly LedgerCheck[];
}

/** A member's position that is closing, in the transaction that closes it. */
export interface PositionClosing {
  memberId: string;
  positionId: number;
  nowMs: number;
}

/**
 * What a product does when members' positions close by any way but its own: gives back what it
 * holds against those positions (a block sell bid's charges) and ends what can no longer happen,
 * in the close's transaction, so a close that is refused rolls it back too. Trading runs it before
 * it locks the positions, as the product locks its own rows before the position (the block desk
 * locks a bid, then the position it sells), and once more under the positions' locks, for what
 * was placed against them while the close waited for those locks. So it must change nothing for a
 * position it holds nothing against, and nothing twice. A close passes its one position; a set of
 * closes at once (follow trading's mirrors of one lead position) passes them all, so the product
 * finds what it holds against any of them in one query.
 */
export type OnPositionClose = (tx: Tx, closings: readonly PositionClosing[]) => Promise<void>;

export interface Secrets {
  /** Counts attempts at every secret (passwords, fund passwords, SMS codes) and at registration. */
  throttle: ThrottleStore;
  /** Texts sign-in codes. */
  sms: SmsSender;
  /** Signs the device tokens that give a member's or staff member's own devices a sign-in budget. */
  devices: DeviceTokens;
}

/** What a product's routes are mounted with: the routers, the document, and the session controls. */
export interface RouteContext {
  /** Members' and public routes, under /api/v1. */
  router: Router;
  /** Staff routes, under /api/v1/ops, behind the staff session check. */
  ops: Router;
  docs: ApiDocs;
  config: Config;
  database: Database;
  bus: Bus;
  now: () => number;
  /** The feed's epoch, for health. */
  feedEpoch: () => string | null;
  version: string;
  sessions: SessionControl;
}

/** Ends or refreshes sessions here at once and tells every other process (createApp). */
export interface SessionControl {
  /** Sessions that ended (sign-out, a disabled member): caches forget them, sockets drop. */
  end(tokenHashes: string[]): Promise<void>;
  /** Sessions whose member's flags changed: every API process re-reads them on their next request. */
  change(tokenHashes: string[]): Promise<void>;
}

/** A pass the worker runs every `intervalMs`, never two at once; a failed pass is logged and tried again. */
export interface Job {
  name: string;
  intervalMs: number;
  run(): Promise<unknown>;
  /** Whether the first pass runs at start rather than one interval later (default true). */
  atStart?: boolean;
  /** Lets go of what the job holds beside its passes (the stop watch's bus topics), once its last pass ended. */
  stop?(): Promise<void>;
}

/**
 * One product of the broker (trading, loans, new shares...): its services built from the kernel
 * and the services of the products it uses, its routes, and its worker jobs. The API, the worker
 * and the composition read one list of these (`products.ts`); a new product is a folder and a
 * line in that list.
 *
 * `Own` is what the product adds to the services (`{ loans: LoansService }`); `Uses` the services
 * it takes from products before it in the list, whose names it gives in `uses` so that the worker,
 * which builds only what its jobs need, builds those too.
 */
export interface Product<Own extends object, Uses extends object = Record<never, never>> {
  name: string;
  /** The products (by name) whose services `Uses` names. */
  uses: readonly string[];
  /** The API's products that check secrets or text codes: never built by the worker. */
  needsSecrets?: boolean;
  create(kernel: Kernel, uses: Uses): Own;
  routes?(context: RouteContext, services: Own & Uses): void;
  jobs?(own: Own, kernel: Kernel): Job[];
  /**
   * The newcomer data of an embedded first start, made through the product's own services: one
   * seed, or one per stage when part of it is quick and part is slow (the new shares a newcomer
   * acts on at start, the crowd that asked for the others in the background).
   */
  seed?: DemoSeed | readonly DemoSeed[];
  /**
   * What the product lets go of when a member's position closes (see `OnPositionClose`). Declared
   * here rather than built from its services: the worker, which builds only the products its jobs
   * need, closes positions too (margin calls, day-trade cut-offs, follow mirrors).
   */
  onPositionClose?: OnPositionClose;
  /**
   * Its records checked against the ledger (a loan's debt against the loan account), run by
   * `npm run ledger:check` and the console's ledger check with the ledger's own checks.
   */
  ledgerChecks?: readonly LedgerCheck[];
}

/**
 * A product's demo data: made only where it is missing, through the services operations and
 * members use (never rows typed into tables), so its screens are alive on a first start. The
 * composition package runs every product's seed in an order that respects `after`.
 */
export interface DemoSeed {
  /**
   * When it runs: once the database is ready (`start`), once the feed has published its first
   * prices (`feed`), or once the feed's back-filled history is saved (`history`, in the background).
   */
  when: "start" | "feed" | "history";
  /** Products whose seeds must have run first (the demo admin before what the admin approves). */
  after?: readonly string[];
  /** Makes what is missing; returns a line for the log per thing it made, none when all was there. */
  run(context: SeedContext): Promise<string[]>;
}

export interface SeedContext {
  db: Db;
  bus: Bus;
  catalog: InstrumentCatalog;
  config: Config;
  nowMs: number;
  /** The products whose seeds made something in this start (a first start made the demo member). */
  made: ReadonlySet<string>;
}

/** Declares a product; the identity, for the types. */
export function product<Own extends object, Uses extends object = Record<never, never>>(
  definition: Product<Own, Uses>,
): Product<Own, Uses> {
  return definition;
}

/** The kernel's secrets, for a product that declared `needsSecrets`. */
export function secretsOf(kernel: Kernel, name: string): Secrets {
  if (!kernel.secrets) throw new Error(`${name} checks secrets: build it only in the API`);
  return kernel.secrets;
}
