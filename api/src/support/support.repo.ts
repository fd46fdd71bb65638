import { type SupportTopic, supportTopics } from "@kabuto/shared/api/support";
import { sql } from "drizzle-orm";
import type { Db } from "../db/database.ts";
import { mapOneRow, mapRows, type RawRow } from "../db/raw-rows.ts";
import type { Tx } from "../ledger/ledger.repo.ts";

export type SupportAuthor = "member" | "staff";

/** A conversation row as the service works with it. */
export interface ConversationRow {
  id: string;
  memberId: string;
  topic: SupportTopic;
  lastAuthor: SupportAuthor;
  lastMessageAtMs: number;
  memberReadId: number;
  staffReadId: number;
  createdAtMs: number;
}

/** A conversation as a list shows it: the newest message's first line and what the reader has not read. */
export interface ConversationListRow extends ConversationRow {
  preview: string;
  unreadByMember: number;
  unreadByStaff: number;
  memberAccount: string;
  memberName: string | null;
}

export interface MessageRow {
  id: number;
  author: SupportAuthor;
  staffName: string | null;
  body: string;
  uploadId: string | null;
  createdAtMs: number;
}

function author(value: string): SupportAuthor {
  if (value !== "member" && value !== "staff") throw new Error(`support author ${value}`);
  return value;
}

function topic(value: string): SupportTopic {
  const found = supportTopics.find((candidate) => candidate === value);
  if (!found) throw new Error(`support topic ${value}`);
  return found;
}

function toConversation(row: RawRow): ConversationRow {
  return {
    id: String(row.int("id")),
    memberId: row.text("member_id"),
    topic: topic(row.text("topic")),
    lastAuthor: author(row.text("last_author")),
    lastMessageAtMs: row.int("last_message_at_ms"),
    memberReadId: row.int("member_read_id"),
    staffReadId: row.int("staff_read_id"),
    createdAtMs: row.int("created_at_ms"),
  };
}

function toListRow(row: RawRow): ConversationListRow {
  return {
    ...toConversation(row),
    preview: row.text("preview"),
    unreadByMember: row.int("unread_by_member"),
    unreadByStaff: row.int("unread_by_staff"),
    memberAccount: row.text("member_account"),
    memberName: row.textOrNull("member_name"),
  };
}

/** Conversation ids are bigserial: anything else names none. */
export function isConversationId(id: string): boolean {
  return /^[1-9]\d{0,17}$/.test(id);
}

export async function insertConversation(
  tx: Tx,
  input: { memberId: string; topic: SupportTopic; nowMs: number },
): Promise<string> {
  return mapOneRow(
    await tx.execute(sql`
      insert into support_conversations (member_id, topic, last_author, last_message_at_ms, created_at_ms)
      values (${input.memberId}, ${input.topic}, 'member', ${input.nowMs}, ${input.nowMs})
      returning id`),
    (row) => String(row.int("id")),
  );
}

/**
 * Adds a message and moves the conversation on: who wrote last, when, and the writer's own read
 * marker (a side has read what it wrote itself).
 */
export async function insertMessage(
  tx: Tx,
  input: {
    conversationId: string;
    author: SupportAuthor;
    staffId: string | null;
    body: string;
    uploadId: string | null;
    nowMs: number;
  },
): Promise<number> {
  const id = mapOneRow(
    await tx.execute(sql`
      insert into support_messages (conversation_id, author, staff_id, body, upload_id, created_at_ms)
      values (${input.conversationId}, ${input.author}, ${input.staffId}, ${input.body}, ${input.uploadId}, ${input.nowMs})
      returning id`),
    (row) => row.int("id"),
  );
  const readColumn = input.author === "member" ? sql`member_read_id` : sql`staff_read_id`;
  await tx.execute(sql`
    update support_conversations
    set last_author = ${input.author}, last_message_at_ms = ${input.nowMs}, ${readColumn} = ${id}
    where id = ${input.conversationId}`);
  return id;
}

/** The conversation, locked until the transaction ends, so messages and read markers stay in order. */
export async function lockConversation(tx: Tx, id: string): Promise<ConversationRow | undefined> {
  const [row] = mapRows(
    await tx.execute(sql`select * from support_conversations where id = ${id} for update`),
    toConversation,
  );
  return row;
}

export async function conversationById(
  db: Pick<Db, "execute">,
  id: string,
): Promise<ConversationRow | undefined> {
  const [row] = mapRows(
    await db.execute(sql`select * from support_conversations where id = ${id}`),
    toConversation,
  );
  return row;
}

/** Every message of a conversation, oldest first, with the staff member's name on theirs. */
export async function messagesOf(db: Pick<Db, "execute">, conversationId: string): Promise<MessageRow[]> {
  return mapRows(
    await db.execute(sql`
      select m.id, m.author, s.name as staff_name, m.body, m.upload_id::text as upload_id, m.created_at_ms
      from support_messages m left join staff s on s.id = m.staff_id
      where m.conversation_id = ${conversationId}
      order by m.id`),
    (row) => ({
      id: row.int("id"),
      author: author(row.text("author")),
      staffName: row.textOrNull("staff_name"),
      body: row.text("body"),
      uploadId: row.textOrNull("upload_id"),
      createdAtMs: row.int("created_at_ms"),
    }),
  );
}

/** Moves one side's read marker up to the conversation's newest message (never back). */
export async function markRead(tx: Tx, id: string, side: SupportAuthor): Promise<void> {
  const column = side === "member" ? sql`member_read_id` : sql`staff_read_id`;
  await tx.execute(sql`
    update support_conversations c
    set ${column} = greatest(${column}, coalesce((select max(id) from support_messages where conversation_id = c.id), 0))
    where c.id = ${id}`);
}

const listColumns = sql`
  c.*,
  m.account as member_account,
  m.real_name as member_name,
  coalesce((select split_part(replace(body, E'\r', ''), E'\n', 1) from support_messages where conversation_id = c.id order by id desc limit 1), '') as preview,
  (select count(*) from support_messages where conversation_id = c.id and author = 'staff' and id > c.member_read_id)::int as unread_by_member,
  (select count(*) from support_messages where conversation_id = c.id and author = 'member' and id > c.staff_read_id)::int as unread_by_staff`;

/** A member's conversations, newest first. */
export async function memberConversations(db: Db, memberId: string): Promise<ConversationListRow[]> {
  return mapRows(
    await db.execute(sql`
      select ${listColumns}
      from support_conversations c join members m on m.id = c.member_id
      where c.member_id = ${memberId}
      order by c.last_message_at_ms desc, c.id desc
      limit 100`),
    toListRow,
  );
}

/**
 * The staff inbox: conversations waiting for an answer first, the longest waiting at the top,
 * then the answered ones, the most recent first.
 */
export async function inbox(db: Db): Promise<ConversationListRow[]> {
  return mapRows(
    await db.execute(sql`
      select ${listColumns}
      from support_conversations c join members m on m.id = c.member_id
      order by (c.last_author = 'member') desc,
        case when c.last_author = 'member' then c.last_message_at_ms end asc,
        c.last_message_at_ms desc, c.id desc
      limit 200`),
    toListRow,
  );
}

/** One conversation as a list shows it (for the console's header). */
export async function listRowById(
  db: Pick<Db, "execute">,
  id: string,
): Promise<ConversationListRow | undefined> {
  const [row] = mapRows(
    await db.execute(sql`
      select ${listColumns}
      from support_conversations c join members m on m.id = c.member_id
      where c.id = ${id}`),
    toListRow,
  );
  return row;
}
