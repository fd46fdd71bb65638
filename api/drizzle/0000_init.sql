CREATE TABLE "candles" (
	"symbol" text NOT NULL,
	"interval" text NOT NULL,
	"t" bigint NOT NULL,
	"o" bigint NOT NULL,
	"h" bigint NOT NULL,
	"l" bigint NOT NULL,
	"c" bigint NOT NULL,
	"v" bigint NOT NULL,
	CONSTRAINT "candles_symbol_interval_t_pk" PRIMARY KEY("symbol","interval","t")
);
--> statement-breakpoint
CREATE TABLE "config_entries" (
	"name" text PRIMARY KEY NOT NULL,
	"value" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "login_failures" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"account" text NOT NULL,
	"ip" text NOT NULL,
	"at_ms" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "members" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account" text NOT NULL,
	"password_hash" text NOT NULL,
	"invite_code" text NOT NULL,
	"invited_by" uuid,
	"verification" text DEFAULT 'unverified' NOT NULL,
	"frozen" boolean DEFAULT false NOT NULL,
	"disabled" boolean DEFAULT false NOT NULL,
	"created_at_ms" bigint NOT NULL,
	CONSTRAINT "members_account_unique" UNIQUE("account"),
	CONSTRAINT "members_invite_code_unique" UNIQUE("invite_code")
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"member_id" uuid NOT NULL,
	"created_at_ms" bigint NOT NULL,
	"expires_at_ms" bigint NOT NULL,
	"revoked_at_ms" bigint,
	"ip" text,
	"user_agent" text
);
--> statement-breakpoint
CREATE TABLE "watchlist" (
	"member_id" uuid NOT NULL,
	"symbol" text NOT NULL,
	"added_at_ms" bigint NOT NULL,
	CONSTRAINT "watchlist_member_id_symbol_pk" PRIMARY KEY("member_id","symbol")
);
--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "watchlist" ADD CONSTRAINT "watchlist_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "login_failures_account_idx" ON "login_failures" USING btree ("account","at_ms");--> statement-breakpoint
CREATE INDEX "login_failures_ip_idx" ON "login_failures" USING btree ("ip","at_ms");--> statement-breakpoint
CREATE INDEX "sessions_member_idx" ON "sessions" USING btree ("member_id");