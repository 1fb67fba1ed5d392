-- Name search at province scale (issue 7, tier L): one row per word of each teacher's lowered name
-- (nama_cari), so a term that begins where a word begins is a range of a B-tree and costs what it
-- finds, whatever the number of teachers. The trigram index has to intersect every trigram of the
-- term before it returns a row: a common full name ('abdul hidayat') read 21 ms at 2.7 million
-- teachers. Words are split at the space character only; see server/modules/guru/nama-search.ts
-- for why these two columns find every match of a term that holds a space.
--   sisa:  the name from this word to its end ('abdul hidayat', 'hidayat'), for terms that begin
--          at a word;
--   balik: this word reversed ('ludba'), for terms that begin inside a word and go on past its
--          end ('dul hidayat': the word ends with 'dul');
--   nama:  the name as written, so the matches sort in list order from the index alone (fetching
--          a thousand teacher rows to sort them cost more than finding them).
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
CREATE INDEX "guru_nama_kata_sisa_idx" ON "guru_nama_kata" ("sisa", "guru_id") INCLUDE ("nama");
--> statement-breakpoint
CREATE INDEX "guru_nama_kata_balik_idx" ON "guru_nama_kata" ("balik", "guru_id");
--> statement-breakpoint
-- New teachers, one statement at a time: an import or the benchmark loader inserts thousands of rows
-- in one statement, which a row trigger would split into thousands of calls.
CREATE OR REPLACE FUNCTION sidasek_guru_nama_kata_baru() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO guru_nama_kata (guru_id, urutan, sisa, balik, nama)
    SELECT n.id, k.urutan, k.sisa, k.balik, n.nama FROM baru n CROSS JOIN LATERAL sidasek_nama_kata(n.nama_cari) k;
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
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER guru_nama_kata_ganti AFTER UPDATE OF nama ON guru
  FOR EACH ROW WHEN (OLD.nama IS DISTINCT FROM NEW.nama)
  EXECUTE FUNCTION sidasek_guru_nama_kata_ganti();
--> statement-breakpoint
ANALYZE "guru_nama_kata";
