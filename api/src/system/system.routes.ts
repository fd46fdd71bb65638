import type { Bus } from "@kabuto/gateway";
import type { ConfigEntry, Health } from "@kabuto/shared";
import { configListSchema, healthSchema } from "@kabuto/shared";
import type { Router } from "express";
import type { Database } from "../db/database.ts";
import { configEntries } from "../db/schema.ts";
import type { ApiDocs } from "../http/openapi.ts";

/** Public entries every install has; operations may override them in the config table. */
export const defaultConfig: readonly ConfigEntry[] = [
  { name: "title", value: "Kabuto" },
  { name: "supportEmail", value: "support@kabuto.example" },
  { name: "depositHours", value: "09:30-19:30" },
];

export function mountSystemRoutes(
  router: Router,
  docs: ApiDocs,
  deps: { database: Database; bus: Bus; version: string; feedEpoch: () => string | null },
): void {
  docs.add({
    method: "get",
    path: "/health",
    tag: "system",
    summary: "Database and bus status",
    response: healthSchema,
  });
  router.get("/health", async (_request, response) => {
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
  });

  docs.add({
    method: "get",
    path: "/config",
    tag: "system",
    summary: "Public config entries",
    response: configListSchema,
  });
  router.get("/config", async (_request, response) => {
    const stored = await deps.database.db.select().from(configEntries);
    const merged = new Map(defaultConfig.map((entry) => [entry.name, entry.value]));
    for (const entry of stored) merged.set(entry.name, entry.value);
    response.json({ items: [...merged].map(([name, value]) => ({ name, value })) });
  });
}
