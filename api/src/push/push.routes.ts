import { pushApi } from "@kabuto/shared/endpoints/push";
import type { Router } from "express";
import type { ApiDocs } from "../http/openapi.ts";
import type { PushService } from "./push.service.ts";

export function mountPushRoutes(router: Router, docs: ApiDocs, deps: { push: PushService }): void {
  const { push } = deps;
  const serve = docs.serve({ router });

  serve(pushApi.key, () => push.key());
  serve(pushApi.save, ({ member, body }) => push.save(member.id, body));
  serve(pushApi.remove, ({ member, body }) => push.remove(member.id, body.endpoint));
}
