import { dividendsApi } from "@kabuto/shared/endpoints/dividends";
import type { Router } from "express";
import type { ApiDocs } from "../http/openapi.ts";
import type { DividendsService } from "./dividends.service.ts";

/** The member's dividend calendar, their payments, and one dividend's detail. Nothing here changes money: the worker pays. */
export function mountDividendRoutes(
  router: Router,
  docs: ApiDocs,
  deps: { dividends: DividendsService },
): void {
  const { dividends } = deps;
  const serve = docs.serve({ router });
  serve(dividendsApi.list, async ({ member, query: { scope } }) =>
    scope === "history"
      ? { scope, items: await dividends.history(member.id) }
      : { scope, items: await dividends.upcoming(member.id) },
  );
  serve(dividendsApi.detail, ({ member, params }) => dividends.detail(member.id, params.id));
}
