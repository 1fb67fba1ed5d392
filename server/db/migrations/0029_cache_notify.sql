-- Several app processes on one database (decision 0039): each keeps copies of what it
-- reads often (dashboard and statistics answers, the teacher master lists, the salary tables, the
-- office's zone). A committed change to their tables is announced on the channel sidasek_cache, so
-- every process, the writing one included, empties its copy (server/lib/cache-signals.ts).
-- NOTIFY is transactional: sent at COMMIT, never by a transaction that rolls back, and the same
-- payload is sent once per transaction however many statements repeat it.
--
-- The statistics triggers of migration 0011 also announce 'statistik' (STAT_TABLES in
-- server/db/sql-objects.ts); the flag they set stays, so the writing process empties its own cache
-- before it answers instead of waiting for the notification to come back.
CREATE OR REPLACE FUNCTION sidasek_stat_changed() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM set_config('sidasek.stat_changed', 'on', true);
  PERFORM pg_notify('sidasek_cache', 'statistik');
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- Tables a process keeps a copy of (CACHE_TABLES in server/db/sql-objects.ts): the payload is the table's name.
CREATE FUNCTION sidasek_cache_changed() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('sidasek_cache', TG_TABLE_NAME);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER referensi_cache_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON referensi FOR EACH STATEMENT EXECUTE FUNCTION sidasek_cache_changed();
--> statement-breakpoint
CREATE TRIGGER gaji_pokok_tabel_cache_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON gaji_pokok_tabel FOR EACH STATEMENT EXECUTE FUNCTION sidasek_cache_changed();
--> statement-breakpoint
CREATE TRIGGER pengaturan_cache_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON pengaturan FOR EACH STATEMENT EXECUTE FUNCTION sidasek_cache_changed();
