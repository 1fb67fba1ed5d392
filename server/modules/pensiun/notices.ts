import type { Db } from '../../db/client.ts';
import type { Notifikasi } from '#contract/notifikasi.ts';
import { PENGINGAT_BULAN } from '../../domain/pensiun.ts';
import { pensiunItem } from './pensiun.routes.ts';
import { pensiunRepository } from './pensiun.repository.ts';

/** Teachers of one school read at most for the notice (a school has a handful retiring). */
const SCHOOL_LIMIT = 200;

/**
 * Reminders to a school's operator 15, 12 and 6 months before their teachers' pension TMT
 * (docs/domain/pensiun.md), worked out when asked: one notice per reminder step, naming the PNS
 * teachers whose proposal has not gone yet or whose record still lacks data for it. None when
 * nothing is asked of the school.
 */
export async function pensiunNotices(
  db: Db,
  npsn: string,
  today: string,
  retirementAge: number,
): Promise<Notifikasi[]> {
  const repo = pensiunRepository(db);
  const terjauh = Math.max(...PENGINGAT_BULAN);
  const rows = await repo.window({ today, retirementAge, bulan: terjauh, npsn }, 0, SCHOOL_LIMIT);
  if (!rows.length) return [];
  const recs = await repo.records(rows.map((r) => r.id));
  const steps = [...PENGINGAT_BULAN].sort((a, b) => a - b);
  const byStep = new Map<number, { nama: string; id: number; kurang: string[]; belum: boolean }[]>();
  for (const g of rows) {
    const item = pensiunItem(g, recs.get(g.id)!, today, retirementAge);
    if (item.akhir !== 'pensiun' || item.selesai) continue;
    const belum = !item.usul || item.usul.status === 'disiapkan' || item.usul.status === 'dikembalikan';
    if (!belum && !item.kekurangan.length) continue;
    const step = steps.find((s) => item.bulan_lagi <= s)!;
    byStep.set(step, [...(byStep.get(step) ?? []), { nama: item.nama, id: item.id, kurang: item.kekurangan, belum }]);
  }
  return [...byStep.entries()]
    .sort(([a], [b]) => a - b)
    .map(([step, list]) => ({
      id: null,
      jenis: 'pensiun' as const,
      judul: `${list.length} guru Anda pensiun dalam ${step} bulan: ${list.some((l) => l.kurang.length) ? 'lengkapi data usul pensiun' : 'usul pensiun belum dikirim'}`,
      isi: `${list.map((l) => `${l.nama}${l.kurang.length ? ` (${l.kurang.join('; ')})` : ' (data lengkap, usul belum dikirim Dinas)'}`).join(', ')}. Lengkapi riwayat keluarga, SK pangkat dan SKP di halaman guru; Dinas akan memverifikasinya dan mengirim usul ke BKD.`,
      guru_id: list.length === 1 ? list[0]!.id : null,
      dibuat_pada: `${today}T00:00:00.000Z`,
      dibaca: false,
    }));
}
