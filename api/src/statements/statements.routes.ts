import { statementsApi } from "@kabuto/shared/endpoints/statements";
import type { Response, Router } from "express";
import { answered } from "../http/endpoints.ts";
import type { ApiDocs } from "../http/openapi.ts";
import type { StatementFile, StatementsService } from "./statements.service.ts";

/** Sends a statement as a download: its type, its file name, never cached or sniffed. */
function sendFile(response: Response, file: StatementFile): typeof answered {
  response.setHeader("Content-Type", file.contentType);
  response.setHeader("Content-Length", String(file.bytes.length));
  response.setHeader("Content-Disposition", `attachment; filename="${file.fileName}"`);
  response.setHeader("X-Content-Type-Options", "nosniff");
  response.setHeader("Cache-Control", "private, no-store");
  response.end(file.bytes);
  return answered;
}

/** A member's periods and downloads (`/statements`), and staff's production for a member (`/ops/members/{id}/statements`). */
export function mountStatementsRoutes(
  router: Router,
  ops: Router,
  docs: ApiDocs,
  deps: { statements: StatementsService },
): void {
  const { statements } = deps;
  const serve = docs.serve({ router, ops });

  serve(statementsApi.periods, ({ member }) => statements.periods(member.id));
  serve(statementsApi.download, async ({ member, query, response }) =>
    sendFile(response, await statements.forMember(member.id, query)),
  );
  serve(statementsApi.produce, async ({ staff, params, body, request, response }) =>
    sendFile(response, await statements.produce(staff, params.id, body, { ip: request.ip ?? "" })),
  );
}
