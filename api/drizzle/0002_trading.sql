CREATE TABLE "idempotency_keys" (
	"member_id" uuid NOT NULL,
	"key" text NOT NULL,
	"request_hash" text NOT NULL,
	"status" bigint NOT NULL,
	"response" text NOT NULL,
	"created_at_ms" bigint NOT NULL,
	CONSTRAINT "idempotency_keys_member_id_key_pk" PRIMARY KEY("member_id","key")
);
--> statement-breakpoint
CREATE TABLE "orders" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"member_id" uuid NOT NULL,
	"symbol" text NOT NULL,
	"side" text NOT NULL,
	"type" text NOT NULL,
	"quantity" bigint NOT NULL,
	"leverage" bigint NOT NULL,
	"limit_units" bigint,
	"session" text NOT NULL,
	"status" text NOT NULL,
	"held_minor" bigint DEFAULT 0 NOT NULL,
	"fill_price" text,
	"position_id" bigint,
	"created_at_ms" bigint NOT NULL,
	"updated_at_ms" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "positions" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"member_id" uuid NOT NULL,
	"symbol" text NOT NULL,
	"currency" text NOT NULL,
	"side" text NOT NULL,
	"quantity" bigint NOT NULL,
	"leverage" bigint NOT NULL,
	"open_order_id" bigint NOT NULL,
	"open_price" text NOT NULL,
	"open_notional_minor" bigint NOT NULL,
	"initial_margin_minor" bigint NOT NULL,
	"margin_minor" bigint NOT NULL,
	"open_fee_minor" bigint NOT NULL,
	"status" text NOT NULL,
	"locked_until_ms" bigint,
	"close_price" text,
	"close_notional_minor" bigint,
	"close_fee_minor" bigint,
	"close_tax_minor" bigint,
	"realized_minor" bigint,
	"close_reason" text,
	"opened_at_ms" bigint NOT NULL,
	"closed_at_ms" bigint
);
--> statement-breakpoint
ALTER TABLE "idempotency_keys" ADD CONSTRAINT "idempotency_keys_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "positions" ADD CONSTRAINT "positions_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "orders_member_idx" ON "orders" USING btree ("member_id","id");--> statement-breakpoint
CREATE INDEX "orders_pending_idx" ON "orders" USING btree ("symbol") WHERE status = 'pending';--> statement-breakpoint
CREATE INDEX "positions_member_idx" ON "positions" USING btree ("member_id","status","id");--> statement-breakpoint
CREATE INDEX "positions_holding_idx" ON "positions" USING btree ("symbol") WHERE status = 'holding';