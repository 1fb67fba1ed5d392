CREATE TABLE "impor_tugas" (
	"id" serial PRIMARY KEY NOT NULL,
	"status" varchar(12) NOT NULL,
	"berkas" jsonb NOT NULL,
	"posisi_berkas" integer DEFAULT 0 NOT NULL,
	"posisi_baris" integer DEFAULT 0 NOT NULL,
	"dibuat" integer DEFAULT 0 NOT NULL,
	"diubah" integer DEFAULT 0 NOT NULL,
	"sama" integer DEFAULT 0 NOT NULL,
	"galat" integer DEFAULT 0 NOT NULL,
	"tendik" integer DEFAULT 0 NOT NULL,
	"konflik" integer DEFAULT 0 NOT NULL,
	"laporan" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"batal" boolean DEFAULT false NOT NULL,
	"dibuat_oleh" integer,
	"mulai" timestamp with time zone NOT NULL,
	"diperbarui" timestamp with time zone NOT NULL,
	"selesai" timestamp with time zone,
	"pesan" text
);
--> statement-breakpoint
ALTER TABLE "impor_tugas" ADD CONSTRAINT "impor_tugas_dibuat_oleh_users_id_fk" FOREIGN KEY ("dibuat_oleh") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "impor_tugas_mulai_idx" ON "impor_tugas" USING btree ("mulai");