import { endpoint } from "./endpoint.ts";
import { configListSchema, healthSchema } from "./system.ts";

/** What anyone may read of the system: whether it is healthy, and the public settings. */
export const systemApi = {
  health: endpoint({
    method: "get",
    path: "/health",
    tag: "system",
    summary: "Database and bus status",
    caller: "anyone",
    response: healthSchema,
  }),
  config: endpoint({
    method: "get",
    path: "/config",
    tag: "system",
    summary: "Public config entries: title, support links and address, fund hours, withdrawal minimums",
    caller: "anyone",
    response: configListSchema,
  }),
};
