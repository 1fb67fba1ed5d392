-- Hand-written (the school level guru.bentuk_pendidikan is outside Drizzle's schema, migration 0014):
-- the promotion period's window filtered by school level, in list order (nama, id), with the
-- window's conditions (kp_tmt, tgl_lahir) in the index, so a page and its capped count read only
-- that level's entries, index-only (docs/performance.md, rank promotion period list).
CREATE INDEX "guru_kp_bp_idx" ON "guru" USING btree ("bentuk_pendidikan","nama","id") INCLUDE ("kp_tmt","tgl_lahir","sekolah_id") WHERE "guru"."status_guru" = 'PNS' and "guru"."status_kepegawaian" = 'aktif';
