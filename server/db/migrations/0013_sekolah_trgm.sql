-- The school list's search `q` is a contains-match on name or NPSN: trigram indexes, as for the
-- teacher names (a province has 220,000 schools).
CREATE INDEX "sekolah_nama_trgm_idx" ON "sekolah" USING gin ("nama_sekolah" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "sekolah_npsn_trgm_idx" ON "sekolah" USING gin ("npsn" gin_trgm_ops);--> statement-breakpoint
-- A name search stops after its cap of matches; whether the planner reads the table until it has
-- them (a common name) or asks the trigram index (a rare one) rests on its estimate of how many
-- teachers match, which it draws from this column's histogram: ten times finer than the default.
ALTER TABLE "guru" ALTER COLUMN "nama" SET STATISTICS 1000;--> statement-breakpoint
ANALYZE "guru" ("nama");
