// Civil-service dates of a teacher (docs/domain/data-guru.md). Pure functions on YYYY-MM-DD strings, no clock.
import { isAsn } from '#contract/asn.ts';
import { DEFAULT_RETIREMENT_AGE, tmtPensiun } from './pensiun.ts';

function parts(date: string): [number, number, number] {
  const [y, m, d] = date.split('-').map(Number);
  return [y!, m!, d!];
}

const iso = (y: number, m: number, d: number) =>
  `${String(y).padStart(4, '0')}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;

/** Adds whole months, keeping the day where the month has it (Jan 31 + 1 month = Feb 28/29). */
export function addMonths(date: string, months: number): string {
  const [y, m, d] = parts(date);
  const total = y * 12 + (m - 1) + months;
  const ny = Math.floor(total / 12);
  const nm = (total % 12) + 1;
  const last = new Date(Date.UTC(ny, nm, 0)).getUTCDate();
  return iso(ny, nm, Math.min(d, last));
}

/**
/** A KGB every two years (PP 7/1977 art. 7; PP 5/2024 keeps the biennial steps): docs/domain/kgb.md. */
export const KGB_CYCLE_MONTHS = 24;

/**
 * The next periodic salary increase (TMT KGB): two years after the last one, on the first of a
 * month (PP 7/1977 art. 13(3)); a last KGB recorded on another day gives the next month's 1st.
 */
export function tmtKgbBerikutnya(tglKgbTerakhir: string): string {
  const twoYears = addMonths(tglKgbTerakhir, KGB_CYCLE_MONTHS);
  return twoYears.endsWith('-01') ? twoYears : addMonths(`${twoYears.slice(0, 7)}-01`, 1);
}

/**
 * A teacher's employment state on `today`: what the record says, except that a civil
 * servant (PNS, CPNS, PPPK: contract/asn.ts; GTT, GTY and honorary teachers have no BUP) whose BUP date has come is retired even while the record still says aktif (otomatis).
 */
export function statusKepegawaianPada(
  g: { status_kepegawaian: string; status_guru: string | null; tgl_lahir: string },
  today: string,
  usiaPensiun = DEFAULT_RETIREMENT_AGE,
): { kode: string; otomatis: boolean; sejak: string | null } {
  // The BUP rule lives in ./pensiun.ts (docs/domain/pensiun.md).
  const bup = tmtPensiun(g.tgl_lahir, usiaPensiun);
  if (g.status_kepegawaian === 'aktif' && isAsn(g.status_guru) && bup <= today) {
    return { kode: 'pensiun', otomatis: true, sejak: bup };
  }
  return { kode: g.status_kepegawaian, otomatis: false, sejak: null };
}

export { namaLengkap } from '#contract/guru-values.ts';
