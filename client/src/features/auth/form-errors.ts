import type { z } from "zod";

/**
 * The first error code of each field, from a client-side zod check or from the server's
 * `details.fields`. The shared schemas carry the codes themselves as their messages, so both
 * sources speak the same closed list.
 */
export type FieldErrors = Partial<Record<string, string>>;

export function fieldErrorsFromIssues(issues: readonly z.core.$ZodIssue[]): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of issues) {
    const field = String(issue.path[0] ?? "");
    if (field && errors[field] === undefined) errors[field] = issue.message;
  }
  return errors;
}
