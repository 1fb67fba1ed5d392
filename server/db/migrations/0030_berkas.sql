CREATE TABLE "berkas" (
	"key" varchar(40) PRIMARY KEY NOT NULL,
	"ukuran" bigint NOT NULL,
	"sha256" varchar(64) NOT NULL,
	"dibuat_pada" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "berkas_bagian" (
	"key" varchar(40) NOT NULL,
	"urutan" integer NOT NULL,
	"isi" "bytea" NOT NULL,
	CONSTRAINT "berkas_bagian_key_urutan_pk" PRIMARY KEY("key","urutan")
);
--> statement-breakpoint
ALTER TABLE "berkas_bagian" ADD CONSTRAINT "berkas_bagian_key_berkas_key_fk" FOREIGN KEY ("key") REFERENCES "public"."berkas"("key") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Images and PDFs are compressed already: store the parts as they are, without trying pglz on each.
ALTER TABLE "berkas_bagian" ALTER COLUMN "isi" SET STORAGE EXTERNAL;
