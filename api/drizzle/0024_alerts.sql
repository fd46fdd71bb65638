-- Price alerts: a member's conditions on a stock's last price or day change, and a notice for each
-- time one fired. The worker fires an alert by a conditional update of its row (armed, still
-- active, not yet fired on this trading date), so two workers fire it once.
CREATE TABLE alerts (
  id bigserial PRIMARY KEY,
  member_id uuid NOT NULL REFERENCES members (id),
  symbol text NOT NULL,
  kind text NOT NULL CHECK (kind IN ('price_above', 'price_below', 'change_above', 'change_below')),
  -- A price or a percentage, as a plain decimal.
  threshold text NOT NULL CHECK (threshold ~ '^\d+(\.\d+)?$'),
  frequency text NOT NULL CHECK (frequency IN ('once', 'daily', 'always')),
  status text NOT NULL CHECK (status IN ('active', 'done', 'deleted')),
  -- Every-time alerts: false after firing until the condition stops holding.
  armed boolean NOT NULL DEFAULT true,
  -- Daily alerts: the trading date it last fired on.
  last_fired_date text,
  fired_count integer NOT NULL DEFAULT 0 CHECK (fired_count >= 0),
  last_fired_at_ms bigint,
  created_at_ms bigint NOT NULL
);
--> statement-breakpoint
CREATE INDEX alerts_member_idx ON alerts (member_id, id);
--> statement-breakpoint
CREATE INDEX alerts_active_idx ON alerts (symbol) WHERE status = 'active';
--> statement-breakpoint
CREATE TABLE alert_notices (
  id bigserial PRIMARY KEY,
  alert_id bigint NOT NULL REFERENCES alerts (id),
  member_id uuid NOT NULL REFERENCES members (id),
  symbol text NOT NULL,
  kind text NOT NULL,
  threshold text NOT NULL,
  -- The quote that met it.
  price text NOT NULL,
  change_pct text NOT NULL,
  fired_at_ms bigint NOT NULL
);
--> statement-breakpoint
CREATE INDEX alert_notices_member_idx ON alert_notices (member_id, id);
--> statement-breakpoint
-- A deleted alert keeps its row (its notices name it); a notice is history.
REVOKE DELETE, TRUNCATE ON alerts FROM kabuto_app;
--> statement-breakpoint
REVOKE UPDATE, DELETE, TRUNCATE ON alert_notices FROM kabuto_app;
