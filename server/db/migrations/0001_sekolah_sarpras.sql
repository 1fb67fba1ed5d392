CREATE TABLE "bentuk_pendidikan" (
	"id" serial PRIMARY KEY NOT NULL,
	"nama" varchar(20) NOT NULL,
	CONSTRAINT "bentuk_pendidikan_nama_unique" UNIQUE("nama")
);
--> statement-breakpoint
CREATE TABLE "fasilitas" (
	"id" serial PRIMARY KEY NOT NULL,
	"fasilitas" varchar(100) NOT NULL,
	CONSTRAINT "fasilitas_fasilitas_unique" UNIQUE("fasilitas")
);
--> statement-breakpoint
CREATE TABLE "jenis_ruangan" (
	"id" serial PRIMARY KEY NOT NULL,
	"nama" varchar(100) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "kondisi" (
	"id" serial PRIMARY KEY NOT NULL,
	"nama" varchar(50) NOT NULL,
	CONSTRAINT "kondisi_nama_unique" UNIQUE("nama")
);
--> statement-breakpoint
CREATE TABLE "master_aset" (
	"id" serial PRIMARY KEY NOT NULL,
	"nama" varchar(100) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "aset" (
	"id" serial PRIMARY KEY NOT NULL,
	"ruangan_id" integer NOT NULL,
	"master_aset_id" integer NOT NULL,
	"nama" varchar(150) NOT NULL,
	"jumlah" integer NOT NULL,
	"harga" bigint NOT NULL,
	"kondisi" varchar(50) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "galeri" (
	"id" serial PRIMARY KEY NOT NULL,
	"sekolah_id" integer NOT NULL,
	"nama" varchar(150) NOT NULL,
	"jenis" varchar(20) NOT NULL,
	"desk" text NOT NULL,
	"ket" text NOT NULL,
	"foto_key" varchar(100) NOT NULL,
	"thumb_key" varchar(100) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "lahan" (
	"id" serial PRIMARY KEY NOT NULL,
	"sekolah_id" integer NOT NULL,
	"nama" varchar(150) NOT NULL,
	"luas" numeric(14, 2) NOT NULL,
	"tglperolehan" date NOT NULL,
	"harga" bigint NOT NULL,
	"kondisi" varchar(50) NOT NULL,
	"keterangan" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ruangan" (
	"id" serial PRIMARY KEY NOT NULL,
	"sekolah_id" integer NOT NULL,
	"jenis_ruangan_id" integer NOT NULL,
	"nama" varchar(100) NOT NULL,
	"panjang" numeric(8, 2) NOT NULL,
	"lebar" numeric(8, 2) NOT NULL,
	"tinggi" numeric(6, 2) NOT NULL,
	"keterangan" text NOT NULL,
	"status" varchar(50) DEFAULT 'Baik' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sekolah_fasilitas" (
	"sekolah_id" integer NOT NULL,
	"fasilitas_id" integer NOT NULL,
	CONSTRAINT "sekolah_fasilitas_sekolah_id_fasilitas_id_pk" PRIMARY KEY("sekolah_id","fasilitas_id")
);
--> statement-breakpoint
ALTER TABLE "sekolah" ADD COLUMN "logo_key" varchar(100);--> statement-breakpoint
ALTER TABLE "aset" ADD CONSTRAINT "aset_ruangan_id_ruangan_id_fk" FOREIGN KEY ("ruangan_id") REFERENCES "public"."ruangan"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "aset" ADD CONSTRAINT "aset_master_aset_id_master_aset_id_fk" FOREIGN KEY ("master_aset_id") REFERENCES "public"."master_aset"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "galeri" ADD CONSTRAINT "galeri_sekolah_id_sekolah_id_fk" FOREIGN KEY ("sekolah_id") REFERENCES "public"."sekolah"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lahan" ADD CONSTRAINT "lahan_sekolah_id_sekolah_id_fk" FOREIGN KEY ("sekolah_id") REFERENCES "public"."sekolah"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ruangan" ADD CONSTRAINT "ruangan_sekolah_id_sekolah_id_fk" FOREIGN KEY ("sekolah_id") REFERENCES "public"."sekolah"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ruangan" ADD CONSTRAINT "ruangan_jenis_ruangan_id_jenis_ruangan_id_fk" FOREIGN KEY ("jenis_ruangan_id") REFERENCES "public"."jenis_ruangan"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sekolah_fasilitas" ADD CONSTRAINT "sekolah_fasilitas_sekolah_id_sekolah_id_fk" FOREIGN KEY ("sekolah_id") REFERENCES "public"."sekolah"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sekolah_fasilitas" ADD CONSTRAINT "sekolah_fasilitas_fasilitas_id_fasilitas_id_fk" FOREIGN KEY ("fasilitas_id") REFERENCES "public"."fasilitas"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "jenis_ruangan_nama_uq" ON "jenis_ruangan" USING btree ("nama");--> statement-breakpoint
CREATE UNIQUE INDEX "master_aset_nama_uq" ON "master_aset" USING btree ("nama");--> statement-breakpoint
CREATE INDEX "aset_ruangan_idx" ON "aset" USING btree ("ruangan_id");--> statement-breakpoint
CREATE INDEX "aset_master_idx" ON "aset" USING btree ("master_aset_id");--> statement-breakpoint
CREATE INDEX "galeri_sekolah_idx" ON "galeri" USING btree ("sekolah_id");--> statement-breakpoint
CREATE INDEX "lahan_sekolah_idx" ON "lahan" USING btree ("sekolah_id");--> statement-breakpoint
CREATE INDEX "ruangan_sekolah_idx" ON "ruangan" USING btree ("sekolah_id");--> statement-breakpoint
CREATE INDEX "ruangan_jenis_idx" ON "ruangan" USING btree ("jenis_ruangan_id");