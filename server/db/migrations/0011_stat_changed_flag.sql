-- Statistics and dashboard answers are cached for 30 s (decision 0008). A write request empties the
-- cache only when it changed one of the tables those figures read: these triggers set a
-- transaction-local flag that the request reads just before COMMIT (server/db/request-context.ts).
-- A statistic that starts reading another table must add that table here (STAT_SOURCE_TABLES in
-- server/modules/statistik/statistik.cache.ts lists the same tables; a test compares the two).
CREATE OR REPLACE FUNCTION sidasek_stat_changed() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM set_config('sidasek.stat_changed', 'on', true);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER guru_stat_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON guru FOR EACH STATEMENT EXECUTE FUNCTION sidasek_stat_changed();
--> statement-breakpoint
CREATE TRIGGER sekolah_stat_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON sekolah FOR EACH STATEMENT EXECUTE FUNCTION sidasek_stat_changed();
--> statement-breakpoint
CREATE TRIGGER kgb_surat_stat_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON kgb_surat FOR EACH STATEMENT EXECUTE FUNCTION sidasek_stat_changed();
--> statement-breakpoint
CREATE TRIGGER ruangan_stat_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON ruangan FOR EACH STATEMENT EXECUTE FUNCTION sidasek_stat_changed();
--> statement-breakpoint
CREATE TRIGGER jenis_ruangan_stat_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON jenis_ruangan FOR EACH STATEMENT EXECUTE FUNCTION sidasek_stat_changed();
--> statement-breakpoint
CREATE TRIGGER kunjungan_stat_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON kunjungan FOR EACH STATEMENT EXECUTE FUNCTION sidasek_stat_changed();
