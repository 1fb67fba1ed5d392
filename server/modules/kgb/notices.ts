import type { Db } from '../../db/client.ts';
import type { KgbDueItem } from '#contract/kgb.ts';
import type { Notifikasi } from '#contract/notifikasi.ts';
import { tanggalPanjang } from '../../domain/terbilang.ts';
import { notifikasiRepository } from '../notifikasi/notifikasi.repository.ts';
import type { KgbNotices } from '../notifikasi/sources.ts';
import { kgbRepository, type SalaryTables } from './kgb.repository.ts';
import { dueItems } from './due-item.ts';

const monthName = (tmt: string) => tanggalPanjang(tmt).replace(/^\d+ /, '');

/**
 * One notice per TMT month of the school's due teachers, a month gone by worded as late. A teacher
 * whose draft was sent back is not counted here: the note sent back is their notice.
 */
function months(items: KgbDueItem[], today: string): Notifikasi[] {
  const byMonth = new Map<string, { total: number; belum: KgbDueItem[] }>();
  for (const i of items) {
    const m = byMonth.get(i.tmt_kgb) ?? { total: 0, belum: [] };
    m.total++;
    if (!i.siap) m.belum.push(i);
    byMonth.set(i.tmt_kgb, m);
  }
  return [...byMonth.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([tmt, m]) => ({
      id: null,
      jenis: 'akan_kgb',
      // The TMT has passed (docs/domain/kgb.md): the increase is late, not coming.
      judul: `${m.total} guru Anda ${tmt < today ? `terlambat KGB sejak ${monthName(tmt)}` : `akan KGB pada ${monthName(tmt)}`}${m.belum.length ? ': lengkapi SK terakhir' : ''}`,
      isi: m.belum.length
        ? `Belum lengkap (${m.belum.length}): ${m.belum.map((b) => b.nama).join(', ')}. Tambahkan SK KGB atau SK kenaikan pangkat terakhir beserta berkasnya di tab Riwayat KGB atau Kepangkatan; Dinas akan memverifikasinya.`
        : 'Data riwayat guru sudah lengkap; surat KGB disiapkan oleh Dinas.',
      guru_id: m.belum.length === 1 ? m.belum[0]!.id : null,
      dibuat_pada: `${today}T00:00:00.000Z`,
      dibaca: m.belum.length === 0,
    }));
}

/**
 * The school's KGB teachers still due with no letter in force, and of them and of the teachers of
 * the stored KGB notices (`storedIds`), those whose draft stands sent back to the school; the month
 * notices of the due ones not sent back. The salary tables are the app's copy (AppDeps.salaryTables).
 */
export const kgbNoticesOf =
  (tables: SalaryTables): KgbNotices =>
  async (db: Db, npsn, today, retirementAge, storedIds) => {
    const kgb = kgbRepository(db, tables);
    const { rows } = await kgb.dueList({ today, cari: '', bp: '', npsn, page: 1, perPage: 200, retirementAge });
    const due = (await dueItems(db, kgb, rows, today, retirementAge)).filter((i) => i.status_surat === null);
    const sentBack = await notifikasiRepository(db).kgbSentBack([...new Set([...due.map((i) => i.id), ...storedIds])]);
    const inMonth = due.filter((i) => !sentBack.has(i.id));
    return { notices: months(inMonth, today), sentBack, inMonth: new Set(inMonth.map((i) => i.id)) };
  };
