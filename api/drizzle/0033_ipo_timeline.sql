-- An offering's whole life in instants, for the demo time scale (DEMO_IPO_TIMELINE): book-building
-- open, close, price, draw, payment end, the waitlist's payment end, listing and lock-up end, in
-- epoch milliseconds. Null for every offering operations schedule by trading dates; set only by
-- the demo operator, which checks the instants ascend and lie ahead (shared/src/ipo/rules.ts).
ALTER TABLE ipo_offerings ADD COLUMN timeline jsonb CHECK (timeline IS NULL OR jsonb_typeof(timeline) = 'object');
