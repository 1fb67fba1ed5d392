CREATE TABLE "audit_log" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"waktu" timestamp with time zone DEFAULT now() NOT NULL,
	"user_id" integer,
	"username" varchar(100),
	"role" smallint,
	"npsn" varchar(8),
	"ip" varchar(64),
	"request_id" varchar(64),
	"metode" varchar(8),
	"rute" varchar(200),
	"tabel" varchar(63) NOT NULL,
	"entitas_id" text,
	"aksi" varchar(6) NOT NULL,
	"sebelum" jsonb,
	"sesudah" jsonb
);
--> statement-breakpoint
ALTER TABLE "guru" ADD COLUMN "versi" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
CREATE INDEX "audit_log_waktu_idx" ON "audit_log" USING btree ("waktu" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "audit_log_entitas_idx" ON "audit_log" USING btree ("tabel","entitas_id");--> statement-breakpoint
CREATE INDEX "audit_log_user_idx" ON "audit_log" USING btree ("user_id","waktu" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "audit_log_request_idx" ON "audit_log" USING btree ("request_id");