import type { Bus } from "@kabuto/bus";
import type { ConfigEntry, Health } from "@kabuto/shared";
import { configListSchema, healthSchema } from "@kabuto/shared";
import type { Router } from "express";
import type { ApiDocs } from "../http/openapi.ts";

export function mountSystemRoutes(
  router: Router,
  docs: ApiDocs,
  deps: {
    /** Whether the database answers; health needs nothing else of it. */
    database: { ping(): Promise<boolean> };
    bus: Bus;
    version: string;
    feedEpoch: () => string | null;
    /** The allow-listed public entries (ops/config.service.ts); nothing else in the table is shown. */
    publicConfig: () => Promise<ConfigEntry[]>;
  },
): void {
  const route = docs.on(router);
  route(
    {
      method: "get",
      path: "/health",
      tag: "system",
      summary: "Database and bus status",
      response: healthSchema,
    },
    async (_request, response) => {
      const database = (await deps.database.ping()) ? "up" : "down";
      const bus = deps.bus.status();
      const health: Health = {
        status: database === "up" && bus === "up" ? "ok" : "degraded",
        database,
        bus,
        feedEpoch: deps.feedEpoch(),
        version: deps.version,
      };
      response.status(health.status === "ok" ? 200 : 503).json(health);
    },
  );

  route(
    {
      method: "get",
      path: "/config",
      tag: "system",
      summary: "Public config entries: title, support links and address, fund hours, withdrawal minimums",
      response: configListSchema,
    },
    async (_request, response) => {
      response.json({ items: await deps.publicConfig() });
    },
  );
}
