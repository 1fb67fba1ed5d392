-- The next KGB TMT of a teacher as an immutable function (the rule of server/domain/kgb.ts
-- `nextTmt`: two years after the last KGB, else from the first appointment read from the NIP,
-- digits 9-14, one year for II/a), so the due list can read it from an index instead of computing
-- it for every PNS teacher whose last KGB is old. make_date instead of to_date: to_date is only
-- STABLE and cannot be indexed. Year 0000 (no valid NIP carries it) gives no TMT instead of an error.
CREATE OR REPLACE FUNCTION sidasek_kgb_tmt(tgl_kgb_terakhir date, nip text, golongan text) RETURNS date
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT CASE
    WHEN tgl_kgb_terakhir IS NOT NULL THEN (tgl_kgb_terakhir + interval '2 years')::date
    WHEN nip ~ '^[0-9]{18}$' AND substr(nip, 13, 2) BETWEEN '01' AND '12' AND substr(nip, 9, 4) <> '0000'
      THEN (make_date(substr(nip, 9, 4)::int, substr(nip, 13, 2)::int, 1) + CASE WHEN golongan = 'II/a' THEN interval '1 year' ELSE interval '2 years' END)::date
  END
$$;
--> statement-breakpoint
-- Key (TMT, name, id) is the due list's order; the included columns let its filters (school, NIP
-- prefix) and the TMT expression's own columns be read from the index alone.
CREATE INDEX IF NOT EXISTS guru_kgb_tmt_idx ON guru (sidasek_kgb_tmt(tgl_kgb_terakhir, nip, golongan), nama, id)
  INCLUDE (sekolah_id, tgl_kgb_terakhir, nip, golongan)
  WHERE status_guru = 'PNS' AND golongan IS NOT NULL;
