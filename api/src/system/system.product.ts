import { product } from "../kernel/product.ts";
import { mountOpsConfigRoutes } from "./config.routes.ts";
import { ConfigService } from "./config.service.ts";
import { demoCustomerServiceLink, seedDemoContactLink } from "./config-seed.ts";
import { mountSystemRoutes } from "./system.routes.ts";

/** Health, the public settings every screen reads, and the console's settings page. */
export const systemProduct = product({
  name: "system",
  uses: [],
  create: ({ database, config }) => ({ publicSettings: new ConfigService({ db: database.db, config }) }),
  routes: ({ router, ops, docs, database, bus, version, feedEpoch, now }, { publicSettings }) => {
    mountSystemRoutes(router, docs, {
      publicConfig: () => publicSettings.publicEntries(),
      database,
      bus,
      version,
      feedEpoch,
    });
    mountOpsConfigRoutes(ops, docs, { config: publicSettings, now });
  },
  seed: {
    when: "start",
    // The demo admin sets the customer-service link, as staff set it in the console.
    after: ["staff"],
    run: async (context) =>
      (await seedDemoContactLink(context))
        ? [`set the customer-service link to ${demoCustomerServiceLink} (the online support chat)`]
        : [],
  },
});
