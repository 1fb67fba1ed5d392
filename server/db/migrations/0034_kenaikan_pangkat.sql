CREATE TABLE "riw_hukdis" (
	"id" serial PRIMARY KEY NOT NULL,
	"guru_id" integer NOT NULL,
	"tingkat" varchar(20),
	"jenis" varchar(150),
	"hukdis_sk" varchar(100),
	"hukdis_sktgl" date,
	"hukdis_tmt" date,
	"hukdis_selesai" date,
	"status" smallint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "riw_skp" (
	"id" serial PRIMARY KEY NOT NULL,
	"guru_id" integer NOT NULL,
	"tahun" integer,
	"periode" varchar(20),
	"predikat" varchar(20),
	"nilai" varchar(10),
	"penilai" varchar(150),
	"file_skp_key" varchar(100),
	"status" smallint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "kp_usulan" (
	"id" serial PRIMARY KEY NOT NULL,
	"periode" date NOT NULL,
	"nomor_surat" varchar(100) NOT NULL,
	"tanggal_surat" date NOT NULL,
	"dibuat_oleh" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "kp_usulan_guru" (
	"id" serial PRIMARY KEY NOT NULL,
	"usulan_id" integer NOT NULL,
	"guru_id" integer NOT NULL,
	"periode" date NOT NULL,
	"golongan_lama" varchar(10) NOT NULL,
	"golongan_baru" varchar(10) NOT NULL,
	"status" varchar(12) DEFAULT 'diusulkan' NOT NULL,
	"alasan" text,
	"dokumen" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"sk_nomor" varchar(100),
	"sk_tanggal" date,
	"sk_tmt" date,
	"sk_pejabat" varchar(150),
	"riw_pangkat_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "guru" ADD COLUMN "kp_tmt" date;--> statement-breakpoint
ALTER TABLE "riw_hukdis" ADD CONSTRAINT "riw_hukdis_guru_id_guru_id_fk" FOREIGN KEY ("guru_id") REFERENCES "public"."guru"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "riw_skp" ADD CONSTRAINT "riw_skp_guru_id_guru_id_fk" FOREIGN KEY ("guru_id") REFERENCES "public"."guru"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kp_usulan" ADD CONSTRAINT "kp_usulan_dibuat_oleh_users_id_fk" FOREIGN KEY ("dibuat_oleh") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kp_usulan_guru" ADD CONSTRAINT "kp_usulan_guru_usulan_id_kp_usulan_id_fk" FOREIGN KEY ("usulan_id") REFERENCES "public"."kp_usulan"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kp_usulan_guru" ADD CONSTRAINT "kp_usulan_guru_guru_id_guru_id_fk" FOREIGN KEY ("guru_id") REFERENCES "public"."guru"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kp_usulan_guru" ADD CONSTRAINT "kp_usulan_guru_riw_pangkat_id_riw_pangkat_id_fk" FOREIGN KEY ("riw_pangkat_id") REFERENCES "public"."riw_pangkat"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "riw_hukdis_guru_idx" ON "riw_hukdis" USING btree ("guru_id");--> statement-breakpoint
CREATE INDEX "riw_skp_guru_idx" ON "riw_skp" USING btree ("guru_id");--> statement-breakpoint
CREATE INDEX "kp_usulan_periode_idx" ON "kp_usulan" USING btree ("periode","id");--> statement-breakpoint
CREATE UNIQUE INDEX "kp_usulan_guru_periode_uq" ON "kp_usulan_guru" USING btree ("guru_id","periode");--> statement-breakpoint
CREATE INDEX "kp_usulan_guru_usulan_idx" ON "kp_usulan_guru" USING btree ("usulan_id");--> statement-breakpoint
CREATE INDEX "kp_usulan_guru_periode_idx" ON "kp_usulan_guru" USING btree ("periode","status");--> statement-breakpoint
CREATE INDEX "guru_kp_tmt_idx" ON "guru" USING btree ("kp_tmt") WHERE "guru"."status_guru" = 'PNS' and "guru"."status_kepegawaian" = 'aktif';--> statement-breakpoint
-- Ratings, penalties and promotion proposals are audited like the other decrees (decision 0009).
CREATE TRIGGER riw_skp_audit AFTER INSERT OR UPDATE OR DELETE ON riw_skp FOR EACH ROW EXECUTE FUNCTION sidasek_audit();--> statement-breakpoint
CREATE TRIGGER riw_hukdis_audit AFTER INSERT OR UPDATE OR DELETE ON riw_hukdis FOR EACH ROW EXECUTE FUNCTION sidasek_audit();--> statement-breakpoint
CREATE TRIGGER kp_usulan_audit AFTER INSERT OR UPDATE OR DELETE ON kp_usulan FOR EACH ROW EXECUTE FUNCTION sidasek_audit();--> statement-breakpoint
CREATE TRIGGER kp_usulan_guru_audit AFTER INSERT OR UPDATE OR DELETE ON kp_usulan_guru FOR EACH ROW EXECUTE FUNCTION sidasek_audit();
--> statement-breakpoint
-- guru.kp_tmt: the TMT of the newest verified rank decree, kept here so the promotion period list
-- reads its window from an index (docs/domain/kenaikan-pangkat.md). Every change of riw_pangkat
-- re-reads it for the teacher(s) concerned.
CREATE FUNCTION sidasek_guru_kp_tmt() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    UPDATE guru SET kp_tmt = (SELECT max(riw_pangkat_tmt) FROM riw_pangkat WHERE guru_id = OLD.guru_id AND status = 1)
      WHERE id = OLD.guru_id AND kp_tmt IS DISTINCT FROM (SELECT max(riw_pangkat_tmt) FROM riw_pangkat WHERE guru_id = OLD.guru_id AND status = 1);
  END IF;
  IF TG_OP <> 'DELETE' THEN
    UPDATE guru SET kp_tmt = (SELECT max(riw_pangkat_tmt) FROM riw_pangkat WHERE guru_id = NEW.guru_id AND status = 1)
      WHERE id = NEW.guru_id AND kp_tmt IS DISTINCT FROM (SELECT max(riw_pangkat_tmt) FROM riw_pangkat WHERE guru_id = NEW.guru_id AND status = 1);
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER riw_pangkat_kp_tmt AFTER INSERT OR UPDATE OR DELETE ON riw_pangkat FOR EACH ROW EXECUTE FUNCTION sidasek_guru_kp_tmt();--> statement-breakpoint
UPDATE guru g SET kp_tmt = p.tmt FROM (SELECT guru_id, max(riw_pangkat_tmt) AS tmt FROM riw_pangkat WHERE status = 1 GROUP BY guru_id) p WHERE p.guru_id = g.id;
