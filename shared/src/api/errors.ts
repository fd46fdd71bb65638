import { z } from "zod";

/**
 * Every failed HTTP response carries this body. `message` is for logs, never shown to members.
 * A validation failure's `details` name each field's code in `fields` and, where that code's
 * message names a bound, the bound in `params` (`validationDetailsSchema` in field-issues.ts).
 */
export const errorBodySchema = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    details: z.record(z.string(), z.unknown()).optional(),
  }),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;
