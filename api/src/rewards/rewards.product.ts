import { product } from "../kernel/product.ts";
import { demoInvitee, seedDemoInvitee } from "../seed.ts";
import { InvitationsService } from "./invitations.service.ts";
import { RewardOpsService } from "./reward-ops.service.ts";
import { mountRewardRoutes } from "./rewards.routes.ts";
import { parseRewardTerms, RewardsService } from "./rewards.service.ts";

/** Check-in rewards, invitations and the reward an invitee pays their inviter, and their reversal by staff. */
export const rewardsProduct = product({
  name: "rewards",
  uses: [],
  create: ({ config, database, now, events }) => {
    const { db } = database;
    const terms = parseRewardTerms(config);
    return {
      rewards: new RewardsService({ db, now, events, terms }),
      // Verification and deposit approvals pay the invitation reward inside their own transactions.
      invitations: new InvitationsService({ db, terms }),
      rewardOps: new RewardOpsService({ db, now, events, terms }),
    };
  },
  routes: ({ router, ops, docs }, { rewards, invitations, rewardOps }) =>
    mountRewardRoutes(router, ops, docs, { rewards, invitations, rewardOps }),
  seed: {
    when: "start",
    // The invitee's verification and deposit are approved by the demo admin, into a demo channel.
    after: ["auth", "staff", "funding"],
    run: async ({ db, config, nowMs }) =>
      (await seedDemoInvitee(db, config, nowMs))
        ? [`seeded the demo member's invitee ${demoInvitee.account}, verified with a first deposit`]
        : [],
  },
});
