-- Fund records and the console's audit log list newest first by when things happened, with the
-- id breaking ties, and page on that order. An id is not a time (seeds and corrections write rows
-- dated before ones already written), so each list gets an index in its own order.
CREATE INDEX "journals_member_time_idx" ON "journals" USING btree ("member_id","created_at_ms","id");--> statement-breakpoint
CREATE INDEX "audit_log_time_idx" ON "audit_log" USING btree ("at_ms","id");
