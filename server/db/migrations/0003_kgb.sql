CREATE TABLE "gaji_pokok_tabel" (
	"id" serial PRIMARY KEY NOT NULL,
	"regulasi" varchar(50) NOT NULL,
	"berlaku_mulai" date NOT NULL,
	"golongan" varchar(10) NOT NULL,
	"mkg" integer NOT NULL,
	"gaji" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "kgb_surat" (
	"id" serial PRIMARY KEY NOT NULL,
	"guru_id" integer NOT NULL,
	"nomor" varchar(100) NOT NULL,
	"kode_dokumen" varchar(20) NOT NULL,
	"tmt" date NOT NULL,
	"isi" jsonb NOT NULL,
	"status" varchar(10) NOT NULL,
	"pdf_key" varchar(100) NOT NULL,
	"pdf_sha256" varchar(64) NOT NULL,
	"signed_key" varchar(100),
	"signed_sha256" varchar(64),
	"pejabat_id" integer,
	"verified_at" timestamp with time zone NOT NULL,
	"verified_by" integer,
	"signed_at" timestamp with time zone,
	"signed_by" integer
);
--> statement-breakpoint
CREATE TABLE "nomor_surat" (
	"jenis" varchar(20) NOT NULL,
	"tahun" integer NOT NULL,
	"terakhir" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pejabat_penandatangan" (
	"id" serial PRIMARY KEY NOT NULL,
	"nama" varchar(150) NOT NULL,
	"nip" varchar(18) NOT NULL,
	"nik" varchar(16),
	"jabatan" varchar(150) NOT NULL,
	"pangkat" varchar(100),
	"p12_key" varchar(100) NOT NULL,
	"sertifikat_subjek" text NOT NULL,
	"sertifikat_sidik_jari" varchar(64) NOT NULL,
	"berlaku_sampai" timestamp with time zone NOT NULL,
	"aktif" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pengaturan" (
	"kunci" varchar(60) PRIMARY KEY NOT NULL,
	"nilai" jsonb NOT NULL
);
--> statement-breakpoint
ALTER TABLE "kgb_surat" ADD CONSTRAINT "kgb_surat_guru_id_guru_id_fk" FOREIGN KEY ("guru_id") REFERENCES "public"."guru"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kgb_surat" ADD CONSTRAINT "kgb_surat_pejabat_id_pejabat_penandatangan_id_fk" FOREIGN KEY ("pejabat_id") REFERENCES "public"."pejabat_penandatangan"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kgb_surat" ADD CONSTRAINT "kgb_surat_verified_by_users_id_fk" FOREIGN KEY ("verified_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kgb_surat" ADD CONSTRAINT "kgb_surat_signed_by_users_id_fk" FOREIGN KEY ("signed_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "gaji_pokok_tabel_uq" ON "gaji_pokok_tabel" USING btree ("regulasi","golongan","mkg");--> statement-breakpoint
CREATE INDEX "gaji_pokok_tabel_lookup_idx" ON "gaji_pokok_tabel" USING btree ("golongan","berlaku_mulai");--> statement-breakpoint
CREATE UNIQUE INDEX "kgb_surat_guru_tmt_uq" ON "kgb_surat" USING btree ("guru_id","tmt");--> statement-breakpoint
CREATE UNIQUE INDEX "kgb_surat_kode_uq" ON "kgb_surat" USING btree ("kode_dokumen");--> statement-breakpoint
CREATE INDEX "kgb_surat_status_idx" ON "kgb_surat" USING btree ("status","signed_at");--> statement-breakpoint
CREATE UNIQUE INDEX "nomor_surat_uq" ON "nomor_surat" USING btree ("jenis","tahun");