import { checkInResultSchema, rewardConversionSchema, rewardsSummarySchema } from "@kabuto/shared";
import type { Router } from "express";
import { claimOf, sendKeyed } from "../http/idempotency.ts";
import type { ApiDocs } from "../http/openapi.ts";
import { requireMember } from "../http/session-middleware.ts";
import type { RewardsService } from "./rewards.service.ts";

/** The member's rewards: the daily check-in and its points, and their conversion into cash. */
export function mountRewardRoutes(router: Router, docs: ApiDocs, deps: { rewards: RewardsService }): void {
  const { rewards } = deps;
  const route = docs.on(router);
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
}
