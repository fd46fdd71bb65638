import { blockApi } from "@kabuto/shared/endpoints/block";
import type { Request, Router } from "express";
import type { ApiDocs } from "../http/openapi.ts";
import type { BlockService, StaffContext } from "./block.service.ts";

/** Block trades for members (`router`) and the block desk for operations (`ops`). */
export function mountBlockRoutes(
  router: Router,
  ops: Router,
  docs: ApiDocs,
  deps: { block: BlockService; now: () => number },
): void {
  const { block, now } = deps;
  const serve = docs.serve({ router, ops });
  const staffContext = (request: Request): StaffContext => ({ nowMs: now(), ip: request.ip ?? "" });

  serve(blockApi.catalog, ({ member }) => block.catalogOf(member.id));
  serve(blockApi.applications, async ({ member, query }) => ({
    items: await block.applications(member.id, query.kind),
  }));
  serve(blockApi.apply, ({ member, params, body, claim }) => block.apply(member.id, params.id, body, claim));
  serve(blockApi.bid, ({ member, body, claim }) => block.bid(member.id, body, claim));
  serve(blockApi.withdraw, ({ member, params, claim }) => block.withdraw(member.id, params.id, claim));

  serve(blockApi.desk, ({ query }) => block.queue(query.state));
  serve(blockApi.review, ({ params, body, staff, request }) =>
    block.review(params.id, body, staff, staffContext(request)),
  );
  serve(blockApi.publish, ({ body, staff, request }) =>
    block.createOffering(body, staff, staffContext(request)),
  );
  serve(blockApi.allot, ({ params, staff, request }) => block.allot(params.id, staff, staffContext(request)));
  serve(blockApi.openInstrument, ({ body, staff, request }) =>
    block.openInstrument(body, staff, staffContext(request)),
  );
}
