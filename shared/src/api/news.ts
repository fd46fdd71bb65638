import { z } from "zod";
import { safeText } from "../text.ts";
import { reasonSchema } from "./staff-decisions.ts";

/** News is market or company news; an announcement is the house speaking (hours, maintenance). */
export const newsKinds = ["news", "announcement"] as const;
export type NewsKind = (typeof newsKinds)[number];

/** The three interface languages, keyed by their locale codes. */
export const newsLanguages = ["ja", "en", "zh-Hant"] as const;

/** A headline fits two lines on a phone. */
export const newsTitleLengthMax = 120;
/**
 * A body is a few screens of plain text. Three languages of it, at three UTF-8 bytes a
 * character, stay inside the API's 64 kB JSON body limit.
 */
export const newsBodyLengthMax = 4_000;
/** Items a list returns at most. */
export const newsPageMax = 50;

function localizedText(lengthMax: number, options: { multiline: boolean }) {
  const text = safeText({ error: "VALIDATION_FAILED", multiline: options.multiline })
    .trim()
    .min(1, { error: "VALIDATION_FAILED" })
    .max(lengthMax, { error: "VALIDATION_FAILED" });
  return z.object({ ja: text, en: text, "zh-Hant": text }, { error: "VALIDATION_FAILED" });
}

export const localizedTextSchema = z.object({ ja: z.string(), en: z.string(), "zh-Hant": z.string() });
export type LocalizedText = z.infer<typeof localizedTextSchema>;

/** What operations write: every language of the title and the body (plain text, never HTML). */
export const newsInputSchema = z.object({
  kind: z.enum(newsKinds, { error: "VALIDATION_FAILED" }),
  title: localizedText(newsTitleLengthMax, { multiline: false }),
  body: localizedText(newsBodyLengthMax, { multiline: true }),
  /** When members first see it (epoch ms); absent means now. A later instant schedules it. */
  publishedAtMs: z
    .number({ error: "VALIDATION_FAILED" })
    .int({ error: "VALIDATION_FAILED" })
    .positive({ error: "VALIDATION_FAILED" })
    .optional(),
});
export type NewsInput = z.input<typeof newsInputSchema>;

/** Pages go by an opaque cursor (the last item's publication instant and id). */
export const newsCursorPattern = /^\d{1,15}\.\d{1,15}$/;

export const newsQuerySchema = z.object({
  kind: z.enum(newsKinds, { error: "VALIDATION_FAILED" }).optional(),
  before: safeText().regex(newsCursorPattern, { error: "VALIDATION_FAILED" }).optional(),
  limit: z.coerce.number().int().min(1).max(newsPageMax).default(20),
});

export const newsSummarySchema = z.object({
  id: z.string(),
  kind: z.enum(newsKinds),
  title: localizedTextSchema,
  publishedAtMs: z.number(),
});
export type NewsSummary = z.infer<typeof newsSummarySchema>;
export const newsListSchema = z.object({
  items: z.array(newsSummarySchema),
  /** The cursor of the next (older) page, or null at the end. */
  next: z.string().nullable(),
});

export const newsItemSchema = newsSummarySchema.extend({ body: localizedTextSchema });
export type NewsItem = z.infer<typeof newsItemSchema>;

/** A news item as operations see it: every state, and its withdrawal. */
export const opsNewsItemSchema = newsItemSchema.extend({
  status: z.enum(["scheduled", "published", "withdrawn"]),
  withdrawnAtMs: z.number().nullable(),
});
export type OpsNewsItem = z.infer<typeof opsNewsItemSchema>;
/** Taking a news item off members' screens: the reason the audit log keeps. */
export const newsWithdrawSchema = z.object({ reason: reasonSchema });
export const opsNewsListSchema = z.object({ items: z.array(opsNewsItemSchema), next: z.string().nullable() });
