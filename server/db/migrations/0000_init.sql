CREATE TABLE "login_throttle" (
	"key" varchar(200) PRIMARY KEY NOT NULL,
	"failures" integer DEFAULT 0 NOT NULL,
	"window_started_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "roles" (
	"id" integer PRIMARY KEY NOT NULL,
	"name" varchar(50) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id" serial PRIMARY KEY NOT NULL,
	"token_hash" varchar(64) NOT NULL,
	"user_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"revoked_at" timestamp with time zone,
	"ip" varchar(64),
	"user_agent" varchar(300)
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" serial PRIMARY KEY NOT NULL,
	"username" varchar(100) NOT NULL,
	"nama" varchar(200) DEFAULT '' NOT NULL,
	"password_hash" text NOT NULL,
	"role_id" integer NOT NULL,
	"status_akun" smallint DEFAULT 1 NOT NULL,
	"must_change_password" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "wilayah" (
	"kode_wilayah" varchar(13) PRIMARY KEY NOT NULL,
	"nama" varchar(200) NOT NULL,
	"level" smallint NOT NULL,
	"induk" varchar(13)
);
--> statement-breakpoint
CREATE TABLE "sekolah" (
	"id" serial PRIMARY KEY NOT NULL,
	"npsn" varchar(8) NOT NULL,
	"nama_sekolah" varchar(200) NOT NULL,
	"status" varchar(10) NOT NULL,
	"bentuk_pendidikan" varchar(20) NOT NULL,
	"alamat" text,
	"rtrw" varchar(20),
	"kode_wilayah" varchar(13),
	"kode_pos" varchar(5),
	"telpon" varchar(20),
	"fax" varchar(20),
	"email" varchar(200),
	"web" varchar(200),
	"rombel" integer,
	"lat" double precision,
	"long" double precision,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_role_id_roles_id_fk" FOREIGN KEY ("role_id") REFERENCES "public"."roles"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sekolah" ADD CONSTRAINT "sekolah_kode_wilayah_wilayah_kode_wilayah_fk" FOREIGN KEY ("kode_wilayah") REFERENCES "public"."wilayah"("kode_wilayah") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "sessions_token_hash_uq" ON "sessions" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "sessions_user_idx" ON "sessions" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "users_username_lower_uq" ON "users" USING btree (lower("username"));--> statement-breakpoint
CREATE INDEX "wilayah_induk_idx" ON "wilayah" USING btree ("induk");--> statement-breakpoint
CREATE UNIQUE INDEX "sekolah_npsn_uq" ON "sekolah" USING btree ("npsn");--> statement-breakpoint
CREATE INDEX "sekolah_nama_idx" ON "sekolah" USING btree ("nama_sekolah");--> statement-breakpoint
CREATE INDEX "sekolah_bp_idx" ON "sekolah" USING btree ("bentuk_pendidikan");--> statement-breakpoint
CREATE INDEX "sekolah_nama_lower_idx" ON "sekolah" USING btree (lower("nama_sekolah"));