import { opsQueuesSchema } from "@kabuto/shared";
import type { Router } from "express";
import type { Db } from "../db/database.ts";
import type { ApiDocs } from "../http/openapi.ts";
import { opsQueues } from "./queues.service.ts";
import { requireStaff } from "./staff-sessions.ts";

/** The overview's counts of every review queue (see `queueCounts`). */
export function mountOpsQueueRoutes(ops: Router, docs: ApiDocs, deps: { db: Db }): void {
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
      response.json(await opsQueues(deps.db));
    },
  );
}
