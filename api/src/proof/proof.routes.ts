import { proofApi } from "@kabuto/shared/endpoints/proof";
import type { Router } from "express";
import type { ApiDocs } from "../http/openapi.ts";
import type { ProofService } from "./proof.service.ts";

export function mountProofRoutes(
  router: Router,
  ops: Router,
  docs: ApiDocs,
  deps: { proof: ProofService },
): void {
  const { proof } = deps;
  const serve = docs.serve({ router, ops });

  serve(proofApi.snapshots, () => proof.snapshots());
  serve(proofApi.mine, ({ member, params }) => proof.mine(member.id, params.id));
  serve(proofApi.take, ({ staff, claim, request }) => proof.takeNow(staff, { ip: request.ip ?? "", claim }));
}
