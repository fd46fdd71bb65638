-- Web Push: the browsers (installed apps) a member's notices are pushed to, and, in embedded mode,
-- the server's VAPID key pair, made once at the first start so subscriptions survive a restart.
CREATE TABLE push_subscriptions (
  id bigserial PRIMARY KEY,
  member_id uuid NOT NULL REFERENCES members (id),
  -- The push service's address for this browser: one subscription, whoever saves it last.
  endpoint text NOT NULL UNIQUE,
  p256dh text NOT NULL,
  auth text NOT NULL,
  locale text NOT NULL CHECK (locale IN ('ja', 'en', 'zh-Hant')),
  created_at_ms bigint NOT NULL,
  renewed_at_ms bigint NOT NULL
);--> statement-breakpoint
CREATE INDEX push_subscriptions_member_idx ON push_subscriptions (member_id);--> statement-breakpoint
-- At most one row; never changed, since every subscription was made against its public key.
CREATE TABLE push_vapid_keys (
  id boolean PRIMARY KEY DEFAULT true CHECK (id),
  public_key text NOT NULL,
  private_key text NOT NULL,
  created_at_ms bigint NOT NULL
);--> statement-breakpoint
REVOKE UPDATE, DELETE, TRUNCATE ON push_vapid_keys FROM kabuto_app;
