import { endpoint } from "./endpoint.ts";
import { statementPeriodsSchema, statementQuerySchema, statementRequestSchema } from "./statements.ts";

const statementErrors = [
  "STATEMENT_PERIOD_INVALID",
  "STATEMENT_PERIOD_FUTURE",
  "STATEMENT_PERIOD_BEFORE_JOINING",
  "STATEMENT_FORMAT_INVALID",
  "STATEMENT_LANGUAGE_INVALID",
] as const;

/**
 * Member statements: a Tokyo month's statement or a Tokyo year's trade report, made from the
 * ledger alone, as CSV or PDF in the reader's language. Downloads answer the file's bytes, not
 * JSON, so they declare no response; the client saves them (`download` in `lib/api.ts`).
 */
export const statementsApi = {
  periods: endpoint({
    method: "get",
    path: "/statements",
    tag: "statements",
    summary: "The periods the member can download: Tokyo months with activity and the years of their account",
    caller: "member",
    response: statementPeriodsSchema,
    changesWith: ["balance"],
  }),
  download: endpoint({
    method: "get",
    path: "/statements/file",
    tag: "statements",
    summary:
      "One statement (period `2026-11`) or yearly trade report (period `2026`) as CSV or PDF, in `lang` (ja unless given)",
    caller: "member",
    query: statementQuerySchema,
    errors: statementErrors,
  }),
  produce: endpoint({
    method: "post",
    path: "/ops/members/{id}/statements",
    tag: "ops",
    summary:
      "Produce a member's statement or yearly trade report as CSV or PDF, recorded in the audit log (reviewer)",
    caller: "reviewer",
    body: statementRequestSchema,
    errors: ["MEMBER_NOT_FOUND", ...statementErrors],
  }),
};
