import { type FieldIssue, fieldIssueOf, paramsOf } from "@kabuto/shared/api/field-issues";
import type { z } from "zod";
import type { FieldError } from "../../lib/api-error.ts";

/**
 * The first error of each field, from a client-side zod check or from the server's
 * `details.fields`. The shared schemas carry the codes themselves as their messages, so both
 * sources speak the same closed list; where a schema leaves a bound generic, the issue's own
 * kind and bound stand in (`{ code: "TOO_LONG", max: 40 }`), as they do on the server.
 */
export type FieldErrors = Partial<Record<string, FieldError>>;

/** A field issue as a form holds it: the bare code when its message names no bound. */
export function toFieldError(issue: FieldIssue): FieldError {
  const params = paramsOf(issue);
  return params ? { code: issue.code, ...params } : issue.code;
}

/** The first issue's field error (of `field` only, when given); undefined when there is none. */
export function firstFieldError(issues: readonly z.core.$ZodIssue[], field?: string): FieldError | undefined {
  const issue = issues.find((candidate) => field === undefined || candidate.path[0] === field);
  return issue ? toFieldError(fieldIssueOf(issue)) : undefined;
}

export function fieldErrorsFromIssues(issues: readonly z.core.$ZodIssue[]): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of issues) {
    const field = String(issue.path[0] ?? "");
    if (field && errors[field] === undefined) errors[field] = toFieldError(fieldIssueOf(issue));
  }
  return errors;
}
