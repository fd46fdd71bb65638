import { supportApi } from "@kabuto/shared/endpoints/support";
import type { Router } from "express";
import type { ApiDocs } from "../http/openapi.ts";
import { type UploadStore, uploadedFile } from "../uploads/upload-store.ts";
import type { SupportService } from "./support.service.ts";
/** Online support: the member's conversations (`router`) and the staff inbox (`ops`). */
export function mountSupportRoutes(
  router: Router,
  ops: Router,
  docs: ApiDocs,
  deps: { support: SupportService; uploads: UploadStore; now: () => number },
): void {
  const { support, now } = deps;
  const serve = docs.serve({ router, ops });
  const screenshot = { upload: deps.uploads.fields(["screenshot"]) };

  serve(supportApi.overview, ({ member }) => support.overview(member.id));
  serve(
    supportApi.open,
    ({ member, body, claim, request }) =>
      support.open(member.id, body, uploadedFile(request.files, "screenshot"), claim),
    screenshot,
  );
  serve(supportApi.conversation, ({ member, params }) => support.conversation(member.id, params.id));
  serve(
    supportApi.write,
    ({ member, params, body, claim, request }) =>
      support.write(member.id, params.id, body, uploadedFile(request.files, "screenshot"), claim),
    screenshot,
  );
  serve(supportApi.read, ({ member, params }) => support.memberRead(member.id, params.id));

  serve(supportApi.inbox, async () => ({ items: await support.inbox() }));
  serve(supportApi.opsConversation, ({ params }) => support.opsConversation(params.id));
  serve(supportApi.reply, ({ params, body, staff, claim, request }) =>
    support.reply(params.id, body, staff, { nowMs: now(), ip: request.ip ?? "", claim }),
  );
  serve(supportApi.staffRead, ({ params }) => support.staffRead(params.id));
}
