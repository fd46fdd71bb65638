import {
  type SupportConversation,
  type SupportOverview,
  type SupportTopic,
  supportConversationSchema,
  supportOverviewSchema,
} from "@kabuto/shared";
import { apiGet, apiSend, apiUpload } from "../../lib/api.ts";

/** The member's online-support endpoints. */

export function fetchSupport(): Promise<SupportOverview> {
  return apiGet("/support", supportOverviewSchema);
}

export function fetchConversation(id: string): Promise<SupportConversation> {
  return apiGet(`/support/conversations/${encodeURIComponent(id)}`, supportConversationSchema);
}

function form(fields: Record<string, string>, screenshot: File | undefined): FormData {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.append(name, value);
  if (screenshot) data.append("screenshot", screenshot, screenshot.name);
  return data;
}

export function openConversation(
  input: { topic: SupportTopic; body: string; screenshot: File | undefined },
  idempotencyKey: string,
): Promise<SupportConversation> {
  return apiUpload(
    "/support/conversations",
    form({ topic: input.topic, body: input.body }, input.screenshot),
    supportConversationSchema,
    idempotencyKey,
  );
}

export function writeMessage(
  id: string,
  input: { body: string; screenshot: File | undefined },
  idempotencyKey: string,
): Promise<SupportConversation> {
  return apiUpload(
    `/support/conversations/${encodeURIComponent(id)}/messages`,
    form({ body: input.body }, input.screenshot),
    supportConversationSchema,
    idempotencyKey,
  );
}

export function markConversationRead(id: string): Promise<SupportConversation> {
  return apiSend(
    "POST",
    `/support/conversations/${encodeURIComponent(id)}/read`,
    {},
    supportConversationSchema,
  );
}

/** A screenshot the member sent, as their browser may show it. */
export function ownUploadUrl(id: string): string {
  return `/api/v1/uploads/${encodeURIComponent(id)}`;
}
