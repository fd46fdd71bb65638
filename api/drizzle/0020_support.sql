-- Online support: a member's conversations with operations staff. A conversation keeps who
-- wrote last and how far each side has read (the id of the newest message it has seen), so
-- the inbox can put the unanswered first and both sides can show read state.
CREATE TABLE support_conversations (
  id bigserial PRIMARY KEY,
  member_id uuid NOT NULL REFERENCES members(id),
  topic text NOT NULL CHECK (topic IN ('account', 'funds', 'trading', 'verification', 'other')),
  last_author text NOT NULL CHECK (last_author IN ('member', 'staff')),
  last_message_at_ms bigint NOT NULL,
  member_read_id bigint NOT NULL DEFAULT 0,
  staff_read_id bigint NOT NULL DEFAULT 0,
  created_at_ms bigint NOT NULL
);
--> statement-breakpoint
CREATE INDEX support_conversations_member_idx ON support_conversations (member_id, last_message_at_ms DESC);
--> statement-breakpoint
CREATE INDEX support_conversations_inbox_idx ON support_conversations (last_author, last_message_at_ms);
--> statement-breakpoint
-- Every message as it was written: by the member, or by a named staff member.
CREATE TABLE support_messages (
  id bigserial PRIMARY KEY,
  conversation_id bigint NOT NULL REFERENCES support_conversations(id),
  author text NOT NULL CHECK (author IN ('member', 'staff')),
  staff_id uuid REFERENCES staff(id),
  body text NOT NULL CHECK (length(body) BETWEEN 1 AND 2000),
  upload_id uuid REFERENCES uploads(id),
  created_at_ms bigint NOT NULL,
  CHECK ((author = 'staff') = (staff_id IS NOT NULL))
);
--> statement-breakpoint
CREATE INDEX support_messages_conversation_idx ON support_messages (conversation_id, id);
--> statement-breakpoint
-- What was said is never edited or removed, by anyone.
CREATE TRIGGER support_messages_append_only BEFORE UPDATE OR DELETE ON support_messages FOR EACH ROW EXECUTE FUNCTION ledger_refuse_change();
--> statement-breakpoint
REVOKE UPDATE, DELETE, TRUNCATE ON support_messages FROM kabuto_app;
--> statement-breakpoint
-- Conversations change (who wrote last, read state) but are never removed.
REVOKE DELETE, TRUNCATE ON support_conversations FROM kabuto_app;
