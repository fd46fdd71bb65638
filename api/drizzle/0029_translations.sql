-- Texts written for each interface language's members ({"ja", "en", "zh-Hant"}), beside the one
-- text every reader saw until now; null where only that one was written.
-- A lead trader's nickname and bio: {"nickname": {...}, "bio": {...}}.
ALTER TABLE "lead_traders" ADD COLUMN "translations" jsonb;
--> statement-breakpoint
-- A deposit channel's name, as the members of each language know that bank account.
ALTER TABLE "recharge_channels" ADD COLUMN "names" jsonb;
