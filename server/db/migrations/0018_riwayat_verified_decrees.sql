-- Rank and KGB decrees become verifiable (docs/domain/kgb.md). Rows already in the database were accepted
-- by the office as they are: they start verified (added with DEFAULT 1, so no row is rewritten and
-- the audit log is not flooded); new rows default to unverified.
ALTER TABLE "riw_kgb" ADD COLUMN "status" smallint DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "riw_kgb" ALTER COLUMN "status" SET DEFAULT 0;--> statement-breakpoint
ALTER TABLE "riw_kgb" ADD COLUMN "kgb_surat_id" integer;--> statement-breakpoint
ALTER TABLE "riw_pangkat" ADD COLUMN "status" smallint DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "riw_pangkat" ALTER COLUMN "status" SET DEFAULT 0;--> statement-breakpoint
ALTER TABLE "riw_kgb" ADD CONSTRAINT "riw_kgb_kgb_surat_id_kgb_surat_id_fk" FOREIGN KEY ("kgb_surat_id") REFERENCES "public"."kgb_surat"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
-- History rows written by signing before this migration: the one row per signed letter with the
-- letter's teacher, number and TMT is marked as the server's.
UPDATE "riw_kgb" r SET "kgb_surat_id" = s."id"
FROM "kgb_surat" s
WHERE s."status" = 'signed' AND s."guru_id" = r."guru_id" AND s."nomor" = r."nosk_kgb" AND s."tmt" = r."ttgl_kgb"
  AND r."id" = (SELECT min(r2."id") FROM "riw_kgb" r2 WHERE r2."guru_id" = s."guru_id" AND r2."nosk_kgb" = s."nomor" AND r2."ttgl_kgb" = s."tmt");--> statement-breakpoint
CREATE UNIQUE INDEX "riw_kgb_kgb_surat_uq" ON "riw_kgb" USING btree ("kgb_surat_id");
