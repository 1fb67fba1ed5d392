CREATE INDEX "guru_nama_id_idx" ON "guru" USING btree ("nama","id");--> statement-breakpoint
CREATE INDEX "guru_nama_trgm_idx" ON "guru" USING gin ("nama" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "guru_nip_prefix_idx" ON "guru" USING btree ("nip" varchar_pattern_ops);