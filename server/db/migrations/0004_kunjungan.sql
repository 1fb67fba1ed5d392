CREATE TABLE "kunjungan" (
	"tanggal" date NOT NULL,
	"user_id" integer NOT NULL,
	CONSTRAINT "kunjungan_pk" PRIMARY KEY("tanggal","user_id")
);
--> statement-breakpoint
ALTER TABLE "kunjungan" ADD CONSTRAINT "kunjungan_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;