CREATE TABLE "kgb_penundaan" (
	"id" serial PRIMARY KEY NOT NULL,
	"guru_id" integer NOT NULL,
	"tmt_semula" date NOT NULL,
	"bulan" integer NOT NULL,
	"alasan" text NOT NULL,
	"nomor_sk" varchar(100),
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "guru" ADD COLUMN "kgb_tunda_bulan" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "guru" ADD COLUMN "status_kepegawaian" varchar(10) DEFAULT 'aktif' NOT NULL;--> statement-breakpoint
ALTER TABLE "guru" ADD COLUMN "tgl_status_kepegawaian" date;--> statement-breakpoint
ALTER TABLE "guru" ADD COLUMN "ket_status_kepegawaian" text;--> statement-breakpoint
ALTER TABLE "kgb_penundaan" ADD CONSTRAINT "kgb_penundaan_guru_id_guru_id_fk" FOREIGN KEY ("guru_id") REFERENCES "public"."guru"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kgb_penundaan" ADD CONSTRAINT "kgb_penundaan_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "kgb_penundaan_guru_tmt_uq" ON "kgb_penundaan" USING btree ("guru_id","tmt_semula");
--> statement-breakpoint
-- Postponements are decisions about pay: audited like the letters.
CREATE TRIGGER kgb_penundaan_audit AFTER INSERT OR UPDATE OR DELETE ON kgb_penundaan FOR EACH ROW EXECUTE FUNCTION sidasek_audit();
--> statement-breakpoint
-- The next TMT moved by the months of postponement after the last KGB (guru.kgb_tunda_bulan, kept by
-- server/modules/kgb/record-basis.ts): the same rule as server/domain/kgb.ts `nextTmt`. The
-- three-argument function stays (the postponement adds whole months to a first of the month). It is
-- named with its schema: PostgreSQL 17 builds indexes with a search_path of pg_catalog only.
CREATE OR REPLACE FUNCTION sidasek_kgb_tmt(tgl_kgb_terakhir date, nip text, golongan text, tunda_bulan int) RETURNS date
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT (public.sidasek_kgb_tmt(tgl_kgb_terakhir, nip, golongan) + make_interval(months => coalesce(tunda_bulan, 0)))::date
$$;
--> statement-breakpoint
-- Rebuilt once for both changes: the postponement in its key, and only active teachers (docs/domain/kgb.md)
-- in its predicate. tgl_lahir is included: the due list leaves out teachers retired or retiring
-- before the TMT, and without it every due teacher was a heap fetch (the count of 3,353 due at tier
-- M: a parallel bitmap heap scan of 13.5 ms; index-only: 4.8 ms).
DROP INDEX IF EXISTS guru_kgb_tmt_idx;
--> statement-breakpoint
CREATE INDEX guru_kgb_tmt_idx ON guru (sidasek_kgb_tmt(tgl_kgb_terakhir, nip, golongan, kgb_tunda_bulan), nama, id)
  INCLUDE (sekolah_id, tgl_kgb_terakhir, nip, golongan, kgb_tunda_bulan, tgl_lahir)
  WHERE status_guru = 'PNS' AND golongan IS NOT NULL AND status_kepegawaian = 'aktif';
