import { loansApi } from "@kabuto/shared/endpoints/loans";
import type { Request, Router } from "express";
import type { ApiDocs } from "../http/openapi.ts";
import type { LoansService, StaffContext } from "./loans.service.ts";

/** Credit loans for members (`router`) and their review queue and credit lines for operations (`ops`). */
export function mountLoanRoutes(
  router: Router,
  ops: Router,
  docs: ApiDocs,
  deps: { loans: LoansService; now: () => number },
): void {
  const { loans, now } = deps;
  const serve = docs.serve({ router, ops });
  const staffContext = (request: Request): StaffContext => ({ nowMs: now(), ip: request.ip ?? "" });

  serve(loansApi.credit, ({ member }) => loans.credit(member.id));
  serve(loansApi.list, async ({ member }) => ({ items: await loans.list(member.id) }));
  serve(loansApi.detail, ({ member, params }) => loans.detail(member.id, params.id));
  serve(loansApi.borrow, ({ member, body, claim }) => loans.borrow(member.id, body, claim));
  serve(loansApi.repay, ({ member, params, body, claim }) => loans.repay(member.id, params.id, body, claim));

  serve(loansApi.opsList, async ({ query }) => ({ items: await loans.opsList(query.status) }));
  serve(loansApi.opsDetail, ({ params }) => loans.opsDetail(params.id));
  serve(loansApi.review, ({ params, body, staff, request }) =>
    loans.review(params.id, body, staff, staffContext(request)),
  );
  serve(loansApi.opsCredit, ({ params }) => loans.opsCredit(params.id));
  serve(loansApi.setCredit, ({ params, body, staff, request }) =>
    loans.setCredit(params.id, body, staff, staffContext(request)),
  );
}
