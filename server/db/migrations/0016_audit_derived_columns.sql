-- The audit trigger of migrations 0008/0010, leaving out the teacher row's derived columns
-- (guru.nama_cari of migration 0015, guru.bentuk_pendidikan of 0014): before and after images show
-- what a user changed, and a school's change of level no longer writes an audit row per teacher.
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
  -- Columns PostgreSQL derives from others on the teacher row (the lowered name, the school's
  -- level) are no change of their own: the name's change, or the school's, is audited where it is made.
  IF TG_TABLE_NAME = 'guru' THEN
    old_row := old_row - 'nama_cari' - 'bentuk_pendidikan';
    new_row := new_row - 'nama_cari' - 'bentuk_pendidikan';
  END IF;
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
