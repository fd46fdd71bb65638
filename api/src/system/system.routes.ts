import type { Bus } from "@kabuto/bus";
import type { ConfigEntry, Health } from "@kabuto/shared/api/system";
import { systemApi } from "@kabuto/shared/endpoints/system";
import type { Router } from "express";
import { answered } from "../http/endpoints.ts";
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
  const serve = docs.serve({ router });
  serve(systemApi.health, async ({ response }) => {
    const database = (await deps.database.ping()) ? "up" : "down";
    const bus = deps.bus.status();
    const health: Health = {
      status: database === "up" && bus === "up" ? "ok" : "degraded",
      database,
      bus,
      feedEpoch: deps.feedEpoch(),
      version: deps.version,
    };
    // Degraded answers 503 with the same body, for load balancers: not the declared status.
    response.status(health.status === "ok" ? 200 : 503).json(health);
    return answered;
  });

  serve(systemApi.config, async () => ({ items: await deps.publicConfig() }));
}
