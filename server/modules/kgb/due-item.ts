import type { KgbDueItem } from '#contract/kgb.ts';
import { dueState } from '../../domain/kgb.ts';
import { tanggalPanjang } from '../../domain/terbilang.ts';
import type { DueRow } from './kgb.repository.ts';

/** The due list's reminder: only dates and numbers we computed, so no markup can come from data. */
function reminder(tmt: string, daysLeft: number): string {
  const when = daysLeft < 0 ? `<b>terlambat ${-daysLeft} hari</b>` : daysLeft === 0 ? '<b>hari ini</b>' : `${daysLeft} hari lagi`;
  return `TMT ${tanggalPanjang(tmt)}<br/>${when}`;
}

/** A row of the KGB due list as the screen reads it (SPEC §7), on `today` (YYYY-MM-DD). */
export function toDueItem(r: DueRow, today: string): KgbDueItem {
  const state = dueState(r.tmt, today);
  return {
    id: r.id,
    nip: r.nip,
    nama: r.nama,
    jenis_kelamin: r.jenis_kelamin,
    kgb_reminder: reminder(r.tmt, state.daysLeft),
    tgl_kgb_terakhir: r.tgl_kgb_terakhir,
    sekolah: { nama_sekolah: r.nama_sekolah, npsn: r.npsn },
    golongan: r.golongan,
    tmt_kgb: r.tmt,
    sisa_hari: state.daysLeft,
    terlambat: state.overdue,
    // Only the states the screen marks; a draft or a finished letter shows as no letter in progress.
    status_surat: r.status_surat === 'verified' || r.status_surat === 'signing' ? r.status_surat : null,
  };
}
