import { z } from "zod";
import { formatLocales } from "../format/locale.ts";
import { safeText } from "../text.ts";

/** What a statement can be downloaded as. */
export const statementFormats = ["csv", "pdf"] as const;
export type StatementFormat = (typeof statementFormats)[number];

/** A Tokyo month, `2026-11`: a monthly statement. */
export const statementMonthPattern = /^\d{4}-(0[1-9]|1[0-2])$/;
/** A Tokyo year, `2026`: a yearly trade report. */
export const statementYearPattern = /^\d{4}$/;

/** The periods a member can download: months with activity and the years of their account, newest first. */
export const statementPeriodsSchema = z.object({
  /** Tokyo months (`2026-11`) in which the member's ledger has a journal. */
  months: z.array(z.string()),
  /** Tokyo years (`2026`) from the one the member joined in to the current one. */
  years: z.array(z.string()),
});
export type StatementPeriods = z.infer<typeof statementPeriodsSchema>;

// Text a member or staff member sends is first checked as text (INVALID_TEXT), as every field is.
const periodSchema = safeText({ error: "STATEMENT_PERIOD_INVALID" }).refine(
  (text) => statementMonthPattern.test(text) || statementYearPattern.test(text),
  {
    error: "STATEMENT_PERIOD_INVALID",
  },
);
const formatSchema = z.enum(statementFormats, { error: "STATEMENT_FORMAT_INVALID" });
const languageSchema = z.enum(formatLocales, { error: "STATEMENT_LANGUAGE_INVALID" });

/** One statement: the period (a month or a year), the file's format, and its language (Japanese unless given). */
export const statementQuerySchema = z.object({
  period: periodSchema,
  format: formatSchema,
  lang: languageSchema.default("ja"),
});
export type StatementQuery = z.input<typeof statementQuerySchema>;

/** What staff ask for to produce a member's statement: the same choice, as a body. */
export const statementRequestSchema = statementQuerySchema;
