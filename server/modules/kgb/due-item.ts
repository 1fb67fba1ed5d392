import type { Db } from '../../db/client.ts';
import type { KgbDueItem } from '#contract/kgb.ts';
import { dueState, planKgb } from '../../domain/kgb.ts';
import { tanggalPanjang } from '../../domain/terbilang.ts';
import type { DueRow, KgbRepository } from './kgb.repository.ts';
import { decreesOfMany } from '../guru/record-basis.ts';
import { notReadyText } from './belum-siap.ts';
import { peringatanData } from '../../domain/golongan-awal.ts';
import { withCatatanSkp } from './skp-kgb.ts';

/** The due list's reminder: only dates and numbers we computed, so no markup can come from data. */
function reminder(tmt: string, daysLeft: number): string {
  const when =
    daysLeft < 0 ? `<b>terlambat ${-daysLeft} hari</b>` : daysLeft === 0 ? '<b>hari ini</b>' : `${daysLeft} hari lagi`;
  return `TMT ${tanggalPanjang(tmt)}<br/>${when}`;
}

/** Whether the teacher can get a letter now, and if not why (docs/domain/kgb.md). */
export interface Readiness {
  tmt: string;
  /** null: ready; otherwise what is missing, as the screen shows it. */
  belumSiap: string | null;
}

/** A row of the KGB due list as the screen reads it (SPEC §7), on `today` (YYYY-MM-DD). */
export function toDueItem(r: DueRow, today: string, ready: Readiness = { tmt: r.tmt, belumSiap: null }): KgbDueItem {
  const state = dueState(ready.tmt, today);
  return {
    id: r.id,
    nip: r.nip,
    nama: r.nama,
    jenis_kelamin: r.jenis_kelamin,
    kgb_reminder: reminder(ready.tmt, state.daysLeft),
    tgl_kgb_terakhir: r.tgl_kgb_terakhir,
    sekolah: { nama_sekolah: r.nama_sekolah, npsn: r.npsn },
    golongan: r.golongan,
    tmt_kgb: ready.tmt,
    sisa_hari: state.daysLeft,
    terlambat: state.overdue,
    // Only the states the screen marks; a draft or a finished letter shows as no letter in progress.
    status_surat: r.status_surat === 'verified' || r.status_surat === 'signing' ? r.status_surat : null,
    siap: ready.belumSiap === null,
    belum_siap: ready.belumSiap,
    peringatan: peringatanData(r),
  };
}

/**
 * The page's rows planned from their records (two queries for the whole page): the TMT the letter
 * would carry and whether it can be made. A letter already verified for the row's TMT is ready.
 */
export async function dueItems(
  db: Db,
  repo: KgbRepository,
  rows: DueRow[],
  today: string,
  retirementAge: number,
): Promise<KgbDueItem[]> {
  if (!rows.length) return [];
  const decrees = await decreesOfMany(
    db,
    rows.map((r) => r.id),
  );
  const table = await repo.salaryTable();
  const items = rows.map((r) => {
    if (r.status_surat) return toDueItem(r, today);
    const result = planKgb(
      {
        statusGuru: r.status_guru,
        nip: r.nip,
        tglLahir: r.tgl_lahir,
        retirementAge,
        decrees: decrees.get(r.id) ?? [],
        tundaBulan: r.kgb_tunda_bulan,
      },
      table,
    );
    return toDueItem(
      r,
      today,
      result.ok ? { tmt: result.plan.tmt, belumSiap: null } : { tmt: r.tmt, belumSiap: notReadyText(result) },
    );
  });
  // Ratings below Baik in the years the increase covers (docs/domain/kenaikan-pangkat.md).
  return withCatatanSkp(db, items);
}
