CREATE TABLE "notifikasi" (
	"id" serial PRIMARY KEY NOT NULL,
	"sekolah_id" integer NOT NULL,
	"guru_id" integer,
	"jenis" varchar(20) NOT NULL,
	"judul" text NOT NULL,
	"isi" text NOT NULL,
	"dibuat_pada" timestamp with time zone NOT NULL,
	"dibaca_pada" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "notifikasi" ADD CONSTRAINT "notifikasi_sekolah_id_sekolah_id_fk" FOREIGN KEY ("sekolah_id") REFERENCES "public"."sekolah"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifikasi" ADD CONSTRAINT "notifikasi_guru_id_guru_id_fk" FOREIGN KEY ("guru_id") REFERENCES "public"."guru"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "notifikasi_sekolah_idx" ON "notifikasi" USING btree ("sekolah_id","id");