CREATE TABLE "pensiun_usul" (
	"id" serial PRIMARY KEY NOT NULL,
	"guru_id" integer NOT NULL,
	"status" varchar(12) DEFAULT 'disiapkan' NOT NULL,
	"alasan" text,
	"nomor_surat" varchar(100),
	"tanggal_surat" date,
	"sk_nomor" varchar(100),
	"sk_tanggal" date,
	"sk_tmt" date,
	"versi" integer DEFAULT 1 NOT NULL,
	"diubah_oleh" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "pensiun_usul" ADD CONSTRAINT "pensiun_usul_guru_id_guru_id_fk" FOREIGN KEY ("guru_id") REFERENCES "public"."guru"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pensiun_usul" ADD CONSTRAINT "pensiun_usul_diubah_oleh_users_id_fk" FOREIGN KEY ("diubah_oleh") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "pensiun_usul_guru_uq" ON "pensiun_usul" USING btree ("guru_id");--> statement-breakpoint
CREATE INDEX "pensiun_usul_status_idx" ON "pensiun_usul" USING btree ("status");--> statement-breakpoint
-- Hand-written: pension proposals are audited like the promotion proposals (decision 0009).
CREATE TRIGGER pensiun_usul_audit AFTER INSERT OR UPDATE OR DELETE ON pensiun_usul FOR EACH ROW EXECUTE FUNCTION sidasek_audit();
