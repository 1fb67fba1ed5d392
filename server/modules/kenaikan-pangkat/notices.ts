import type { Db } from '../../db/client.ts';
import type { Notifikasi } from '#contract/notifikasi.ts';
import { MASA_MINIMAL_BULAN, TAHUN_SKP_DINILAI } from '../../domain/kenaikan-pangkat.ts';
import { tanggalPanjang } from '../../domain/terbilang.ts';
import { kenaikanPangkatRepository } from './kenaikan-pangkat.repository.ts';

/** Teachers of one school read at most for the notice (a school has tens). */
const SCHOOL_LIMIT = 300;

/**
 * The notice to a school's operator for next month's promotion period, worked out when asked: its
 * teachers in the period who lack a verified annual rating of the last two years, or whose rating
 * has no document yet (docs/domain/kenaikan-pangkat.md). None when nothing is lacking.
 */
export async function kenaikanPangkatNotices(
  db: Db,
  npsn: string,
  today: string,
  retirementAge: number,
): Promise<Notifikasi[]> {
  const [y, m] = today.split('-').map(Number) as [number, number];
  const periode = m === 12 ? `${y + 1}-01` : `${y}-${String(m + 1).padStart(2, '0')}`;
  const repo = kenaikanPangkatRepository(db);
  const rows = await repo.window(
    { periode, today, retirementAge, minMonths: MASA_MINIMAL_BULAN, npsn },
    0,
    SCHOOL_LIMIT,
  );
  if (!rows.length) return [];
  const records = await repo.records(
    rows.map((r) => r.id),
    new Map(rows.map((r) => [r.id, r.pendidikan_terakhir])),
  );
  const py = Number(periode.slice(0, 4));
  const years = Array.from({ length: TAHUN_SKP_DINILAI }, (_, i) => py - TAHUN_SKP_DINILAI + i);
  const tanpaSkp: string[] = [];
  const tanpaBerkas: string[] = [];
  for (const r of rows) {
    const rec = records.get(r.id)!;
    const annual = years.map((yr) => rec.penilaian.find((p) => p.tahun === yr && p.periode === 'Tahunan'));
    if (annual.some((p) => !p || !p.terverifikasi)) tanpaSkp.push(r.nama);
    else if (annual.some((p) => !p!.berkas)) tanpaBerkas.push(r.nama);
  }
  if (!tanpaSkp.length && !tanpaBerkas.length) return [];
  const bulan = tanggalPanjang(`${periode}-01`).replace(/^\d+ /, '');
  const parts = [
    tanpaSkp.length
      ? `SKP ${years.join(' dan ')} belum ada atau belum diverifikasi (${tanpaSkp.length}): ${tanpaSkp.join(', ')}.`
      : '',
    tanpaBerkas.length ? `Dokumen SKP belum diunggah (${tanpaBerkas.length}): ${tanpaBerkas.join(', ')}.` : '',
  ].filter(Boolean);
  const only =
    tanpaSkp.length + tanpaBerkas.length === 1
      ? rows.find((r) => r.nama === (tanpaSkp[0] ?? tanpaBerkas[0]))
      : undefined;
  return [
    {
      id: null,
      jenis: 'kenaikan_pangkat',
      judul: `${tanpaSkp.length + tanpaBerkas.length} guru Anda masuk periode kenaikan pangkat ${bulan}: lengkapi SKP`,
      isi: `${parts.join(' ')} Tambahkan di tab Penilaian Kinerja / SKP; Dinas akan memverifikasinya.`,
      guru_id: only?.id ?? null,
      dibuat_pada: `${today}T00:00:00.000Z`,
      dibaca: false,
    },
  ];
}
