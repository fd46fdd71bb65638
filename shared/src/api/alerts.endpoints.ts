import { alertListSchema, alertNoticeListSchema, alertSchema, createAlertSchema } from "./alerts.ts";
import { doneSchema } from "./done.ts";
import { endpoint } from "./endpoint.ts";

/** Price alerts: a member's conditions on a stock's price or day change, and what fired. */
export const alertsApi = {
  list: endpoint({
    method: "get",
    path: "/alerts",
    tag: "alerts",
    summary: "The member's alerts, newest first: active ones and one-off alerts that have fired",
    caller: "member",
    response: alertListSchema,
    changesWith: ["alert"],
  }),
  create: endpoint({
    method: "post",
    path: "/alerts",
    tag: "alerts",
    summary: "Set an alert on a stock's price or day change, once, once a day or every time",
    caller: "member",
    idempotent: true,
    status: 201,
    body: createAlertSchema,
    response: alertSchema,
    errors: [
      "SYMBOL_INVALID",
      "SYMBOL_NOT_FOUND",
      "ALERT_KIND_INVALID",
      "ALERT_THRESHOLD_INVALID",
      "ALERT_FREQUENCY_INVALID",
      "ALERT_ALREADY_MET",
      "ALERTS_LIMIT",
      "PRICE_UNAVAILABLE",
    ],
  }),
  remove: endpoint({
    method: "delete",
    path: "/alerts/{id}",
    tag: "alerts",
    summary: "Delete an alert (its notices stay)",
    caller: "member",
    response: doneSchema,
    errors: ["ALERT_NOT_FOUND"],
  }),
  notices: endpoint({
    method: "get",
    path: "/alerts/notices",
    tag: "alerts",
    summary: "The member's latest alert notices, newest first",
    caller: "member",
    response: alertNoticeListSchema,
    changesWith: ["alert"],
  }),
};
