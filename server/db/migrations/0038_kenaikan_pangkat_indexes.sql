DROP INDEX "guru_kp_tmt_idx";--> statement-breakpoint
CREATE INDEX "guru_kp_tmt_idx" ON "guru" USING btree ("kp_tmt","tgl_lahir") WHERE "guru"."status_guru" = 'PNS' and "guru"."status_kepegawaian" = 'aktif';--> statement-breakpoint
-- Hand-written (drizzle cannot declare INCLUDE; the schema names the same key columns and condition):
-- a page of the promotion period's window in list order (nama, id) checks the window's conditions
-- (kp_tmt, tgl_lahir) and the school-level filter (sekolah_id) in the index alone, an index-only
-- scan that stops at the page, at any depth (docs/performance.md, rank promotion period list).
CREATE INDEX "guru_kp_list_idx" ON "guru" USING btree ("nama","id") INCLUDE ("kp_tmt","tgl_lahir","sekolah_id") WHERE "guru"."status_guru" = 'PNS' and "guru"."status_kepegawaian" = 'aktif';
