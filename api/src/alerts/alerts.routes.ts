import { alertsApi } from "@kabuto/shared/endpoints/alerts";
import type { Router } from "express";
import type { ApiDocs } from "../http/openapi.ts";
import type { AlertsService } from "./alerts.service.ts";

export function mountAlertsRoutes(router: Router, docs: ApiDocs, deps: { alerts: AlertsService }): void {
  const { alerts } = deps;
  const serve = docs.serve({ router });

  serve(alertsApi.list, ({ member }) => alerts.list(member.id));
  serve(alertsApi.notices, ({ member }) => alerts.notices(member.id));
  serve(alertsApi.create, ({ member, body, claim }) => alerts.create(member.id, body, claim));
  serve(alertsApi.remove, ({ member, params }) => alerts.remove(member.id, params.id));
}
