CREATE TABLE "user_totp" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"secret" text NOT NULL,
	"aktif" boolean DEFAULT false NOT NULL,
	"last_step" integer,
	"kode_pemulihan" text[] DEFAULT '{}'::text[] NOT NULL,
	"aktif_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "perlu_totp" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "user_totp" ADD CONSTRAINT "user_totp_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- user_totp stays outside the audit trigger on purpose: its secret and recovery-code hashes must
-- never be copied into audit_log; enabling, disabling and failed codes are security events
-- (decision 0029, server/modules/audit/audit.test.ts NOT_AUDITED).
SELECT 1;
