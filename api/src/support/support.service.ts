import type {
  OpsSupportConversation,
  OpsSupportRow,
  SupportAvailabilityWire,
  SupportConversation,
  SupportConversationSummary,
  SupportOpen,
  SupportOverview,
  SupportReply,
  SupportWrite,
} from "@kabuto/shared/api/support";
import { deskAvailability } from "@kabuto/shared/market/desk-hours";
import type { SupportHours } from "@kabuto/shared/support/hours";
import type { Db } from "../db/database.ts";
import { AppError } from "../errors.ts";
import type { AccountEvents } from "../events/account-events.ts";
import type { StaffEvents } from "../events/staff-events.ts";
import { type Claim, type Keyed, underClaim } from "../idempotency/claims.ts";
import { recordAudit } from "../kernel/audit.ts";
import type { StaffMember } from "../kernel/staff-sessions.ts";
import type { ThrottleRule, ThrottleStore } from "../security/throttle.ts";
import type { UploadStore } from "../uploads/upload-store.ts";
import {
  type ConversationListRow,
  type ConversationRow,
  conversationById,
  inbox,
  insertConversation,
  insertMessage,
  isConversationId,
  listRowById,
  lockConversation,
  markRead,
  memberConversations,
  messagesOf,
  type SupportAuthor,
} from "./support.repo.ts";

/** How many messages a member may send, and how many conversations open, per window. */
export interface SupportLimits {
  messages: ThrottleRule;
  conversations: ThrottleRule;
}

/** "20/600,5/3600" (SUPPORT_RATE): 20 messages in ten minutes, 5 new conversations an hour. */
export function parseSupportLimits(text: string): SupportLimits {
  const match = /^(\d+)\/(\d+),(\d+)\/(\d+)$/.exec(text);
  const [messages, messagesSeconds, conversations, conversationsSeconds] = (match?.slice(1) ?? []).map(
    Number,
  );
  if (!messages || !messagesSeconds || !conversations || !conversationsSeconds) {
    throw new Error(`SUPPORT_RATE is not "messages/seconds,conversations/seconds": ${text}`);
  }
  return {
    messages: { limit: messages, windowMs: messagesSeconds * 1000 },
    conversations: { limit: conversations, windowMs: conversationsSeconds * 1000 },
  };
}

export interface StaffContext {
  nowMs: number;
  ip: string;
  claim?: Claim | undefined;
}

/** A member's screenshot, as the route took it from the multipart body. */
export type Screenshot = Express.Multer.File | undefined;

/** Keys are the staff member's own: a member's key (printable ASCII, no space) never meets one. */
function staffKey(actor: StaffMember, key: string): string {
  return `ops ${actor.id} ${key}`;
}

/**
 * Online support: a member's conversations with operations staff. Messages are kept for good;
 * each side's read marker says how far it has read. Every change is told live to the member
 * (their `account` topic) and to the staff consoles (`staff:support`) once it has committed.
 */
export class SupportService {
  private readonly db: Db;
  private readonly now: () => number;
  private readonly events: AccountEvents;
  private readonly staffEvents: StaffEvents;
  private readonly uploads: UploadStore;
  private readonly throttle: ThrottleStore;
  private readonly hours: SupportHours;
  private readonly hoursText: string;
  private readonly limits: SupportLimits;

  constructor(deps: {
    db: Db;
    now: () => number;
    events: AccountEvents;
    staffEvents: StaffEvents;
    uploads: UploadStore;
    throttle: ThrottleStore;
    hours: SupportHours;
    hoursText: string;
    limits: SupportLimits;
  }) {
    this.db = deps.db;
    this.now = deps.now;
    this.events = deps.events;
    this.staffEvents = deps.staffEvents;
    this.uploads = deps.uploads;
    this.throttle = deps.throttle;
    this.hours = deps.hours;
    this.hoursText = deps.hoursText;
    this.limits = deps.limits;
  }

  availability(): SupportAvailabilityWire {
    const now = deskAvailability(this.hours, this.now());
    return { open: now.open, nextOpenMs: now.open ? null : now.nextOpenMs, hours: this.hoursText };
  }

  async overview(memberId: string): Promise<SupportOverview> {
    const rows = await memberConversations(this.db, memberId);
    return { availability: this.availability(), conversations: rows.map((row) => summary(row, "member")) };
  }

