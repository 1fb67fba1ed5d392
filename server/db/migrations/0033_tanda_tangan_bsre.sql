ALTER TABLE "pejabat_penandatangan" ALTER COLUMN "p12_key" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "pejabat_penandatangan" ALTER COLUMN "sertifikat_subjek" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "pejabat_penandatangan" ALTER COLUMN "sertifikat_sidik_jari" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "pejabat_penandatangan" ALTER COLUMN "berlaku_sampai" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "kgb_surat" ADD COLUMN "signed_via" varchar(4);--> statement-breakpoint
ALTER TABLE "kgb_tugas" ADD COLUMN "pesan" text;--> statement-breakpoint
ALTER TABLE "pejabat_penandatangan" ADD COLUMN "jenis" varchar(4) DEFAULT 'p12' NOT NULL;--> statement-breakpoint
ALTER TABLE "pejabat_penandatangan" ADD CONSTRAINT "pejabat_penandatangan_kunci_ck" CHECK (("pejabat_penandatangan"."jenis" = 'p12' and "pejabat_penandatangan"."p12_key" is not null) or ("pejabat_penandatangan"."jenis" = 'bsre' and "pejabat_penandatangan"."nik" is not null));--> statement-breakpoint
-- Letters signed before BSrE came were signed with the office's own key.
UPDATE "kgb_surat" SET "signed_via" = 'p12' WHERE "signed_key" IS NOT NULL;
