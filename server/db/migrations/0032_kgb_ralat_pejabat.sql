ALTER TABLE "riw_kgb" ADD COLUMN "pejabat_kgb" varchar(150);--> statement-breakpoint
ALTER TABLE "kgb_surat" ADD COLUMN "menggantikan_id" integer;--> statement-breakpoint
ALTER TABLE "kgb_surat" ADD COLUMN "nomor_pembatalan" varchar(100);--> statement-breakpoint
ALTER TABLE "kgb_surat" ADD CONSTRAINT "kgb_surat_menggantikan_id_kgb_surat_id_fk" FOREIGN KEY ("menggantikan_id") REFERENCES "public"."kgb_surat"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "kgb_surat_menggantikan_uq" ON "kgb_surat" USING btree ("menggantikan_id") WHERE "kgb_surat"."menggantikan_id" is not null;