  /** The member's own conversation; another member's is as absent as one that never existed. */
  async conversation(memberId: string, id: string): Promise<SupportConversation> {
    const row = await this.ownListRow(memberId, id);
    return this.memberView(row);
  }

  /** Opens a conversation with its first message (and screenshot). A retry with the same key opens one. */
  async open(
    memberId: string,
    input: SupportOpen,
    screenshot: Screenshot,
    claim?: Claim,
  ): Promise<Keyed<SupportConversation>> {
    const nowMs = this.now();
    await this.take(`support:open:${memberId}`, this.limits.conversations, nowMs);
    await this.take(`support:message:${memberId}`, this.limits.messages, nowMs);
    const image = screenshot ? await this.uploads.prepare(screenshot) : undefined;
    const result = await this.uploads.transaction(this.db, (tx, save) =>
      underClaim(tx, memberId, claim, nowMs, async () => {
        const id = await insertConversation(tx, { memberId, topic: input.topic, nowMs });
        const uploadId = image ? await save(memberId, "support", image, nowMs) : null;
        await insertMessage(tx, {
          conversationId: id,
          author: "member",
          staffId: null,
          body: input.body,
          uploadId,
          nowMs,
        });
        const row = await listRowById(tx, id);
        if (!row) throw new Error("a conversation just written is gone");
        return this.memberView(row, tx);
      }),
    );
    if (!result.replayed) this.changed(memberId, result.value.id);
    return result;
  }

  /** A member's further message in their own conversation. */
  async write(
    memberId: string,
    id: string,
    input: SupportWrite,
    screenshot: Screenshot,
    claim?: Claim,
  ): Promise<Keyed<SupportConversation>> {
    await this.ownListRow(memberId, id);
    const nowMs = this.now();
    await this.take(`support:message:${memberId}`, this.limits.messages, nowMs);
    const image = screenshot ? await this.uploads.prepare(screenshot) : undefined;
    const result = await this.uploads.transaction(this.db, (tx, save) =>
      underClaim(tx, memberId, claim, nowMs, async () => {
        const locked = await lockConversation(tx, id);
        if (locked?.memberId !== memberId) throw new AppError("SUPPORT_CONVERSATION_NOT_FOUND");
        const uploadId = image ? await save(memberId, "support", image, nowMs) : null;
        await insertMessage(tx, {
          conversationId: id,
          author: "member",
          staffId: null,
          body: input.body,
          uploadId,
          nowMs,
        });
        const row = await listRowById(tx, id);
        if (!row) throw new Error("a conversation just written is gone");
        return this.memberView(row, tx);
      }),
    );
    if (!result.replayed) this.changed(memberId, id);
    return result;
  }

  /** The member has read everything staff wrote so far. */
  async memberRead(memberId: string, id: string): Promise<SupportConversation> {
    const before = await this.ownListRow(memberId, id);
    if (before.unreadByMember === 0) return this.memberView(before);
    const row = await this.db.transaction(async (tx) => {
      await lockConversation(tx, id);
      await markRead(tx, id, "member");
      return listRowById(tx, id);
    });
    if (!row) throw new AppError("SUPPORT_CONVERSATION_NOT_FOUND");
    this.changed(memberId, id);
    return this.memberView(row);
  }

  async inbox(): Promise<OpsSupportRow[]> {
    return (await inbox(this.db)).map((row) => ({ ...opsFields(row), ...summary(row, "staff") }));
  }

  async opsConversation(id: string): Promise<OpsSupportConversation> {
    const row = isConversationId(id) ? await listRowById(this.db, id) : undefined;
    if (!row) throw new AppError("SUPPORT_CONVERSATION_NOT_FOUND");
    return this.staffView(row);
  }

