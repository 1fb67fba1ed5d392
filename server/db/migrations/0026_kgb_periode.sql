CREATE TABLE "kgb_draf" (
	"id" serial PRIMARY KEY NOT NULL,
	"guru_id" integer NOT NULL,
	"tmt" date NOT NULL,
	"status" varchar(12) NOT NULL,
	"catatan" text,
	"rencana" jsonb,
	"dibuat_oleh" integer,
	"dibuat_pada" timestamp with time zone NOT NULL,
	"diubah_pada" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "kgb_tugas" (
	"id" serial PRIMARY KEY NOT NULL,
	"jenis" varchar(12) NOT NULL,
	"tmt" date NOT NULL,
	"status" varchar(10) NOT NULL,
	"total" integer NOT NULL,
	"hasil" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"dibuat_oleh" integer,
	"mulai" timestamp with time zone NOT NULL,
	"diperbarui" timestamp with time zone NOT NULL,
	"selesai" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "kgb_draf" ADD CONSTRAINT "kgb_draf_guru_id_guru_id_fk" FOREIGN KEY ("guru_id") REFERENCES "public"."guru"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kgb_draf" ADD CONSTRAINT "kgb_draf_dibuat_oleh_users_id_fk" FOREIGN KEY ("dibuat_oleh") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kgb_tugas" ADD CONSTRAINT "kgb_tugas_dibuat_oleh_users_id_fk" FOREIGN KEY ("dibuat_oleh") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "kgb_draf_guru_tmt_uq" ON "kgb_draf" USING btree ("guru_id","tmt");--> statement-breakpoint
CREATE INDEX "kgb_draf_tmt_idx" ON "kgb_draf" USING btree ("tmt");--> statement-breakpoint
CREATE INDEX "kgb_tugas_tmt_idx" ON "kgb_tugas" USING btree ("tmt","id");--> statement-breakpoint
-- Drafts and their return to a school are decisions about pay: audited like the letters. The runs
-- (kgb_tugas) are progress records; every letter they change is audited on kgb_surat.
CREATE TRIGGER kgb_draf_audit AFTER INSERT OR UPDATE OR DELETE ON kgb_draf FOR EACH ROW EXECUTE FUNCTION sidasek_audit();
