-- The next KGB TMT is always the first of a month (PP 7/1977 art. 13(3); docs/domain/kgb.md): a last KGB
-- recorded on another day (older data, e.g. the 25th) gives the first of the following month, as
-- server/domain/kgb.ts `nextTmt` does. The due list reads this function from guru_kgb_tmt_idx, so
-- the index is built again (about a minute per million PNS teachers; the table stays readable).
CREATE OR REPLACE FUNCTION sidasek_kgb_tmt(tgl_kgb_terakhir date, nip text, golongan text) RETURNS date
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT CASE
    WHEN tgl_kgb_terakhir IS NOT NULL THEN
      CASE WHEN extract(day FROM tgl_kgb_terakhir + interval '2 years') = 1
        THEN (tgl_kgb_terakhir + interval '2 years')::date
        ELSE (date_trunc('month', tgl_kgb_terakhir + interval '2 years') + interval '1 month')::date
      END
    WHEN nip ~ '^[0-9]{18}$' AND substr(nip, 13, 2) BETWEEN '01' AND '12' AND substr(nip, 9, 4) <> '0000'
      THEN (make_date(substr(nip, 9, 4)::int, substr(nip, 13, 2)::int, 1) + CASE WHEN golongan = 'II/a' THEN interval '1 year' ELSE interval '2 years' END)::date
  END
$$;
--> statement-breakpoint
REINDEX INDEX guru_kgb_tmt_idx;
