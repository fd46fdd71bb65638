import { opsApi } from "@kabuto/shared/endpoints/ops";
import type { Router } from "express";
import type { ApiDocs } from "../http/openapi.ts";
import type { QueuesService } from "./queues.service.ts";

/** The overview's counts: how long each review queue is, and how old its oldest request. */
export function mountOpsQueueRoutes(ops: Router, docs: ApiDocs, deps: { queues: QueuesService }): void {
  const serve = docs.serve({ router: ops, ops });
  serve(opsApi.queues, () => deps.queues.overview());
}
