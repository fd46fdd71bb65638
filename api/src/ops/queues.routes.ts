import { opsQueuesSchema } from "@kabuto/shared";
import type { Router } from "express";
import type { ApiDocs } from "../http/openapi.ts";
import type { QueuesService } from "./queues.service.ts";
import { requireStaff } from "./staff-sessions.ts";

/** The overview's counts: how long each review queue is, and how old its oldest request. */
export function mountOpsQueueRoutes(ops: Router, docs: ApiDocs, deps: { queues: QueuesService }): void {
  const route = docs.on(ops, "/ops");
  route(
    {
      method: "get",
      path: "/queues",
      tag: "ops",
      summary: "How many identity checks, deposits and withdrawals wait for a decision, and since when",
      response: opsQueuesSchema,
      errors: ["STAFF_UNAUTHENTICATED", "FORBIDDEN"],
    },
    async (request, response) => {
      requireStaff(request, "reviewer");
      response.json(await deps.queues.overview());
    },
  );
}
