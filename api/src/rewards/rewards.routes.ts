import {
  checkInResultSchema,
  invitationsSchema,
  opsMemberRewardsSchema,
  rewardConversionSchema,
  rewardReversalRequestSchema,
  rewardReversalSchema,
  rewardSettingsSchema,
  rewardsSummarySchema,
} from "@kabuto/shared";
import type { Router } from "express";
import { claimOf, sendKeyed } from "../http/idempotency.ts";
import type { ApiDocs } from "../http/openapi.ts";
import { requireMember } from "../http/session-middleware.ts";
import { requireStaff } from "../ops/staff-sessions.ts";
import { validate } from "../validate.ts";
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
  const route = docs.on(router);
  const opsRoute = docs.on(ops, "/ops");
  route(
    {
      method: "get",
      path: "/rewards",
      tag: "rewards",
      summary:
        "Check-in state and streak, usable points, the terms, this year's reward cash, and the history",
      auth: true,
      response: rewardsSummarySchema,
      errors: ["UNAUTHENTICATED"],
    },
    async (request, response) => {
      response.json(await rewards.summary(requireMember(request).id));
    },
  );
  route(
    {
      method: "post",
      path: "/rewards/check-in",
      tag: "rewards",
      summary: "Today's check-in (Tokyo day): points once a day, a bonus on every seventh day in a row",
      auth: true,
      response: checkInResultSchema,
      errors: ["UNAUTHENTICATED", "ACCOUNT_FROZEN", "ALREADY_CHECKED_IN"],
    },
    async (request, response) => {
      response.status(201).json(await rewards.checkIn(requireMember(request).id));
    },
  );
  route(
    {
      method: "post",
      path: "/rewards/convert",
      tag: "rewards",
      summary: "Turn usable points into yen (whole yen, at least the minimum, within the year's cap)",
      auth: true,
      response: rewardConversionSchema,
      errors: [
        "UNAUTHENTICATED",
        "ACCOUNT_FROZEN",
        "CHECKIN_POINTS_TOO_FEW",
        "REWARD_YEAR_CAP_REACHED",
        "IDEMPOTENCY_KEY_INVALID",
        "IDEMPOTENCY_KEY_REUSED",
      ],
    },
    async (request, response) => {
      const member = requireMember(request);
      sendKeyed(response, await rewards.convert(member.id, claimOf(request, 201)), 201);
    },
  );
  route(
    {
      method: "get",
      path: "/invitations",
      tag: "rewards",
      summary:
        "The member's invitation code, the reward a completed invitation pays, and their invitees (masked numbers) with what each has completed",
      auth: true,
      response: invitationsSchema,
      errors: ["UNAUTHENTICATED"],
    },
    async (request, response) => {
      response.json(await invitations.list(requireMember(request).id));
    },
  );

  opsRoute(
    {
      method: "get",
      path: "/reward-settings",
      tag: "ops",
      summary:
        "The reward settings in effect (check-in points, conversion, expiry, yearly cap, hold, invitation reward); read-only, from the server's settings (reviewer)",
      response: rewardSettingsSchema,
      errors: ["STAFF_UNAUTHENTICATED", "FORBIDDEN"],
    },
    async (request, response) => {
      requireStaff(request, "reviewer");
      response.json(rewardOps.settings());
    },
  );
  opsRoute(
    {
      method: "get",
      path: "/members/{id}/rewards",
      tag: "ops",
      summary:
        "A member's check-ins, points, reward cash this year, invitations and reward journals (reviewer)",
      response: opsMemberRewardsSchema,
      errors: ["STAFF_UNAUTHENTICATED", "FORBIDDEN", "MEMBER_NOT_FOUND"],
    },
    async (request, response) => {
      requireStaff(request, "reviewer");
      response.json(await rewardOps.memberRewards(String(request.params.id)));
    },
  );
  opsRoute(
    {
      method: "post",
      path: "/members/{id}/rewards/{journalId}/reversal",
      tag: "ops",
      summary:
        "Take a reward back (abuse) by an adjusting journal to the house rewards account, with a reason the member reads; audited (supervisor); accepts Idempotency-Key",
      body: rewardReversalRequestSchema,
      response: rewardReversalSchema,
      errors: [
        "STAFF_UNAUTHENTICATED",
        "FORBIDDEN",
        "MEMBER_NOT_FOUND",
        "REWARD_NOT_FOUND",
        "REWARD_ALREADY_REVERSED",
        "REASON_REQUIRED",
        "INSUFFICIENT_BALANCE",
        "IDEMPOTENCY_KEY_INVALID",
        "IDEMPOTENCY_KEY_REUSED",
      ],
    },
    async (request, response) => {
      const actor = requireStaff(request, "supervisor");
      const body = validate(rewardReversalRequestSchema, request.body);
      const result = await rewardOps.reverse(
        String(request.params.id),
        String(request.params.journalId),
        body,
        actor,
        {
          ip: request.ip ?? "",
          claim: claimOf(request, 201),
        },
      );
      sendKeyed(response, result, 201);
    },
  );
}
