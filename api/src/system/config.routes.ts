import { opsApi } from "@kabuto/shared/endpoints/ops";
import type { RequestHandler, Router } from "express";
import type { ApiDocs } from "../http/openapi.ts";
import type { ConfigService } from "./config.service.ts";
/** The public settings in the console (supervisor and up). */
export function mountOpsConfigRoutes(
  ops: Router,
  docs: ApiDocs,
  deps: { config: ConfigService; now: () => number },
): void {
  const { config, now } = deps;
  const serve = docs.serve({ router: ops, ops });
  // An unknown name is refused before its value is looked at: this runs before the body is parsed.
  const knownName: RequestHandler<{ name: string }> = (request, _response, next) => {
    config.editable(request.params.name);
    next();
  };

  serve(opsApi.config, async () => ({ items: await config.opsEntries() }));

  serve(
    opsApi.setConfig,
    ({ params, body, staff, request }) =>
      config.set(config.editable(params.name), body.value, staff, { nowMs: now(), ip: request.ip ?? "" }),
    { before: [knownName as RequestHandler] },
  );
}
