import { opsApi } from "@kabuto/shared/endpoints/ops";
import type { Router } from "express";
import { AppError } from "../errors.ts";
import type { ApiDocs } from "../http/openapi.ts";
import type { MembersService } from "./members.service.ts";
export interface SessionControl {
  /** Ends sessions: every API process forgets them and every gateway drops their sockets. */
  end(tokenHashes: string[]): Promise<void>;
  /** Sessions that live on with changed flags: every API process re-reads them on their next request. */
  forget(tokenHashes: string[]): Promise<void>;
}

/** Member search, profiles and account flags in the console. */
export function mountOpsMemberRoutes(
  ops: Router,
  docs: ApiDocs,
  deps: { members: MembersService; now: () => number; sessions: SessionControl },
): void {
  const { members, now, sessions } = deps;
  const serve = docs.serve({ router: ops, ops });

  serve(opsApi.members, ({ query }) => members.search(query));

  serve(opsApi.member, async ({ params }) => {
    const profile = await members.profile(params.id, now());
    if (!profile) throw new AppError("MEMBER_NOT_FOUND");
    return profile;
  });

  serve(opsApi.setMemberFlags, async ({ params, body, staff, request }) => {
    const result = await members.setFlags(params.id, body, staff, { nowMs: now(), ip: request.ip ?? "" });
    await sessions.end(result.ended);
    await sessions.forget(result.changed);
    return result.member;
  });
}
