-- The level of a teacher's school (TK, SD, …) kept on the teacher row, so the teacher list filtered
-- by level, and by level and type, reads one index in list order and stops at its page and its
-- capped count. Through the school (sekolah_id IN (schools of that level)) it had to walk every
-- teacher of the type and join: 70 to 640 ms for SMK + GTT at tier L (2.7 million teachers).
-- Kept by triggers, never written by the application: a teacher's insert or move to another
-- school takes the school's level; a school's change of level carries it to its teachers.
ALTER TABLE "guru" ADD COLUMN "bentuk_pendidikan" varchar(20);
--> statement-breakpoint
ALTER TABLE "guru" DISABLE TRIGGER "guru_versi";
--> statement-breakpoint
UPDATE "guru" g SET "bentuk_pendidikan" = s."bentuk_pendidikan" FROM "sekolah" s WHERE s."id" = g."sekolah_id";
--> statement-breakpoint
ALTER TABLE "guru" ENABLE TRIGGER "guru_versi";
--> statement-breakpoint
CREATE OR REPLACE FUNCTION sidasek_guru_bentuk_pendidikan() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  NEW.bentuk_pendidikan := (SELECT s.bentuk_pendidikan FROM sekolah s WHERE s.id = NEW.sekolah_id);
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER guru_bentuk_pendidikan BEFORE INSERT OR UPDATE OF sekolah_id, bentuk_pendidikan ON guru
  FOR EACH ROW EXECUTE FUNCTION sidasek_guru_bentuk_pendidikan();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION sidasek_sekolah_bentuk_pendidikan() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  UPDATE guru SET bentuk_pendidikan = NEW.bentuk_pendidikan WHERE sekolah_id = NEW.id;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER sekolah_bentuk_pendidikan AFTER UPDATE OF bentuk_pendidikan ON sekolah
  FOR EACH ROW WHEN (OLD.bentuk_pendidikan IS DISTINCT FROM NEW.bentuk_pendidikan)
  EXECUTE FUNCTION sidasek_sekolah_bentuk_pendidikan();
--> statement-breakpoint
CREATE INDEX "guru_bp_list_idx" ON "guru" ("bentuk_pendidikan", "nama", "id");
--> statement-breakpoint
CREATE INDEX "guru_bp_status_list_idx" ON "guru" ("bentuk_pendidikan", "status_guru", "nama", "id");
