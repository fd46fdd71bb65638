import { hashToken } from "../kernel/member-sessions.ts";
import { product, secretsOf } from "../kernel/product.ts";
import { demoMember, seedDemo } from "../seed.ts";
import { mountAuthRoutes } from "./auth.routes.ts";
import { AuthService } from "./auth.service.ts";

/** Registration, sign-in by password or SMS code, sign-out and the member's sessions. */
export const authProduct = product({
  name: "auth",
  uses: [],
  needsSecrets: true,
  create: (kernel) => {
    const { throttle, sms, devices } = secretsOf(kernel, "auth");
    const { config } = kernel;
    return {
      auth: new AuthService({
        db: kernel.database.db,
        throttle,
        sms,
        devices,
        logger: kernel.logger,
        inviteRequired: config.INVITE_REQUIRED,
        registrationsPerAddress: config.REGISTRATIONS_PER_ADDRESS_HOUR,
      }),
    };
  },
  routes: ({ router, docs, now, config, sessions }, { auth }) => {
    mountAuthRoutes(router, docs, {
      auth,
      now,
      sessionsEnded: (ended) => sessions.end(ended.tokens.map(hashToken)),
      cookieSecure: config.cookieSecure,
    });
  },
  seed: {
    when: "start",
    run: async ({ db, nowMs }) =>
      (await seedDemo(db, nowMs))
        ? [
            `seeded the demo member ${demoMember.account} / ${demoMember.password} (invite code ${demoMember.inviteCode})`,
          ]
        : [],
  },
});
