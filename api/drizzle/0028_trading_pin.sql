-- The optional trading PIN (取引パスワード): argon2id of six digits, as the fund password is
-- stored; null while the member has none, and then no money-moving request asks for one.
ALTER TABLE "members" ADD COLUMN "trading_pin_hash" text;
