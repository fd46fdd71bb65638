import { dayTradingApi } from "@kabuto/shared/endpoints/day-trading";
import type { Request, Router } from "express";
import type { ApiDocs } from "../http/openapi.ts";
import type { DayTradingService, StaffContext } from "./day-trading.service.ts";

/**
 * Day trading for members (`router`: the application, the terms and cut-offs, the positions;
 * orders go through `POST /orders` with `dayTrade`) and the application queue for operations (`ops`).
 */
export function mountDayTradingRoutes(
  router: Router,
  ops: Router,
  docs: ApiDocs,
  deps: { dayTrading: DayTradingService; now: () => number },
): void {
  const { dayTrading, now } = deps;
  const serve = docs.serve({ router, ops });
  const staffContext = (request: Request): StaffContext => ({ nowMs: now(), ip: request.ip ?? "" });

  serve(dayTradingApi.overview, ({ member }) => dayTrading.overview(member.id));
  serve(dayTradingApi.positions, async ({ member, query }) => ({
    items: await dayTrading.positions(member.id, query.status),
  }));
  serve(dayTradingApi.apply, ({ member, claim }) => dayTrading.apply(member.id, claim));

  serve(dayTradingApi.opsList, async ({ query }) => ({ items: await dayTrading.opsList(query.status) }));
  serve(dayTradingApi.opsDetail, ({ params }) => dayTrading.opsDetail(params.id));
  serve(dayTradingApi.review, ({ params, body, staff, request }) =>
    dayTrading.review(params.id, body, staff, staffContext(request)),
  );
}
