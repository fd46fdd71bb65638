import { dividendDetailSchema, dividendListSchema, dividendQuerySchema } from "@kabuto/shared";
import type { Router } from "express";
import type { ApiDocs } from "../http/openapi.ts";
import { requireMember } from "../http/session-middleware.ts";
import { validate } from "../validate.ts";
import type { DividendsService } from "./dividends.service.ts";

/** The member's dividend calendar, their payments, and one dividend's detail. Nothing here changes money: the worker pays. */
export function mountDividendRoutes(
  router: Router,
  docs: ApiDocs,
  deps: { dividends: DividendsService },
): void {
  const { dividends } = deps;
  const route = docs.on(router);
  route(
    {
      method: "get",
      path: "/dividends",
      tag: "dividends",
      summary:
        "scope=upcoming: announced dividends on the member's holdings and watchlist with what they would receive or pay; scope=history: what they received and paid",
      auth: true,
      query: dividendQuerySchema,
      response: dividendListSchema,
      errors: ["UNAUTHENTICATED", "VALIDATION_FAILED"],
    },
    async (request, response) => {
      const memberId = requireMember(request).id;
      const { scope } = validate(dividendQuerySchema, request.query);
      response.json(
        scope === "history"
          ? { scope, items: await dividends.history(memberId) }
          : { scope, items: await dividends.upcoming(memberId) },
      );
    },
  );
  route(
    {
      method: "get",
      path: "/dividends/{id}",
      tag: "dividends",
      summary:
        "One dividend (`JP:7203@2027-03-30`): dates, amount, the estimate while ahead, the member's payments once ex",
      auth: true,
      response: dividendDetailSchema,
      errors: ["UNAUTHENTICATED", "DIVIDEND_NOT_FOUND"],
    },
    async (request, response) => {
      response.json(await dividends.detail(requireMember(request).id, request.params.id));
    },
  );
}
