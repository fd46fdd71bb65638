-- A journal's description as a code and its parameters (`position_open` with the side,
-- quantity, symbol, price and leverage), so each member reads it in their own language. The
-- ledger is append-only: older journals keep only their English `memo`, which is shown as it
-- is; new ones carry both, the text for logs and the console.
ALTER TABLE journals ADD COLUMN memo_code text;
--> statement-breakpoint
ALTER TABLE journals ADD COLUMN memo_params jsonb;
