import { followApi } from "@kabuto/shared/endpoints/follow";
import type { Request, Router } from "express";
import type { ApiDocs } from "../http/openapi.ts";
import type { FollowService, StaffContext } from "./follow.service.ts";

/** Follow trading for members (`router`) and the lead queue for operations (`ops`). */
export function mountFollowRoutes(
  router: Router,
  ops: Router,
  docs: ApiDocs,
  deps: { follow: FollowService; now: () => number },
): void {
  const { follow, now } = deps;
  const serve = docs.serve({ router, ops });
  const staffContext = (request: Request): StaffContext => ({ nowMs: now(), ip: request.ip ?? "" });

  serve(followApi.leaderboard, async ({ query }) => ({ items: await follow.leaderboard(query) }));
  serve(followApi.lead, ({ params }) => follow.leadDetail(params.id));
  serve(followApi.myApplication, ({ member }) => follow.myApplication(member.id));
  serve(followApi.applyToLead, ({ member, body, claim }) => follow.apply(member.id, body, claim));
  serve(followApi.copies, async ({ member, query }) => ({
    items: await follow.copies(member.id, query.status),
  }));
  serve(followApi.startCopy, ({ member, body, claim }) => follow.startCopy(member.id, body, claim));
  serve(followApi.changeFunds, ({ member, params, body, claim }) =>
    follow.changeFunds(member.id, params.id, body, claim),
  );
  serve(followApi.stopCopy, ({ member, params, claim }) => follow.stopCopy(member.id, params.id, claim));
  serve(followApi.closeMirror, ({ member, params, claim }) =>
    follow.closeMirror(member.id, params.id, params.positionId, claim),
  );
  serve(followApi.mirrored, async ({ member, query }) => ({
    items: await follow.mirroredPositions(member.id, query.status),
  }));

  serve(followApi.opsLeads, async ({ query }) => ({ items: await follow.opsLeads(query.status) }));
  serve(followApi.opsLead, ({ params }) => follow.opsLead(params.id));
  serve(followApi.review, ({ params, body, staff, request }) =>
    follow.review(params.id, body, staff, staffContext(request)),
  );
  serve(followApi.suspend, ({ params, body, staff, request }) =>
    follow.suspend(params.id, body.reason, staff, staffContext(request)),
  );
  serve(followApi.opsCopies, async ({ params }) => ({ items: await follow.opsCopies(params.id) }));
}
