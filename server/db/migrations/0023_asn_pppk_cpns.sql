ALTER TABLE "guru" ADD COLUMN "tmt_awal_kgb" date;--> statement-breakpoint
-- Issue 22.3: CPNS and PPPK teachers take part in KGB. The due list's index covers every
-- civil-servant status, and counts from tmt_awal_kgb where the record sets it (a PPPK's first KGB
-- from the appointment; after a service-credit review (docs/domain/kgb.md), from the MKG's next step);
-- an NI PPPK is never read as a NIP (it carries no month).
DROP INDEX IF EXISTS guru_kgb_tmt_idx;
--> statement-breakpoint
CREATE INDEX guru_kgb_tmt_idx ON guru (sidasek_kgb_tmt(coalesce(tmt_awal_kgb, tgl_kgb_terakhir), CASE WHEN status_guru = 'PPPK' THEN NULL ELSE nip END, golongan, kgb_tunda_bulan), nama, id)
  INCLUDE (sekolah_id, tgl_kgb_terakhir, tmt_awal_kgb, nip, status_guru, golongan, kgb_tunda_bulan, tgl_lahir)
  WHERE status_guru IN ('PNS', 'CPNS', 'PPPK') AND golongan IS NOT NULL AND status_kepegawaian = 'aktif';
--> statement-breakpoint
-- The master lists an existing installation already has gain CPNS and the PPPK golongan I-XVII
-- (a new one, whose lists are still empty here, seeds them from contract/master-guru.ts and
-- contract/asn.ts after the migrations).
INSERT INTO referensi (kategori, nama, urutan)
SELECT 'jenisguru', 'CPNS', coalesce((SELECT max(urutan) FROM referensi WHERE kategori = 'jenisguru'), 0) + 1
WHERE EXISTS (SELECT 1 FROM referensi WHERE kategori = 'jenisguru')
  AND NOT EXISTS (SELECT 1 FROM referensi WHERE kategori = 'jenisguru' AND nama = 'CPNS');
--> statement-breakpoint
INSERT INTO referensi (kategori, nama, urutan)
SELECT 'golongan', g.nama, coalesce((SELECT max(urutan) FROM referensi WHERE kategori = 'golongan'), 0) + g.n
FROM unnest(ARRAY['I','II','III','IV','V','VI','VII','VIII','IX','X','XI','XII','XIII','XIV','XV','XVI','XVII']) WITH ORDINALITY AS g(nama, n)
WHERE EXISTS (SELECT 1 FROM referensi WHERE kategori = 'golongan')
  AND NOT EXISTS (SELECT 1 FROM referensi r WHERE r.kategori = 'golongan' AND r.nama = g.nama);
