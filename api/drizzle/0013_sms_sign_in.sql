-- One-time sign-in codes sent by SMS (POST /auth/sms-code, /auth/sms-login). A row is one
-- request: the browser that asked holds its random challenge (only its hash is here), so a code
-- someone else asked for cannot be guessed at through this browser's request, nor this one's
-- through theirs. The code itself is stored as an argon2id hash. Failed sign-ins are counted
-- by the throttle store now (Redis, or the embedded process), not in login_failures.
CREATE TABLE "sms_challenges" (
	"challenge_hash" text PRIMARY KEY NOT NULL,
	"account" text NOT NULL,
	"code_hash" text NOT NULL,
	"created_at_ms" bigint NOT NULL,
	"expires_at_ms" bigint NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"used_at_ms" bigint
);
--> statement-breakpoint
CREATE INDEX "sms_challenges_expires_idx" ON "sms_challenges" USING btree ("expires_at_ms");
