-- Issue 7: the teacher and school lists read a page of ids from an index alone and join only those
-- rows (docs/performance.md). INCLUDE (sekolah_id) lets a page filtered by school level stay an
-- index-only scan; drizzle cannot declare INCLUDE, so it is written here (the schema names the
-- same key columns).
DROP INDEX "sekolah_nama_idx";--> statement-breakpoint
DROP INDEX "guru_nama_id_idx";--> statement-breakpoint
DROP INDEX "guru_status_idx";--> statement-breakpoint
CREATE INDEX "sekolah_nama_id_idx" ON "sekolah" USING btree ("nama_sekolah","id");--> statement-breakpoint
CREATE INDEX "guru_nama_list_idx" ON "guru" USING btree ("nama","id") INCLUDE ("sekolah_id");--> statement-breakpoint
CREATE INDEX "guru_status_list_idx" ON "guru" USING btree ("status_guru","nama","id") INCLUDE ("sekolah_id");
