-- A masked column (NIK, password hash, token hash, key reference) that changed must still show as
-- changed in the audit log: the new image says '[disembunyikan, diubah]' when the value differs.
CREATE OR REPLACE FUNCTION sidasek_audit_mask_pair(old_row jsonb, new_row jsonb) RETURNS jsonb
LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE WHEN new_row IS NULL THEN NULL ELSE sidasek_audit_mask(new_row) || coalesce((
    SELECT jsonb_object_agg(k, to_jsonb('[disembunyikan, diubah]'::text))
    FROM unnest(ARRAY['nik', 'password_hash', 'token_hash', 'p12_key']) AS k
    WHERE old_row IS NOT NULL AND new_row ? k AND (old_row -> k) IS DISTINCT FROM (new_row -> k) AND jsonb_typeof(new_row -> k) <> 'null'
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
    TG_TABLE_NAME, row_id, TG_OP, sidasek_audit_mask(old_row), sidasek_audit_mask_pair(old_row, new_row)
  );
  RETURN NULL;
END
$$;
