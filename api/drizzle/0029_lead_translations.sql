-- A lead trader's nickname and bio written for each interface language's members
-- ({"nickname": {"ja", "en", "zh-Hant"}, "bio": {...}}); null for a lead who wrote one of each,
-- which every reader then sees.
ALTER TABLE "lead_traders" ADD COLUMN "translations" jsonb;
