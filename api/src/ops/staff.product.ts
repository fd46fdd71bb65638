import { product, secretsOf } from "../kernel/product.ts";
import { demoAdmin, seedDemoStaff } from "../seed.ts";
import { mountOpsAdjustmentRoutes } from "./adjustments.routes.ts";
import { AdjustmentsService } from "./adjustments.service.ts";
import { mountOpsLedgerRoutes } from "./ledger.routes.ts";
import { LedgerCheckService } from "./ledger.service.ts";
import { mountOpsMemberRoutes } from "./members.routes.ts";
import { MembersService } from "./members.service.ts";
import { mountOpsQueueRoutes } from "./queues.routes.ts";
import { QueuesService } from "./queues.service.ts";
import { mountStaffRoutes } from "./staff.routes.ts";
import { StaffService } from "./staff.service.ts";

/** The operations console's own side: staff sign-in, members, adjusting journals, the ledger check, queues. */
export const staffProduct = product({
  name: "staff",
  // A member's screen shows their balances, as the trading product keeps them.
  uses: ["trading"],
  needsSecrets: true,
  create: (kernel) => {
    const { db } = kernel.database;
    const { now, events } = kernel;
    return {
      staff: new StaffService(db, { signIn: secretsOf(kernel, "staff") }),
      members: new MembersService(db),
      adjustments: new AdjustmentsService({ db, events }),
      ledgerCheck: new LedgerCheckService({ db, now, checks: kernel.ledgerChecks }),
      queues: new QueuesService(db),
    };
  },
  routes: ({ ops, docs, now, config, sessions }, services) => {
    mountStaffRoutes(ops, docs, {
      staff: services.staff,
      now,
      cookieSecure: config.cookieSecure,
      sessionsEnded: sessions.end,
    });
    mountOpsMemberRoutes(ops, docs, {
      members: services.members,
      now,
      sessions: { end: sessions.end, forget: sessions.change },
    });
    mountOpsAdjustmentRoutes(ops, docs, { adjustments: services.adjustments, now });
    mountOpsLedgerRoutes(ops, docs, { ledger: services.ledgerCheck });
    mountOpsQueueRoutes(ops, docs, { queues: services.queues });
  },
  seed: {
    when: "start",
    run: async ({ db, nowMs }) =>
      (await seedDemoStaff(db, nowMs)) ? [`seeded the demo operations admin ${demoAdmin.login}`] : [],
  },
});
