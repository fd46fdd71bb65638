import type { FieldIssueCode, FieldParams } from "@kabuto/shared/api/field-issues";
import { fieldIssuesOf, paramsOf } from "@kabuto/shared/api/field-issues";
import type { ErrorCode } from "@kabuto/shared/errors";
import { isErrorCode } from "@kabuto/shared/errors";
import type { z } from "zod";
import { AppError } from "./errors.ts";

/**
 * Parses input with a shared schema. A failure becomes one AppError whose details list every
 * field's code (`fields`) and, where the message names a bound, that bound (`params`: `{ name:
 * { max: 64 } }` beside `fields: { name: "TOO_LONG" }`), so a form can say what is wrong with
 * each field. The error's own code is the first field's when that is an error code of the
 * closed list, and VALIDATION_FAILED when it is a field issue, whose message needs its field.
 */
export function validate<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input ?? {});
  if (result.success) return result.data;
  const fields: Record<string, ErrorCode | FieldIssueCode> = {};
  const params: Record<string, FieldParams> = {};
  for (const [field, issue] of Object.entries(fieldIssuesOf(result.error.issues))) {
    fields[field] = issue.code;
    const bounds = paramsOf(issue);
    if (bounds) params[field] = bounds;
  }
  const first = Object.values(fields)[0];
  const code = isErrorCode(first) ? first : "VALIDATION_FAILED";
  throw new AppError(code, Object.keys(params).length > 0 ? { fields, params } : { fields });
}
