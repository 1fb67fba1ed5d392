-- Audit trail (docs/security.md): every change of an application table is written to audit_log by a
-- trigger, in the same transaction as the change. Who and from where come from the transaction
-- setting sidasek.audit (set by the API's per-request transaction, server/db/request-context.ts);
-- changes made without it (migrations, seeds, the benchmark loader) are not audited.
-- NIKs, password hashes, token hashes and key file references are masked, never copied.

CREATE OR REPLACE FUNCTION sidasek_audit_mask(r jsonb) RETURNS jsonb
LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE WHEN r IS NULL THEN NULL ELSE r || coalesce((
    SELECT jsonb_object_agg(k, to_jsonb('[disembunyikan]'::text))
    FROM unnest(ARRAY['nik', 'password_hash', 'token_hash', 'p12_key']) AS k
    WHERE r ? k AND jsonb_typeof(r -> k) <> 'null'
  ), '{}'::jsonb) END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION sidasek_audit() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  ctx jsonb := nullif(current_setting('sidasek.audit', true), '')::jsonb;
  old_row jsonb;
  new_row jsonb;
  row_id text;
BEGIN
  IF ctx IS NULL THEN
    RETURN NULL;
  END IF;
  IF TG_OP <> 'INSERT' THEN old_row := to_jsonb(OLD); END IF;
  IF TG_OP <> 'DELETE' THEN new_row := to_jsonb(NEW); END IF;
  -- An update that changes nothing but its bookkeeping columns is not a change.
  IF TG_OP = 'UPDATE' AND (old_row - 'updated_at' - 'updatedAt' - 'versi') = (new_row - 'updated_at' - 'updatedAt' - 'versi') THEN
    RETURN NULL;
  END IF;
  row_id := coalesce(new_row, old_row) ->> 'id';
  IF row_id IS NULL THEN
    -- Tables without an id column: their key columns.
    row_id := coalesce(
      (coalesce(new_row, old_row) ->> 'sekolah_id') || ':' || (coalesce(new_row, old_row) ->> 'fasilitas_id'),
      coalesce(new_row, old_row) ->> 'kunci',
      (coalesce(new_row, old_row) ->> 'jenis') || ':' || (coalesce(new_row, old_row) ->> 'tahun')
    );
  END IF;
  INSERT INTO audit_log (user_id, username, role, npsn, ip, request_id, metode, rute, tabel, entitas_id, aksi, sebelum, sesudah)
  VALUES (
    (ctx ->> 'user_id')::integer, ctx ->> 'username', (ctx ->> 'role')::smallint, ctx ->> 'npsn', ctx ->> 'ip',
    ctx ->> 'request_id', ctx ->> 'metode', ctx ->> 'rute',
    TG_TABLE_NAME, row_id, TG_OP, sidasek_audit_mask(old_row), sidasek_audit_mask(new_row)
  );
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- Every application table except the audit log itself and bookkeeping that is not a data change:
-- sessions and login_throttle (sign-in state), kunjungan (visit counts), wilayah (reference data
-- loaded once). server/db/audit.test.ts fails when a table has neither the trigger nor a place in
-- this exception list.
DO $$
DECLARE t text;
BEGIN
  FOREACH t IN ARRAY ARRAY[
    'users', 'roles', 'sekolah', 'sekolah_fasilitas', 'bentuk_pendidikan', 'fasilitas', 'kondisi',
    'jenis_ruangan', 'master_aset', 'ruangan', 'aset', 'lahan', 'galeri', 'referensi', 'guru',
    'riw_pendidikan', 'riw_pendidikan_non', 'riw_pangkat', 'riw_kgb', 'riw_diklat_teknis',
    'riw_karya_tulis', 'riw_keahlian_bahasa', 'riw_keahlian_umum', 'riw_penghargaan',
    'gaji_pokok_tabel', 'kgb_surat', 'pejabat_penandatangan', 'pengaturan', 'nomor_surat'
  ] LOOP
    EXECUTE format('CREATE TRIGGER %I AFTER INSERT OR UPDATE OR DELETE ON %I FOR EACH ROW EXECUTE FUNCTION sidasek_audit()', t || '_audit', t);
  END LOOP;
END
$$;
--> statement-breakpoint
-- Optimistic locking of teachers: every update raises versi (edits, verification, a signed KGB
-- changing the salary), so an edit made from an older copy is refused instead of undoing them.
CREATE OR REPLACE FUNCTION sidasek_guru_versi() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  NEW.versi := OLD.versi + 1;
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER guru_versi BEFORE UPDATE ON guru FOR EACH ROW EXECUTE FUNCTION sidasek_guru_versi();