  /** A staff member's reply: kept, told live to the member, and written to the audit log. */
  async reply(
    id: string,
    input: SupportReply,
    actor: StaffMember,
    context: StaffContext,
  ): Promise<Keyed<OpsSupportConversation>> {
    if (!isConversationId(id)) throw new AppError("SUPPORT_CONVERSATION_NOT_FOUND");
    const before = await conversationById(this.db, id);
    if (!before) throw new AppError("SUPPORT_CONVERSATION_NOT_FOUND");
    const claim = context.claim && { ...context.claim, key: staffKey(actor, context.claim.key) };
    const { nowMs } = context;
    const result = await this.db.transaction(async (tx) =>
      underClaim(tx, before.memberId, claim, nowMs, async () => {
        const locked = await lockConversation(tx, id);
        if (!locked) throw new AppError("SUPPORT_CONVERSATION_NOT_FOUND");
        const messageId = await insertMessage(tx, {
          conversationId: id,
          author: "staff",
          staffId: actor.id,
          body: input.body,
          uploadId: null,
          nowMs,
        });
        // Answering a conversation means its member's messages were read.
        await markRead(tx, id, "staff");
        await recordAudit(tx, {
          staffId: actor.id,
          action: "support.reply",
          target: `member:${locked.memberId}`,
          before: { conversation: id, lastAuthor: locked.lastAuthor },
          after: { conversation: id, message: String(messageId), body: input.body },
          ip: context.ip,
          atMs: nowMs,
        });
        const row = await listRowById(tx, id);
        if (!row) throw new Error("a conversation just written is gone");
        return this.staffView(row, tx);
      }),
    );
    if (!result.replayed) this.changed(before.memberId, id);
    return result;
  }

  /** Staff have read everything the member wrote so far. */
  async staffRead(id: string): Promise<OpsSupportConversation> {
    const before = isConversationId(id) ? await listRowById(this.db, id) : undefined;
    if (!before) throw new AppError("SUPPORT_CONVERSATION_NOT_FOUND");
    if (before.unreadByStaff === 0) return this.staffView(before);
    const row = await this.db.transaction(async (tx) => {
      await lockConversation(tx, id);
      await markRead(tx, id, "staff");
      return listRowById(tx, id);
    });
    if (!row) throw new AppError("SUPPORT_CONVERSATION_NOT_FOUND");
    this.changed(row.memberId, id);
    return this.staffView(row);
  }

  private async ownListRow(memberId: string, id: string): Promise<ConversationListRow> {
    const row = isConversationId(id) ? await listRowById(this.db, id) : undefined;
    if (row?.memberId !== memberId) throw new AppError("SUPPORT_CONVERSATION_NOT_FOUND");
    return row;
  }

  /** Counts one attempt against a member's allowance; refused past it, with the wait. */
  private async take(key: string, rule: ThrottleRule, nowMs: number): Promise<void> {
    const taken = await this.throttle.take(key, rule, nowMs);
    if (!taken.allowed) {
      throw new AppError("SUPPORT_THROTTLED", { retryAfterSeconds: Math.ceil(taken.retryAfterMs / 1000) });
    }
  }

  /** Both sides hear of the change once it has committed. */
  private changed(memberId: string, id: string): void {
    this.events(memberId, { type: "support", id });
    this.staffEvents({ type: "support", id });
  }

  private async memberView(
    row: ConversationListRow,
    db: Pick<Db, "execute"> = this.db,
  ): Promise<SupportConversation> {
    return { ...summary(row, "member"), messages: await this.messages(row, db) };
  }

  private async staffView(
    row: ConversationListRow,
    db: Pick<Db, "execute"> = this.db,
  ): Promise<OpsSupportConversation> {
    return {
      ...opsFields(row),
      ...summary(row, "staff"),
      messages: await this.messages(row, db),
    };
  }

  private async messages(row: ConversationRow, db: Pick<Db, "execute">) {
    const messages = await messagesOf(db, row.id);
    return messages.map((message) => ({
      id: String(message.id),
      author: message.author,
      staffName: message.staffName,
      body: message.body,
      screenshotId: message.uploadId,
      createdAtMs: message.createdAtMs,
      // A message is read once the other side's marker has reached it.
      read: message.id <= (message.author === "member" ? row.staffReadId : row.memberReadId),
    }));
  }
}

function summary(row: ConversationListRow, reader: SupportAuthor): SupportConversationSummary {
  return {
    id: row.id,
    topic: row.topic,
    preview: row.preview,
    lastAuthor: row.lastAuthor,
    lastMessageAtMs: row.lastMessageAtMs,
    createdAtMs: row.createdAtMs,
    unread: reader === "member" ? row.unreadByMember : row.unreadByStaff,
  };
}

function opsFields(row: ConversationListRow) {
  return {
    memberId: row.memberId,
    memberAccount: row.memberAccount,
    memberName: row.memberName,
    unanswered: row.lastAuthor === "member",
  };
}
