import { parseSupportHours } from "@kabuto/shared/support/hours";
import { product, secretsOf } from "../kernel/product.ts";
import { seedDemoSupport } from "../seed.ts";
import type { UploadStore } from "../uploads/upload-store.ts";
import { mountSupportRoutes } from "./support.routes.ts";
import { parseSupportLimits, SupportService } from "./support.service.ts";

/** Online support: members' conversations and the staff inbox. */
export const supportProduct = product<{ support: SupportService }, { uploadStore: UploadStore }>({
  name: "support",
  uses: ["uploads"],
  needsSecrets: true,
  create: (kernel, { uploadStore }) => {
    const { config } = kernel;
    return {
      support: new SupportService({
        db: kernel.database.db,
        now: kernel.now,
        events: kernel.events,
        staffEvents: kernel.staffEvents,
        uploads: uploadStore,
        throttle: secretsOf(kernel, "support").throttle,
        hours: parseSupportHours(config.SUPPORT_HOURS),
        hoursText: config.SUPPORT_HOURS,
        limits: parseSupportLimits(config.SUPPORT_RATE),
      }),
    };
  },
  routes: ({ router, ops, docs, now }, { support, uploadStore }) =>
    mountSupportRoutes(router, ops, docs, { support, uploads: uploadStore, now }),
  seed: {
    when: "start",
    after: ["auth", "staff"],
    run: async ({ db, config, nowMs }) =>
      (await seedDemoSupport(db, config, nowMs))
        ? ["seeded the demo member's support question and the demo admin's answer"]
        : [],
  },
});
