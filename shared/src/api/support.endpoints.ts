import { endpoint } from "./endpoint.ts";
import {
  opsSupportConversationSchema,
  opsSupportListSchema,
  supportConversationSchema,
  supportOpenSchema,
  supportOverviewSchema,
  supportReplySchema,
  supportWriteSchema,
} from "./support.ts";

const uploadErrors = ["UPLOAD_TYPE_INVALID", "UPLOAD_TOO_LARGE", "UPLOAD_FAILED"] as const;
const textErrors = ["INVALID_TEXT", "SUPPORT_MESSAGE_REQUIRED", "VALIDATION_FAILED"] as const;

/** Online support: the member's conversations and the staff inbox. */
export const supportApi = {
  overview: endpoint({
    method: "get",
    path: "/support",
    tag: "support",
    summary:
      "Whether staff are answering now (and if not, when they next will), and the member's conversations",
    caller: "member",
    response: supportOverviewSchema,
    changesWith: ["support"],
  }),
  open: endpoint({
    method: "post",
    path: "/support/conversations",
    tag: "support",
    summary:
      "Open a conversation: multipart/form-data with topic and body, and an optional image file " +
      "`screenshot` (JPEG, PNG or WebP, 8 MiB)",
    caller: "member",
    idempotent: true,
    status: 201,
    multipart: true,
    body: supportOpenSchema,
    response: supportConversationSchema,
    errors: ["SUPPORT_TOPIC_INVALID", ...textErrors, ...uploadErrors, "SUPPORT_THROTTLED"],
  }),
  conversation: endpoint({
    method: "get",
    path: "/support/conversations/{id}",
    tag: "support",
    summary: "One of the member's conversations with every message and whether staff have read it",
    caller: "member",
    response: supportConversationSchema,
    errors: ["SUPPORT_CONVERSATION_NOT_FOUND"],
    changesWith: ["support"],
  }),
  write: endpoint({
    method: "post",
    path: "/support/conversations/{id}/messages",
    tag: "support",
    summary: "Write more: multipart/form-data with body and an optional image file `screenshot`",
    caller: "member",
    idempotent: true,
    status: 201,
    multipart: true,
    body: supportWriteSchema,
    response: supportConversationSchema,
    errors: ["SUPPORT_CONVERSATION_NOT_FOUND", ...textErrors, ...uploadErrors, "SUPPORT_THROTTLED"],
  }),
  read: endpoint({
    method: "post",
    path: "/support/conversations/{id}/read",
    tag: "support",
    summary: "The member has read every staff message so far (repeating it changes nothing)",
    caller: "member",
    response: supportConversationSchema,
    errors: ["SUPPORT_CONVERSATION_NOT_FOUND"],
  }),
  inbox: endpoint({
    method: "get",
    path: "/ops/support",
    tag: "ops",
    summary: "The support inbox (reviewer): unanswered first, longest waiting at the top, then the rest",
    caller: "reviewer",
    response: opsSupportListSchema,
  }),
  opsConversation: endpoint({
    method: "get",
    path: "/ops/support/{id}",
    tag: "ops",
    summary: "One conversation with every message and whether the member has read the replies (reviewer)",
    caller: "reviewer",
    response: opsSupportConversationSchema,
    errors: ["SUPPORT_CONVERSATION_NOT_FOUND"],
  }),
  reply: endpoint({
    method: "post",
    path: "/ops/support/{id}/messages",
    tag: "ops",
    summary: "Reply to a member (reviewer); every reply is in the audit log",
    caller: "reviewer",
    idempotent: true,
    status: 201,
    body: supportReplySchema,
    response: opsSupportConversationSchema,
    errors: ["SUPPORT_CONVERSATION_NOT_FOUND", ...textErrors],
  }),
  staffRead: endpoint({
    method: "post",
    path: "/ops/support/{id}/read",
    tag: "ops",
    summary: "Staff have read every message of the member's so far (reviewer)",
    caller: "reviewer",
    response: opsSupportConversationSchema,
    errors: ["SUPPORT_CONVERSATION_NOT_FOUND"],
  }),
};
