CREATE TABLE "riw_pak" (
	"id" serial PRIMARY KEY NOT NULL,
	"guru_id" integer NOT NULL,
	"pak_nomor" varchar(100),
	"pak_tgl" date,
	"pak_sampai" date,
	"ak_kumulatif" numeric(12, 3),
	"pak_pejabat" varchar(150),
	"file_pak_key" varchar(100),
	"status" smallint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "riw_pak" ADD CONSTRAINT "riw_pak_guru_id_guru_id_fk" FOREIGN KEY ("guru_id") REFERENCES "public"."guru"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "riw_pak_guru_idx" ON "riw_pak" USING btree ("guru_id");--> statement-breakpoint
-- Hand-written: credit point decisions are audited like the other record kinds (decision 0009).
CREATE TRIGGER riw_pak_audit AFTER INSERT OR UPDATE OR DELETE ON riw_pak FOR EACH ROW EXECUTE FUNCTION sidasek_audit();
