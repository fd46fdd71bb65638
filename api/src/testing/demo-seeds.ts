import type { DemoSeed } from "../kernel/product.ts";
import { demoSeeds } from "../services.ts";
import type { TestApp } from "./test-app.ts";
import { testConfig } from "./test-env.ts";

/**
 * Runs one stage of the products' demo seeds against a test app's database, bus and catalog, in
 * the order a first embedded start runs them (as `server`'s platform does), and returns what each
 * product reported having made, by product.
 */
export async function runDemoSeeds(
  app: Pick<TestApp, "database" | "bus" | "catalog">,
  when: DemoSeed["when"],
  options: { nowMs: number; settings?: Record<string, string>; made?: Set<string> },
): Promise<Map<string, string[]>> {
  const config = testConfig(options.settings);
  const made = options.made ?? new Set<string>();
  const reported = new Map<string, string[]>();
  for (const { name, seed } of demoSeeds(when)) {
    const lines = await seed.run({
      db: app.database.db,
      bus: app.bus,
      catalog: app.catalog,
      config,
      nowMs: options.nowMs,
      made,
    });
    if (lines.length > 0) made.add(name);
    reported.set(name, lines);
  }
  return reported;
}
