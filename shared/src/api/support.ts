import { z } from "zod";
import { safeText } from "../text.ts";

/** What a conversation is about, chosen when it is opened; the console sorts and labels by it. */
export const supportTopics = ["account", "funds", "trading", "verification", "other"] as const;
export type SupportTopic = (typeof supportTopics)[number];

/** The longest message a member or staff member may write. */
export const supportMessageLengthMax = 2_000;

/** A message's text: multi-line, trimmed, never empty, within the length. */
export const supportBodySchema = safeText({ error: "SUPPORT_MESSAGE_REQUIRED", multiline: true })
  .trim()
  .min(1, { error: "SUPPORT_MESSAGE_REQUIRED" })
  .max(supportMessageLengthMax);

/** Opening a conversation (multipart: these fields and an optional `screenshot` image). */
export const supportOpenSchema = z.object({
  topic: z.enum(supportTopics, { error: "SUPPORT_TOPIC_INVALID" }),
  body: supportBodySchema,
});
export type SupportOpen = z.infer<typeof supportOpenSchema>;

/** A member's further message (multipart: `body` and an optional `screenshot`). */
export const supportWriteSchema = z.object({ body: supportBodySchema });
export type SupportWrite = z.infer<typeof supportWriteSchema>;

/** A staff member's reply (JSON). */
export const supportReplySchema = z.object({ body: supportBodySchema });
export type SupportReply = z.infer<typeof supportReplySchema>;

export const supportMessageSchema = z.object({
  id: z.string(),
  author: z.enum(["member", "staff"]),
  /** The staff member's display name on a staff message; null on the member's own. */
  staffName: z.string().nullable(),
  body: z.string(),
  /** The screenshot's upload id, read through `/uploads/{id}` (member) or `/ops/uploads/{id}` (staff). */
  screenshotId: z.string().nullable(),
  createdAtMs: z.number(),
  /** Whether the other side has read it. */
  read: z.boolean(),
});
export type SupportMessage = z.infer<typeof supportMessageSchema>;

export const supportConversationSummarySchema = z.object({
  id: z.string(),
  topic: z.enum(supportTopics),
  /** The first line of the newest message. */
  preview: z.string(),
  lastAuthor: z.enum(["member", "staff"]),
  lastMessageAtMs: z.number(),
  createdAtMs: z.number(),
  /** Messages from the other side the reader has not read yet. */
  unread: z.number().int(),
});
export type SupportConversationSummary = z.infer<typeof supportConversationSummarySchema>;

export const supportConversationSchema = supportConversationSummarySchema.extend({
  messages: z.array(supportMessageSchema),
});
export type SupportConversation = z.infer<typeof supportConversationSchema>;

/** When staff answer: open now, or the next time they will be (epoch ms), and the hours in Tokyo time. */
export const supportAvailabilitySchema = z.object({
  open: z.boolean(),
  nextOpenMs: z.number().nullable(),
  /** "09:00-18:00" on TSE business days, Tokyo time, or "always". */
  hours: z.string(),
});
export type SupportAvailabilityWire = z.infer<typeof supportAvailabilitySchema>;

export const supportOverviewSchema = z.object({
  availability: supportAvailabilitySchema,
  /** Newest first. */
  conversations: z.array(supportConversationSummarySchema),
});
export type SupportOverview = z.infer<typeof supportOverviewSchema>;

/** The staff inbox: one row per conversation, unanswered first (longest waiting first), then the rest. */
export const opsSupportRowSchema = supportConversationSummarySchema.extend({
  memberId: z.string(),
  memberAccount: z.string(),
  memberName: z.string().nullable(),
  /** The member wrote last: waiting for an answer. */
  unanswered: z.boolean(),
});
export type OpsSupportRow = z.infer<typeof opsSupportRowSchema>;
export const opsSupportListSchema = z.object({ items: z.array(opsSupportRowSchema) });

export const opsSupportConversationSchema = supportConversationSchema.extend({
  memberId: z.string(),
  memberAccount: z.string(),
  memberName: z.string().nullable(),
  unanswered: z.boolean(),
});
export type OpsSupportConversation = z.infer<typeof opsSupportConversationSchema>;
