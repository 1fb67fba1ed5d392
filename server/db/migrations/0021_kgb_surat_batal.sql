DROP INDEX "kgb_surat_guru_tmt_uq";--> statement-breakpoint
ALTER TABLE "kgb_surat" ADD COLUMN "batal_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "kgb_surat" ADD COLUMN "batal_by" integer;--> statement-breakpoint
ALTER TABLE "kgb_surat" ADD COLUMN "alasan_batal" text;--> statement-breakpoint
ALTER TABLE "kgb_surat" ADD CONSTRAINT "kgb_surat_batal_by_users_id_fk" FOREIGN KEY ("batal_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "kgb_surat_guru_tmt_uq" ON "kgb_surat" USING btree ("guru_id","tmt") WHERE "kgb_surat"."status" <> 'cancelled';