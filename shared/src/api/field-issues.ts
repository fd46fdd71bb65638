import { z } from "zod";
import { type ErrorCode, isErrorCode } from "../errors.ts";

/**
 * What a form field can be told when a schema gives no code of its own for a failure: the kind
 * of zod issue, with its bound where it has one, so "at most 40 characters" reaches the field
 * instead of "please check your input". The server sends these in a validation failure's
 * `details.fields`, with the bounds in `details.params`; the client renders them translated.
 */
export const fieldIssueCodes = [
  /** An empty text where one is needed (a minimum length of one). */
  "FIELD_REQUIRED",
  /** Text shorter than `min` characters. */
  "TOO_SHORT",
  /** Text longer than `max` characters. */
  "TOO_LONG",
  /** A number below `min`. */
  "TOO_SMALL",
  /** A number above `max`. */
  "TOO_LARGE",
  /** A number that must be more than `min` (a positive amount: more than 0). */
  "MUST_EXCEED",
  /** A number that must be less than `max`. */
  "MUST_BE_UNDER",
  /** A list of more than `max` items. */
  "TOO_MANY",
  /** A list of fewer than `min` items. */
  "TOO_FEW",
  /** Text that does not have the form asked for (an email, a URL, a pattern). */
  "INVALID_FORMAT",
] as const;
export type FieldIssueCode = (typeof fieldIssueCodes)[number];

export function isFieldIssueCode(value: unknown): value is FieldIssueCode {
  return typeof value === "string" && (fieldIssueCodes as readonly string[]).includes(value);
}

/** The bounds a field's message names: `{ max: 40 }` for "at most 40 characters". */
export const fieldParamsSchema = z.object({ max: z.number().optional(), min: z.number().optional() });
export type FieldParams = z.infer<typeof fieldParamsSchema>;

/** One field's failure: an error code (the schema's own, or one of the issue codes above) and its bounds. */
export interface FieldIssue extends FieldParams {
  code: ErrorCode | FieldIssueCode;
}

/**
 * A validation failure's details as the server sends them: each field's code, and for the fields
 * whose message names a bound, that bound.
 */
export const validationDetailsSchema = z.object({
  fields: z.record(z.string(), z.string()).optional(),
  params: z.record(z.string(), fieldParamsSchema).optional(),
});

/** The generic code every schema falls back to; a field issue replaces it with something said plainly. */
const genericCode: ErrorCode = "VALIDATION_FAILED";

function bound(value: number | bigint): number {
  return Number(value);
}

/** The issue's own kind as a field code and bounds, or the generic code when it has no kind worth naming. */
function issueKind(issue: z.core.$ZodIssue): FieldIssue {
  switch (issue.code) {
    case "too_big": {
      const max = bound(issue.maximum);
      if (issue.origin === "string") return { code: "TOO_LONG", max };
      if (issue.origin === "array" || issue.origin === "set") return { code: "TOO_MANY", max };
      if (issue.origin === "number" || issue.origin === "int" || issue.origin === "bigint")
        return issue.inclusive === false ? { code: "MUST_BE_UNDER", max } : { code: "TOO_LARGE", max };
      return { code: genericCode };
    }
    case "too_small": {
      const min = bound(issue.minimum);
      if (issue.origin === "string")
        return min <= 1 ? { code: "FIELD_REQUIRED" } : { code: "TOO_SHORT", min };
      if (issue.origin === "array" || issue.origin === "set") return { code: "TOO_FEW", min };
      if (issue.origin === "number" || issue.origin === "int" || issue.origin === "bigint")
        return issue.inclusive === false ? { code: "MUST_EXCEED", min } : { code: "TOO_SMALL", min };
      return { code: genericCode };
    }
    case "invalid_format":
      return { code: "INVALID_FORMAT" };
    default:
      return { code: genericCode };
  }
}

/**
 * What a field is told about a zod issue. A schema's own code (its issue message, such as
 * `NAME_REQUIRED` or any code a shared refinement adds, `INVALID_TEXT` for one) wins, keeping
 * the issue's bounds beside it; only the generic `VALIDATION_FAILED`, or no code at all, gives
 * way to the issue's kind. So any code in the closed list composes with this mapping unchanged.
 */
export function fieldIssueOf(issue: z.core.$ZodIssue): FieldIssue {
  const kind = issueKind(issue);
  const own = issue.message;
  if ((isErrorCode(own) && own !== genericCode) || isFieldIssueCode(own)) {
    const { code: _kind, ...params } = kind;
    return { code: own, ...params };
  }
  return kind;
}

/** The bounds of an issue, without its code; undefined when it names none. */
export function paramsOf(issue: FieldIssue): FieldParams | undefined {
  const params: FieldParams = {};
  if (issue.max !== undefined) params.max = issue.max;
  if (issue.min !== undefined) params.min = issue.min;
  return Object.keys(params).length > 0 ? params : undefined;
}

/** Each field's first issue, keyed by its dotted path (`_` for the body as a whole). */
export function fieldIssuesOf(issues: readonly z.core.$ZodIssue[]): Record<string, FieldIssue> {
  const fields: Record<string, FieldIssue> = {};
  for (const issue of issues) {
    const field = issue.path.map(String).join(".") || "_";
    fields[field] ??= fieldIssueOf(issue);
  }
  return fields;
}
