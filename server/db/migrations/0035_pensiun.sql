CREATE TABLE "riw_keluarga" (
	"id" serial PRIMARY KEY NOT NULL,
	"guru_id" integer NOT NULL,
	"nama" varchar(150),
	"hubungan" varchar(20),
	"tgl_lahir" date,
	"tgl_nikah" date,
	"keadaan" varchar(20),
	"tunjangan" varchar(20),
	"file_keluarga_key" varchar(100),
	"status" smallint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "riw_keluarga" ADD CONSTRAINT "riw_keluarga_guru_id_guru_id_fk" FOREIGN KEY ("guru_id") REFERENCES "public"."guru"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "riw_keluarga_guru_idx" ON "riw_keluarga" USING btree ("guru_id");--> statement-breakpoint
-- Hand-written: family rows are audited like the other record kinds (decision 0009).
CREATE TRIGGER riw_keluarga_audit AFTER INSERT OR UPDATE OR DELETE ON riw_keluarga FOR EACH ROW EXECUTE FUNCTION sidasek_audit();
