CREATE TABLE "riw_pmk" (
	"id" serial PRIMARY KEY NOT NULL,
	"guru_id" integer NOT NULL,
	"golongan" varchar(10),
	"pmk_sk" varchar(100),
	"pmk_sktgl" date,
	"pmk_pejabat" varchar(150),
	"pmk_thn" integer,
	"pmk_bln" integer,
	"pmk_gaji" integer,
	"pmk_tmt" date,
	"status" smallint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "riw_pmk" ADD CONSTRAINT "riw_pmk_guru_id_guru_id_fk" FOREIGN KEY ("guru_id") REFERENCES "public"."guru"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "riw_pmk_guru_idx" ON "riw_pmk" USING btree ("guru_id");--> statement-breakpoint
-- Service-credit reviews (PMK, docs/domain/kgb.md) are audited like the other decrees.
CREATE TRIGGER riw_pmk_audit AFTER INSERT OR UPDATE OR DELETE ON riw_pmk FOR EACH ROW EXECUTE FUNCTION sidasek_audit();
