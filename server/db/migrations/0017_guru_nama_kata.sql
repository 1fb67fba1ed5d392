-- Name search at province scale (tier L; decision 0015): the words of each teacher's
-- lowered name (nama_cari) in B-trees, so a search costs what it finds, whatever the number of
-- teachers. The trigram index has to intersect every trigram of the term before it returns a row:
-- a common full name ('abdul hidayat') read 21 ms at 2.7 million teachers, and a fragment found in
-- thousands of names ('hman') read the table until it had its matches. Words are split at the space
-- character only; server/modules/guru/nama-search.ts says why these find every match.
-- guru_nama_kata, one row per word of a name:
--   sisa:  the name from this word to its end ('abdul hidayat', 'hidayat'), for terms that begin
--          at a word and hold a space;
--   balik: this word reversed ('ludba'): the rows of one word are one value, and a term that
--          begins inside a word and goes on past its end ('dul hidayat') is a prefix of it;
--   nama:  the name as written, so the matches sort in list order from the index alone (fetching
--          a thousand teacher rows to sort them cost more than finding them).
-- guru_kata, every word that is or was in a teacher's name (a few thousand, even for a province),
-- with a trigram index: the words that contain a term, whose rows then come from balik.
-- Derived data kept by triggers, never written by the application, not audited.
CREATE TABLE "guru_nama_kata" (
  "guru_id" integer NOT NULL REFERENCES "guru"("id") ON DELETE CASCADE,
  "urutan" smallint NOT NULL,
  "sisa" text COLLATE "C" NOT NULL,
  "balik" text COLLATE "C" NOT NULL,
  "nama" text NOT NULL,
  PRIMARY KEY ("guru_id", "urutan")
);
--> statement-breakpoint
CREATE TABLE "guru_kata" ("kata" text COLLATE "C" PRIMARY KEY);
--> statement-breakpoint
CREATE OR REPLACE FUNCTION sidasek_nama_kata(nama_cari text) RETURNS TABLE (urutan smallint, sisa text, balik text)
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT k.i::smallint, array_to_string(a.kata[k.i:], ' '), reverse(k.kata)
  FROM (SELECT string_to_array(nama_cari, ' ') AS kata) a
  CROSS JOIN LATERAL unnest(a.kata) WITH ORDINALITY AS k(kata, i)
  WHERE k.kata <> ''
$$;
--> statement-breakpoint
INSERT INTO "guru_nama_kata" ("guru_id", "urutan", "sisa", "balik", "nama")
  SELECT g."id", k.urutan, k.sisa, k.balik, g."nama" FROM "guru" g CROSS JOIN LATERAL sidasek_nama_kata(g."nama_cari") k;
--> statement-breakpoint
INSERT INTO "guru_kata" ("kata") SELECT DISTINCT reverse("balik") FROM "guru_nama_kata";
--> statement-breakpoint
CREATE INDEX "guru_nama_kata_sisa_idx" ON "guru_nama_kata" ("sisa", "guru_id") INCLUDE ("nama");
--> statement-breakpoint
CREATE INDEX "guru_nama_kata_balik_idx" ON "guru_nama_kata" ("balik", "guru_id") INCLUDE ("nama", "sisa");
--> statement-breakpoint
CREATE INDEX "guru_kata_trgm_idx" ON "guru_kata" USING gin ("kata" gin_trgm_ops);
--> statement-breakpoint
-- New teachers, one statement at a time: an import or the benchmark loader inserts thousands of rows
-- in one statement, which a row trigger would split into thousands of calls.
CREATE OR REPLACE FUNCTION sidasek_guru_nama_kata_baru() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  WITH k AS (SELECT n.id, n.nama, w.* FROM baru n CROSS JOIN LATERAL sidasek_nama_kata(n.nama_cari) w),
  ditulis AS (INSERT INTO guru_nama_kata (guru_id, urutan, sisa, balik, nama) SELECT id, urutan, sisa, balik, nama FROM k)
  INSERT INTO guru_kata (kata) SELECT DISTINCT reverse(balik) FROM k ON CONFLICT DO NOTHING;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER guru_nama_kata_baru AFTER INSERT ON guru REFERENCING NEW TABLE AS baru
  FOR EACH STATEMENT EXECUTE FUNCTION sidasek_guru_nama_kata_baru();
--> statement-breakpoint
-- A renamed teacher: rows of the old name out, of the new one in. Only when the name changed.
CREATE OR REPLACE FUNCTION sidasek_guru_nama_kata_ganti() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM guru_nama_kata WHERE guru_id = OLD.id;
  INSERT INTO guru_nama_kata (guru_id, urutan, sisa, balik, nama)
    SELECT NEW.id, k.urutan, k.sisa, k.balik, NEW.nama FROM sidasek_nama_kata(NEW.nama_cari) k;
  INSERT INTO guru_kata (kata) SELECT DISTINCT reverse(k.balik) FROM sidasek_nama_kata(NEW.nama_cari) k ON CONFLICT DO NOTHING;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER guru_nama_kata_ganti AFTER UPDATE OF nama ON guru
  FOR EACH ROW WHEN (OLD.nama IS DISTINCT FROM NEW.nama)
  EXECUTE FUNCTION sidasek_guru_nama_kata_ganti();
--> statement-breakpoint
ANALYZE "guru_nama_kata";
--> statement-breakpoint
ANALYZE "guru_kata";
