-- Hand-written (the index is on an expression and on guru.bentuk_pendidikan, both outside Drizzle's
-- schema): the KGB due list filtered by school level, in list order (next TMT, nama, id), with the
-- due conditions in the index as guru_kgb_tmt_idx has them (migration 0023), so a page and its
-- capped count read only that level's due teachers, index-only, with no join to the schools
-- (tier M, SMA: 16.7 → 1.4 ms; docs/performance.md, "The due list by school level").
CREATE INDEX guru_kgb_bp_tmt_idx ON guru (bentuk_pendidikan, sidasek_kgb_tmt(coalesce(tmt_awal_kgb, tgl_kgb_terakhir), CASE WHEN status_guru = 'PPPK' THEN NULL ELSE nip END, golongan, kgb_tunda_bulan), nama, id)
  INCLUDE (sekolah_id, tgl_kgb_terakhir, tmt_awal_kgb, nip, status_guru, golongan, kgb_tunda_bulan, tgl_lahir)
  WHERE status_guru IN ('PNS', 'CPNS', 'PPPK') AND golongan IS NOT NULL AND status_kepegawaian = 'aktif';
