DROP INDEX "sekolah_nama_id_idx";--> statement-breakpoint
CREATE INDEX "sekolah_nama_id_idx" ON "sekolah" USING btree (lower("nama_sekolah"),"id");