-- Security round three (decision 0047). GET /files/:key serves a stored picture only when a school row
-- names it (a logo, a gallery photo or its thumbnail), so those keys are looked up by index; old
-- security events are found for the retention pass (server/modules/audit/retention.ts).
CREATE INDEX "sekolah_logo_key_idx" ON "sekolah" USING btree ("logo_key");--> statement-breakpoint
CREATE INDEX "galeri_foto_key_idx" ON "galeri" USING btree ("foto_key");--> statement-breakpoint
CREATE INDEX "galeri_thumb_key_idx" ON "galeri" USING btree ("thumb_key");--> statement-breakpoint
CREATE INDEX "audit_log_keamanan_waktu_idx" ON "audit_log" USING btree ("waktu") WHERE "audit_log"."tabel" = 'keamanan';