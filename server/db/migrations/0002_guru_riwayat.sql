CREATE TABLE "guru" (
	"id" serial PRIMARY KEY NOT NULL,
	"sekolah_id" integer,
	"nama" varchar(150) NOT NULL,
	"gelar_depan" varchar(30),
	"gelar_belakang" varchar(50),
	"nip" varchar(18),
	"nik" varchar(16),
	"nuptk" varchar(16),
	"jenis_kelamin" varchar(10) NOT NULL,
	"tempat_lahir" varchar(100),
	"tgl_lahir" date NOT NULL,
	"status_nikah" varchar(10),
	"goldar" varchar(5),
	"no_hp" varchar(15),
	"email" varchar(200),
	"instagram" varchar(60),
	"hobi" varchar(200),
	"golongan" varchar(10),
	"id_jabatan" integer,
	"status_guru" varchar(50),
	"pendidikan_terakhir" varchar(20),
	"sertifikasi" varchar(5),
	"mapel_1" varchar(100),
	"mapel_2" varchar(100),
	"gaji_pokok" bigint,
	"gaji_pokok_lama" bigint,
	"no_karpeg" varchar(30),
	"mkg_tahun" integer,
	"mkg_bulan" integer,
	"tgl_kgb_terakhir" date,
	"alamat_domisili" text,
	"kode_wilayah" varchar(13),
	"foto_key" varchar(100),
	"verifikasi" smallint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "referensi" (
	"id" serial PRIMARY KEY NOT NULL,
	"kategori" varchar(30) NOT NULL,
	"nama" varchar(200) NOT NULL,
	"nama2" varchar(100),
	"urutan" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "riw_diklat_teknis" (
	"id" serial PRIMARY KEY NOT NULL,
	"guru_id" integer NOT NULL,
	"diklat_id" integer,
	"diklat_mulai" date,
	"diklat_selesai" date,
	"diklat_penyelenggara" varchar(150),
	"diklat_tempat" varchar(150),
	"diklat_sttp_no" varchar(100),
	"diklat_sttp_tgl" date,
	"diklat_sttp_pej" varchar(150),
	"diklat_jumlah_jam" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "riw_karya_tulis" (
	"id" serial PRIMARY KEY NOT NULL,
	"guru_id" integer NOT NULL,
	"jenis_kt_id" integer,
	"judul" varchar(300),
	"tgl_penerbitan" date,
	"file_key" varchar(100),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "riw_keahlian_bahasa" (
	"id" serial PRIMARY KEY NOT NULL,
	"guru_id" integer NOT NULL,
	"keahlian_id" integer,
	"bicara_level_id" integer,
	"mendengarkan_level_id" integer,
	"menulis_level_id" integer,
	"membaca_level_id" integer,
	"riw_keahlian_sejak" date,
	"pend_formal_id" integer,
	"pend_non_id" integer,
	"pend_diklat_id" integer,
	"predikat" varchar(100),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "riw_keahlian_umum" (
	"id" serial PRIMARY KEY NOT NULL,
	"guru_id" integer NOT NULL,
	"keahlian_id" integer,
	"keahlian_level_id" integer,
	"riw_keahlian_sejak" date,
	"pend_formal_id" integer,
	"pend_non_id" integer,
	"pend_diklat_id" integer,
	"predikat" varchar(100),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "riw_kgb" (
	"id" serial PRIMARY KEY NOT NULL,
	"guru_id" integer NOT NULL,
	"no_kgb" varchar(100),
	"perihal" varchar(200),
	"ttgl_kgb" date,
	"gpl_kgb" integer,
	"file_kgb_key" varchar(100),
	"gol_kgb" varchar(10),
	"nosk_kgb" varchar(100),
	"tglsk_kgb" date,
	"mkg_tahun" integer,
	"mkg_bulan" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "riw_pangkat" (
	"id" serial PRIMARY KEY NOT NULL,
	"guru_id" integer NOT NULL,
	"golongan" varchar(10),
	"riw_pangkat_sk" varchar(100),
	"riw_pangkat_sktgl" date,
	"riw_pangkat_pejabat" varchar(150),
	"riw_pangkat_thn" integer,
	"riw_pangkat_bln" integer,
	"riw_pangkat_tmt" date,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "riw_pendidikan" (
	"id" serial PRIMARY KEY NOT NULL,
	"guru_id" integer NOT NULL,
	"riw_pendidikan_nm" varchar(150),
	"riw_pendidikan_sttb_ijazah" varchar(60),
	"riw_pendidikan_tgl" date,
	"riw_pendidikan_lokasi" varchar(150),
	"riw_pendidikan_pejabat" varchar(150),
	"jurusan_id" integer,
	"tingpend_id" integer,
	"luar_negeri" varchar(20),
	"status" smallint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "riw_pendidikan_non" (
	"id" serial PRIMARY KEY NOT NULL,
	"guru_id" integer NOT NULL,
	"non_nama" varchar(200),
	"non_tgl_mulai" date,
	"non_tgl_selesai" date,
	"non_sttp" varchar(100),
	"non_sttp_tanggal" date,
	"non_sttp_pejabat" varchar(150),
	"non_penyelenggara" varchar(150),
	"non_tempat" varchar(150),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "riw_penghargaan" (
	"id" serial PRIMARY KEY NOT NULL,
	"guru_id" integer NOT NULL,
	"penghargaan_id" integer,
	"riw_usul_no" varchar(100),
	"riw_penghargaan_tglsk" date,
	"riw_penghargaan_jabatan" varchar(150),
	"riw_penghargaan_instansi" varchar(150),
	"riw_penghargaan_lokasi" varchar(150),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "guru" ADD CONSTRAINT "guru_sekolah_id_sekolah_id_fk" FOREIGN KEY ("sekolah_id") REFERENCES "public"."sekolah"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "guru" ADD CONSTRAINT "guru_id_jabatan_referensi_id_fk" FOREIGN KEY ("id_jabatan") REFERENCES "public"."referensi"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "guru" ADD CONSTRAINT "guru_kode_wilayah_wilayah_kode_wilayah_fk" FOREIGN KEY ("kode_wilayah") REFERENCES "public"."wilayah"("kode_wilayah") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "riw_diklat_teknis" ADD CONSTRAINT "riw_diklat_teknis_guru_id_guru_id_fk" FOREIGN KEY ("guru_id") REFERENCES "public"."guru"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "riw_diklat_teknis" ADD CONSTRAINT "riw_diklat_teknis_diklat_id_referensi_id_fk" FOREIGN KEY ("diklat_id") REFERENCES "public"."referensi"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "riw_karya_tulis" ADD CONSTRAINT "riw_karya_tulis_guru_id_guru_id_fk" FOREIGN KEY ("guru_id") REFERENCES "public"."guru"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "riw_karya_tulis" ADD CONSTRAINT "riw_karya_tulis_jenis_kt_id_referensi_id_fk" FOREIGN KEY ("jenis_kt_id") REFERENCES "public"."referensi"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "riw_keahlian_bahasa" ADD CONSTRAINT "riw_keahlian_bahasa_guru_id_guru_id_fk" FOREIGN KEY ("guru_id") REFERENCES "public"."guru"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "riw_keahlian_bahasa" ADD CONSTRAINT "riw_keahlian_bahasa_keahlian_id_referensi_id_fk" FOREIGN KEY ("keahlian_id") REFERENCES "public"."referensi"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "riw_keahlian_bahasa" ADD CONSTRAINT "riw_keahlian_bahasa_bicara_level_id_referensi_id_fk" FOREIGN KEY ("bicara_level_id") REFERENCES "public"."referensi"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "riw_keahlian_bahasa" ADD CONSTRAINT "riw_keahlian_bahasa_mendengarkan_level_id_referensi_id_fk" FOREIGN KEY ("mendengarkan_level_id") REFERENCES "public"."referensi"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "riw_keahlian_bahasa" ADD CONSTRAINT "riw_keahlian_bahasa_menulis_level_id_referensi_id_fk" FOREIGN KEY ("menulis_level_id") REFERENCES "public"."referensi"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "riw_keahlian_bahasa" ADD CONSTRAINT "riw_keahlian_bahasa_membaca_level_id_referensi_id_fk" FOREIGN KEY ("membaca_level_id") REFERENCES "public"."referensi"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "riw_keahlian_bahasa" ADD CONSTRAINT "riw_keahlian_bahasa_pend_formal_id_riw_pendidikan_id_fk" FOREIGN KEY ("pend_formal_id") REFERENCES "public"."riw_pendidikan"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "riw_keahlian_bahasa" ADD CONSTRAINT "riw_keahlian_bahasa_pend_non_id_riw_pendidikan_non_id_fk" FOREIGN KEY ("pend_non_id") REFERENCES "public"."riw_pendidikan_non"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "riw_keahlian_bahasa" ADD CONSTRAINT "riw_keahlian_bahasa_pend_diklat_id_riw_diklat_teknis_id_fk" FOREIGN KEY ("pend_diklat_id") REFERENCES "public"."riw_diklat_teknis"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "riw_keahlian_umum" ADD CONSTRAINT "riw_keahlian_umum_guru_id_guru_id_fk" FOREIGN KEY ("guru_id") REFERENCES "public"."guru"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "riw_keahlian_umum" ADD CONSTRAINT "riw_keahlian_umum_keahlian_id_referensi_id_fk" FOREIGN KEY ("keahlian_id") REFERENCES "public"."referensi"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "riw_keahlian_umum" ADD CONSTRAINT "riw_keahlian_umum_keahlian_level_id_referensi_id_fk" FOREIGN KEY ("keahlian_level_id") REFERENCES "public"."referensi"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "riw_keahlian_umum" ADD CONSTRAINT "riw_keahlian_umum_pend_formal_id_riw_pendidikan_id_fk" FOREIGN KEY ("pend_formal_id") REFERENCES "public"."riw_pendidikan"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "riw_keahlian_umum" ADD CONSTRAINT "riw_keahlian_umum_pend_non_id_riw_pendidikan_non_id_fk" FOREIGN KEY ("pend_non_id") REFERENCES "public"."riw_pendidikan_non"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "riw_keahlian_umum" ADD CONSTRAINT "riw_keahlian_umum_pend_diklat_id_riw_diklat_teknis_id_fk" FOREIGN KEY ("pend_diklat_id") REFERENCES "public"."riw_diklat_teknis"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "riw_kgb" ADD CONSTRAINT "riw_kgb_guru_id_guru_id_fk" FOREIGN KEY ("guru_id") REFERENCES "public"."guru"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "riw_pangkat" ADD CONSTRAINT "riw_pangkat_guru_id_guru_id_fk" FOREIGN KEY ("guru_id") REFERENCES "public"."guru"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "riw_pendidikan" ADD CONSTRAINT "riw_pendidikan_guru_id_guru_id_fk" FOREIGN KEY ("guru_id") REFERENCES "public"."guru"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "riw_pendidikan" ADD CONSTRAINT "riw_pendidikan_jurusan_id_referensi_id_fk" FOREIGN KEY ("jurusan_id") REFERENCES "public"."referensi"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "riw_pendidikan" ADD CONSTRAINT "riw_pendidikan_tingpend_id_referensi_id_fk" FOREIGN KEY ("tingpend_id") REFERENCES "public"."referensi"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "riw_pendidikan_non" ADD CONSTRAINT "riw_pendidikan_non_guru_id_guru_id_fk" FOREIGN KEY ("guru_id") REFERENCES "public"."guru"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "riw_penghargaan" ADD CONSTRAINT "riw_penghargaan_guru_id_guru_id_fk" FOREIGN KEY ("guru_id") REFERENCES "public"."guru"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "riw_penghargaan" ADD CONSTRAINT "riw_penghargaan_penghargaan_id_referensi_id_fk" FOREIGN KEY ("penghargaan_id") REFERENCES "public"."referensi"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "guru_nip_uq" ON "guru" USING btree ("nip") WHERE "guru"."nip" is not null;--> statement-breakpoint
CREATE INDEX "guru_sekolah_idx" ON "guru" USING btree ("sekolah_id");--> statement-breakpoint
CREATE INDEX "guru_nama_lower_idx" ON "guru" USING btree (lower("nama"));--> statement-breakpoint
CREATE INDEX "guru_status_idx" ON "guru" USING btree ("status_guru");--> statement-breakpoint
CREATE INDEX "guru_tgl_lahir_idx" ON "guru" USING btree ("tgl_lahir");--> statement-breakpoint
CREATE INDEX "guru_kgb_idx" ON "guru" USING btree ("tgl_kgb_terakhir");--> statement-breakpoint
CREATE UNIQUE INDEX "referensi_kategori_nama_uq" ON "referensi" USING btree ("kategori","nama","nama2");--> statement-breakpoint
CREATE INDEX "referensi_kategori_idx" ON "referensi" USING btree ("kategori","urutan");--> statement-breakpoint
CREATE INDEX "riw_diklat_teknis_guru_idx" ON "riw_diklat_teknis" USING btree ("guru_id");--> statement-breakpoint
CREATE INDEX "riw_karya_tulis_guru_idx" ON "riw_karya_tulis" USING btree ("guru_id");--> statement-breakpoint
CREATE INDEX "riw_keahlian_bahasa_guru_idx" ON "riw_keahlian_bahasa" USING btree ("guru_id");--> statement-breakpoint
CREATE INDEX "riw_keahlian_umum_guru_idx" ON "riw_keahlian_umum" USING btree ("guru_id");--> statement-breakpoint
CREATE INDEX "riw_kgb_guru_idx" ON "riw_kgb" USING btree ("guru_id");--> statement-breakpoint
CREATE INDEX "riw_pangkat_guru_idx" ON "riw_pangkat" USING btree ("guru_id");--> statement-breakpoint
CREATE INDEX "riw_pendidikan_guru_idx" ON "riw_pendidikan" USING btree ("guru_id");--> statement-breakpoint
CREATE INDEX "riw_pendidikan_non_guru_idx" ON "riw_pendidikan_non" USING btree ("guru_id");--> statement-breakpoint
CREATE INDEX "riw_penghargaan_guru_idx" ON "riw_penghargaan" USING btree ("guru_id");