-- Opening a position is decided in TypeScript now (api/src/trading/drafts.ts) and written in one
-- statement (trading.repo.ts); the database keeps only the invariants: balanced journals, no
-- negative member balance. Nothing calls open_position any more.
DROP FUNCTION IF EXISTS open_position(uuid, text, text, bigint, text, text, text, bigint, bigint, text, text, bigint, bigint, bigint, text, bigint);
--> statement-breakpoint
-- The house's fee accounts of the trading currencies exist from the start: the opening statement
-- posts to them without locking them, and two first orders of a fresh database would otherwise
-- race to create the same row, the loser's snapshot not seeing the winner's.
INSERT INTO ledger_accounts (member_id, purpose, currency)
VALUES (NULL, 'fees', 'JPY'), (NULL, 'fees', 'USD')
ON CONFLICT DO NOTHING;
