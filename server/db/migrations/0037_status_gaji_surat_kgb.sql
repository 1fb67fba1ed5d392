ALTER TABLE "kgb_surat" ADD COLUMN "gaji_status" varchar(12);--> statement-breakpoint
ALTER TABLE "kgb_surat" ADD COLUMN "gaji_alasan" text;--> statement-breakpoint
ALTER TABLE "kgb_surat" ADD COLUMN "gaji_dicatat_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "kgb_surat" ADD COLUMN "gaji_dicatat_by" integer;--> statement-breakpoint
ALTER TABLE "kgb_surat" ADD CONSTRAINT "kgb_surat_gaji_dicatat_by_users_id_fk" FOREIGN KEY ("gaji_dicatat_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kgb_surat" ADD CONSTRAINT "kgb_surat_gaji_status_ck" CHECK ("kgb_surat"."gaji_status" is null or ("kgb_surat"."gaji_status" = 'diterima') or ("kgb_surat"."gaji_status" = 'dikembalikan' and "kgb_surat"."gaji_alasan" is not null));