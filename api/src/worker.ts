import type { Bus } from "@kabuto/bus";
import type { InstrumentCatalog } from "@kabuto/shared/market/catalog";
import type { Config } from "./config.ts";
import type { Database } from "./db/database.ts";
import type { AccountEvents } from "./events/account-events.ts";
import type { Kernel } from "./kernel/product.ts";
import { products } from "./products.ts";
import {
  type AnyProduct,
  createServices,
  ledgerChecks,
  onPositionClose,
  withWhatTheyUse,
} from "./services.ts";

/**
 * The worker role: every product's jobs (fills and margin calls, loan interest, dividends, new
 * shares, follow mirroring...) over the same services the API builds (`createServices`), so a fill
 * by the worker and an order through the API write the same journals. It builds only the products
 * that have jobs and those they use; none of them checks a secret or texts anyone, so the worker
 * has no throttle store and no SMS sender.
 */
export function startWorker(deps: {
  config: Config;
  database: Database;
  bus: Bus;
  catalog: InstrumentCatalog;
  events: AccountEvents;
  log: (message: string, fields?: Record<string, unknown>) => void;
}): { stop(): Promise<void> } {
  const scheduled: readonly AnyProduct[] = products.filter((each: AnyProduct) => each.jobs !== undefined);
  const built = withWhatTheyUse(scheduled);
  const secretive = built.find((each) => each.needsSecrets);
  if (secretive) throw new Error(`the worker cannot build ${secretive.name}: it checks secrets`);
  const kernel: Kernel = {
    ...deps,
    now: Date.now,
    // No product the worker builds writes to the staff inbox.
    staffEvents: () => undefined,
    logger: { warn: (fields: unknown, message?: string) => deps.log(message ?? "", { fields }) },
    // Every product's, those the worker does not build included: its closes release their holds too.
    onPositionClose,
    ledgerChecks,
  };
  const services = createServices(kernel, built);
  const jobs = scheduled.flatMap((each) => each.jobs?.(services, kernel) ?? []);
  const passes = jobs.map((job) => every(job.intervalMs, job.run, deps.log, job.atStart ?? true));
  return {
    stop: async () => {
      await Promise.all(passes.map((pass) => pass.stop()));
      await Promise.all(jobs.map((job) => job.stop?.()));
    },
  };
}

/** Runs `pass` every `intervalMs`, never two at once; a failed pass is logged and the next one tries again. */
function every(
  intervalMs: number,
  pass: () => Promise<unknown>,
  log: (message: string, fields?: Record<string, unknown>) => void,
  atStart: boolean,
): { stop(): Promise<void> } {
  let running: Promise<void> | undefined;
  const run = () => {
    running ??= pass()
      .then(() => undefined)
      .catch((error: unknown) => log("worker pass failed", { error: String(error) }))
      .finally(() => {
        running = undefined;
      });
  };
  if (atStart) run();
  const timer = setInterval(run, intervalMs);
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
