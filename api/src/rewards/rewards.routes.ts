import { rewardsApi } from "@kabuto/shared/endpoints/rewards";
import type { Router } from "express";
import type { ApiDocs } from "../http/openapi.ts";
import type { InvitationsService } from "./invitations.service.ts";
import type { RewardOpsService } from "./reward-ops.service.ts";
import type { RewardsService } from "./rewards.service.ts";
/**
 * The member's rewards (the daily check-in and its points, their conversion into cash, the
 * invitations) and the console's: the settings in effect, a member's rewards, reversal.
 */
export function mountRewardRoutes(
  router: Router,
  ops: Router,
  docs: ApiDocs,
  deps: { rewards: RewardsService; invitations: InvitationsService; rewardOps: RewardOpsService },
): void {
  const { rewards, invitations, rewardOps } = deps;
  const serve = docs.serve({ router, ops });
  serve(rewardsApi.terms, async () => rewards.publicTerms());
  serve(rewardsApi.summary, ({ member }) => rewards.summary(member.id));
  serve(rewardsApi.checkIn, ({ member, claim }) => rewards.checkIn(member.id, claim));
  serve(rewardsApi.convert, ({ member, claim }) => rewards.convert(member.id, claim));
  serve(rewardsApi.invitations, ({ member }) => invitations.list(member.id));

  serve(rewardsApi.opsSettings, async () => rewardOps.settings());
  serve(rewardsApi.opsMemberRewards, ({ params }) => rewardOps.memberRewards(params.id));
  serve(rewardsApi.reverse, ({ params, body, staff, claim, request }) =>
    rewardOps.reverse(params.id, params.journalId, body, staff, { ip: request.ip ?? "", claim }),
  );
}
