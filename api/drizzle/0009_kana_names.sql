ALTER TABLE "kyc_applications" ADD COLUMN "name_kana" text;--> statement-breakpoint
ALTER TABLE "members" ADD COLUMN "real_name_kana" text;