import { configUpdateSchema, opsConfigEntrySchema, opsConfigListSchema } from "@kabuto/shared";
import type { Router } from "express";
import type { ApiDocs } from "../http/openapi.ts";
import { validate } from "../validate.ts";
import type { ConfigService } from "./config.service.ts";
import { requireStaff } from "./staff-sessions.ts";

/** The public settings in the console (supervisor and up). */
export function mountOpsConfigRoutes(
  ops: Router,
  docs: ApiDocs,
  deps: { config: ConfigService; now: () => number },
): void {
  const { config, now } = deps;
  const route = docs.on(ops, "/ops");

  route(
    {
      method: "get",
      path: "/config",
      tag: "ops",
      summary:
        "The public settings: editable ones with their defaults, and the enforced hours and limits (supervisor)",
      response: opsConfigListSchema,
      errors: ["STAFF_UNAUTHENTICATED", "FORBIDDEN"],
    },
    async (request, response) => {
      requireStaff(request, "supervisor");
      response.json({ items: await config.opsEntries() });
    },
  );

  route(
    {
      method: "put",
      path: "/config/{name}",
      tag: "ops",
      summary: "Set one editable setting; links must be http(s), each value has a length limit (supervisor)",
      body: configUpdateSchema,
      response: opsConfigEntrySchema,
      errors: ["STAFF_UNAUTHENTICATED", "FORBIDDEN", "CONFIG_NAME_INVALID", "VALIDATION_FAILED"],
    },
    async (request, response) => {
      const actor = requireStaff(request, "supervisor");
      // An unknown name is refused before its value is looked at.
      const definition = config.editable(String(request.params.name));
      const { value } = validate(configUpdateSchema, request.body);
      response.json(await config.set(definition, value, actor, { nowMs: now(), ip: request.ip ?? "" }));
    },
  );
}
