-- A journal's member must exist: checked per statement, as migration 0040 checks an entry's journal
-- and account, in place of the foreign key, which checked (and key-share locked) the member one
-- journal at a time. A set of follow mirrors writes three journals a copy, 1,500 for a set of 500
-- copies, and the foreign key's 1,500 trigger calls cost that statement a third of its journals'
-- insert. The statement's members are locked the same way (key share, so no one deletes or
-- renumbers them before commit), in one query, then checked to be there.
CREATE OR REPLACE FUNCTION ledger_queue_journals() RETURNS trigger LANGUAGE plpgsql
  SET enable_seqscan = off SET enable_hashjoin = off SET enable_mergejoin = off AS $$
DECLARE
  v_missing uuid;
BEGIN
  PERFORM 1 FROM members WHERE id IN (SELECT member_id FROM new_journals) ORDER BY id FOR KEY SHARE;
  SELECT n.member_id INTO v_missing FROM (SELECT DISTINCT member_id FROM new_journals WHERE member_id IS NOT NULL) n
    WHERE NOT EXISTS (SELECT 1 FROM members m WHERE m.id = n.member_id) LIMIT 1;
  IF FOUND THEN
    RAISE EXCEPTION 'journal refused: member % does not exist', v_missing USING ERRCODE = 'foreign_key_violation';
  END IF;
  INSERT INTO ledger_pending (journal_ids, link)
    SELECT array_agg(id), true FROM new_journals HAVING count(*) > 0;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- What the foreign key also refused: removing or renumbering a member who has journals (the app
-- may do neither; the owner is refused too). Fires only on a delete or a change of the id.
CREATE FUNCTION members_keep_journals() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF (TG_OP = 'DELETE' OR NEW.id <> OLD.id) AND EXISTS (SELECT 1 FROM journals WHERE member_id = OLD.id) THEN
    RAISE EXCEPTION 'member % has journals: removing or renumbering them refused', OLD.id
      USING ERRCODE = 'foreign_key_violation';
  END IF;
  RETURN CASE WHEN TG_OP = 'DELETE' THEN OLD ELSE NEW END;
END $$;
--> statement-breakpoint
CREATE TRIGGER members_keep_journals BEFORE DELETE OR UPDATE OF id ON members
  FOR EACH ROW EXECUTE FUNCTION members_keep_journals();
--> statement-breakpoint
ALTER TABLE journals DROP CONSTRAINT journals_member_id_members_id_fk;
