-- A batch of market orders (the API's group commit) writes its orders, positions, stored answers
-- and fill books in one statement, and each of their foreign keys checked (and key-share locked)
-- its row's parent one row at a time: for a batch of 32 orders, 32 member lookups for the orders,
-- 32 for the positions, 32 for the idempotency keys, and 64 for the fill books' order and
-- position, 160 trigger calls that were about a fifth of the database's part of the batch. As
-- migrations 0040 and 0041 did for entries and journals, each of these five foreign keys becomes
-- one check per statement, from the statement's transition table: the parents are key-share
-- locked in one query (in id order), as the foreign key locked them, so no one removes or
-- renumbers them before commit, then looked up, and a missing one refuses the statement with the
-- foreign key's error code. No other guarantee is dropped with them; what the foreign keys also
-- refused on the other side is kept by the triggers further down:
--   * removing or renumbering a member who has orders, positions or idempotency keys (beside
--     journals, migration 0041), an order or a position a fill book names;
--   * truncating orders or positions while fill books remain (the foreign key refused a truncate
--     that did not take the fill books along; this refuses it while there are any);
--   * changing an order's, a position's or a stored answer's member, or a fill book's order or
--     position: no path does, and the app role may not update fill books at all, so rather than
--     check the new parent these are refused outright (they fire only when the column is set).
-- The app role may delete or truncate none of these tables (migrations 0012 and 0031), so for the
-- app the checks that matter are the ones on insert.
-- Each parent table is locked and counted in one query; only when fewer parents were found than
-- the statement names is the missing one looked for, to name it.
CREATE FUNCTION members_exist_for_rows() RETURNS trigger LANGUAGE plpgsql
  SET enable_seqscan = off SET enable_hashjoin = off SET enable_mergejoin = off AS $$
DECLARE
  v_named bigint;
  v_found bigint;
  v_missing uuid;
BEGIN
  SELECT (SELECT count(DISTINCT member_id) FROM new_rows),
    (SELECT count(*) FROM (SELECT 1 FROM members WHERE id IN (SELECT member_id FROM new_rows) ORDER BY id FOR KEY SHARE) l)
    INTO v_named, v_found;
  IF v_found < v_named THEN
    SELECT n.member_id INTO v_missing FROM (SELECT DISTINCT member_id FROM new_rows WHERE member_id IS NOT NULL) n
      WHERE NOT EXISTS (SELECT 1 FROM members m WHERE m.id = n.member_id) LIMIT 1;
    RAISE EXCEPTION 'insert into % refused: member % does not exist', TG_TABLE_NAME, v_missing
      USING ERRCODE = 'foreign_key_violation';
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION fill_books_parents_exist() RETURNS trigger LANGUAGE plpgsql
  SET enable_seqscan = off SET enable_hashjoin = off SET enable_mergejoin = off AS $$
DECLARE
  v_orders bigint;
  v_orders_found bigint;
  v_positions bigint;
  v_positions_found bigint;
  v_missing bigint;
BEGIN
  SELECT (SELECT count(DISTINCT order_id) FROM new_rows),
    (SELECT count(*) FROM (SELECT 1 FROM orders WHERE id IN (SELECT order_id FROM new_rows) ORDER BY id FOR KEY SHARE) l),
    (SELECT count(DISTINCT position_id) FROM new_rows),
    (SELECT count(*) FROM (SELECT 1 FROM positions WHERE id IN (SELECT position_id FROM new_rows) ORDER BY id FOR KEY SHARE) l)
    INTO v_orders, v_orders_found, v_positions, v_positions_found;
  IF v_orders_found < v_orders THEN
    SELECT n.order_id INTO v_missing FROM (SELECT DISTINCT order_id FROM new_rows WHERE order_id IS NOT NULL) n
      WHERE NOT EXISTS (SELECT 1 FROM orders o WHERE o.id = n.order_id) LIMIT 1;
    RAISE EXCEPTION 'fill book refused: order % does not exist', v_missing USING ERRCODE = 'foreign_key_violation';
  END IF;
  IF v_positions_found < v_positions THEN
    SELECT n.position_id INTO v_missing FROM (SELECT DISTINCT position_id FROM new_rows) n
      WHERE NOT EXISTS (SELECT 1 FROM positions p WHERE p.id = n.position_id) LIMIT 1;
    RAISE EXCEPTION 'fill book refused: position % does not exist', v_missing USING ERRCODE = 'foreign_key_violation';
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER orders_member_checked AFTER INSERT ON orders REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION members_exist_for_rows();
--> statement-breakpoint
CREATE TRIGGER positions_member_checked AFTER INSERT ON positions REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION members_exist_for_rows();
--> statement-breakpoint
CREATE TRIGGER idempotency_keys_member_checked AFTER INSERT ON idempotency_keys REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION members_exist_for_rows();
--> statement-breakpoint
CREATE TRIGGER fill_books_parents_checked AFTER INSERT ON fill_books REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION fill_books_parents_exist();
--> statement-breakpoint
-- A row keeps the parents it was written with (fires only when one of these columns is set).
CREATE FUNCTION refuse_new_parent() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'changing the % of a row of % refused', TG_ARGV[0], TG_TABLE_NAME
    USING ERRCODE = 'foreign_key_violation';
END $$;
--> statement-breakpoint
CREATE TRIGGER orders_keep_member BEFORE UPDATE OF member_id ON orders
  FOR EACH ROW WHEN (NEW.member_id IS DISTINCT FROM OLD.member_id) EXECUTE FUNCTION refuse_new_parent('member');
--> statement-breakpoint
CREATE TRIGGER positions_keep_member BEFORE UPDATE OF member_id ON positions
  FOR EACH ROW WHEN (NEW.member_id IS DISTINCT FROM OLD.member_id) EXECUTE FUNCTION refuse_new_parent('member');
--> statement-breakpoint
CREATE TRIGGER idempotency_keys_keep_member BEFORE UPDATE OF member_id ON idempotency_keys
  FOR EACH ROW WHEN (NEW.member_id IS DISTINCT FROM OLD.member_id) EXECUTE FUNCTION refuse_new_parent('member');
--> statement-breakpoint
CREATE TRIGGER fill_books_keep_order BEFORE UPDATE OF order_id ON fill_books
  FOR EACH ROW WHEN (NEW.order_id IS DISTINCT FROM OLD.order_id) EXECUTE FUNCTION refuse_new_parent('order');
--> statement-breakpoint
CREATE TRIGGER fill_books_keep_position BEFORE UPDATE OF position_id ON fill_books
  FOR EACH ROW WHEN (NEW.position_id IS DISTINCT FROM OLD.position_id) EXECUTE FUNCTION refuse_new_parent('position');
--> statement-breakpoint
-- What the foreign keys refused on the members' side: removing or renumbering a member who has
-- journals (migration 0041), orders, positions or stored answers.
CREATE OR REPLACE FUNCTION members_keep_journals() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF (TG_OP = 'DELETE' OR NEW.id <> OLD.id) AND (
    EXISTS (SELECT 1 FROM journals WHERE member_id = OLD.id)
    OR EXISTS (SELECT 1 FROM orders WHERE member_id = OLD.id)
    OR EXISTS (SELECT 1 FROM positions WHERE member_id = OLD.id)
    OR EXISTS (SELECT 1 FROM idempotency_keys WHERE member_id = OLD.id)
  ) THEN
    RAISE EXCEPTION 'member % has journals, orders, positions or stored answers: removing or renumbering them refused', OLD.id
      USING ERRCODE = 'foreign_key_violation';
  END IF;
  RETURN CASE WHEN TG_OP = 'DELETE' THEN OLD ELSE NEW END;
END $$;
--> statement-breakpoint
-- And on the orders' and positions' side: removing or renumbering one a fill book names, or
-- truncating them while fill books remain.
CREATE FUNCTION fill_books_keep_parents() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    IF EXISTS (SELECT 1 FROM fill_books) THEN
      RAISE EXCEPTION 'truncating % refused: fill books name them', TG_TABLE_NAME
        USING ERRCODE = 'foreign_key_violation';
    END IF;
    RETURN NULL;
  END IF;
  IF (TG_OP = 'DELETE' OR NEW.id <> OLD.id) AND (
    (TG_TABLE_NAME = 'orders' AND EXISTS (SELECT 1 FROM fill_books WHERE order_id = OLD.id))
    OR (TG_TABLE_NAME = 'positions' AND EXISTS (SELECT 1 FROM fill_books WHERE position_id = OLD.id))
  ) THEN
    RAISE EXCEPTION 'a fill book names % %: removing or renumbering it refused', TG_TABLE_NAME, OLD.id
      USING ERRCODE = 'foreign_key_violation';
  END IF;
  RETURN CASE WHEN TG_OP = 'DELETE' THEN OLD ELSE NEW END;
END $$;
--> statement-breakpoint
CREATE TRIGGER orders_keep_fill_books BEFORE DELETE OR UPDATE OF id ON orders
  FOR EACH ROW EXECUTE FUNCTION fill_books_keep_parents();
--> statement-breakpoint
CREATE TRIGGER positions_keep_fill_books BEFORE DELETE OR UPDATE OF id ON positions
  FOR EACH ROW EXECUTE FUNCTION fill_books_keep_parents();
--> statement-breakpoint
CREATE TRIGGER orders_fill_books_no_truncate BEFORE TRUNCATE ON orders
  FOR EACH STATEMENT EXECUTE FUNCTION fill_books_keep_parents();
--> statement-breakpoint
CREATE TRIGGER positions_fill_books_no_truncate BEFORE TRUNCATE ON positions
  FOR EACH STATEMENT EXECUTE FUNCTION fill_books_keep_parents();
--> statement-breakpoint
ALTER TABLE orders DROP CONSTRAINT orders_member_id_members_id_fk;
--> statement-breakpoint
ALTER TABLE positions DROP CONSTRAINT positions_member_id_members_id_fk;
--> statement-breakpoint
ALTER TABLE idempotency_keys DROP CONSTRAINT idempotency_keys_member_id_members_id_fk;
--> statement-breakpoint
ALTER TABLE fill_books DROP CONSTRAINT fill_books_order_id_fkey;
--> statement-breakpoint
ALTER TABLE fill_books DROP CONSTRAINT fill_books_position_id_fkey;
