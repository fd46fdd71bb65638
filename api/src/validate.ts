import type { ErrorCode } from "@kabuto/shared";
import { isErrorCode } from "@kabuto/shared";
import type { z } from "zod";
import { AppError } from "./errors.ts";

/**
 * Parses input with a shared schema. A failure becomes one AppError whose code is the first
 * field's (so a form can show it as is) and whose details list every field's code.
 */
export function validate<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input ?? {});
  if (result.success) return result.data;
  const fields: Record<string, ErrorCode> = {};
  for (const issue of result.error.issues) {
    const field = issue.path.join(".") || "_";
    if (fields[field]) continue;
    fields[field] = isErrorCode(issue.message) ? issue.message : "VALIDATION_FAILED";
  }
  const first = Object.values(fields)[0] ?? "VALIDATION_FAILED";
  throw new AppError(first, { fields });
}
