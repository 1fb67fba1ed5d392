// Calendar periods of the statistics, the dashboard and the due lists (docs/domain/kgb.md, docs/domain/data-guru.md). Pure functions; "now" is always passed in
// (deps.now()), so tests fix the date.
import { addMonths, KGB_CYCLE_MONTHS } from './kepegawaian.ts';
import { NOTICE_MONTHS } from './kgb.ts';
import { PERIODE_BULAN, PERIODE_HARI, PERIODE_TAHUN } from '#contract/statistik.ts';

// "Today" is the office's (server/domain/waktu-kantor.ts); these helpers take it as a string.

export const awalBulan = (date: string) => `${date.slice(0, 7)}-01`;

export function tambahHari(date: string, days: number): string {
  const t = Date.parse(`${date}T00:00:00Z`) + days * 86_400_000;
  return new Date(t).toISOString().slice(0, 10);
}

/** The first and last month (first days) of the last `PERIODE_BULAN` calendar months, this one included. */
export function enamBulanTerakhir(today: string): { dari: string; sampai: string } {
  const sampai = awalBulan(today);
  return { dari: addMonths(sampai, -(PERIODE_BULAN - 1)), sampai };
}

/** The next `PERIODE_TAHUN` calendar years after this one. */
export function limaTahunBerikutnya(today: string): { dari: number; sampai: number } {
  const year = Number(today.slice(0, 4));
  return { dari: year + 1, sampai: year + PERIODE_TAHUN };
}

/** The last `PERIODE_HARI` days, today included. */
export function duaMingguTerakhir(today: string): { dari: string; sampai: string } {
  return { dari: tambahHari(today, -(PERIODE_HARI - 1)), sampai: today };
}

/**
 * The latest last-KGB date of a teacher who can be due today: due means TMT − NOTICE_MONTHS ≤ today
 * with TMT = last KGB + KGB_CYCLE_MONTHS, i.e. last KGB ≤ today − (cycle − notice); month-end clamping can move
 * that by up to 3 days, hence the margin. Only a pre-filter: the exact rule is applied after it.
 */
export function kgbTerakhirPaling(today: string): string {
  return tambahHari(addMonths(today, -(KGB_CYCLE_MONTHS - NOTICE_MONTHS)), 4);
}

/**
 * The latest TMT of a teacher who can be due today: due means TMT − NOTICE_MONTHS ≤ today, i.e. TMT ≤
 * today + NOTICE_MONTHS, and month-end clamping (30 April − 2 months = 28 February) can move that by up
 * to 3 days, hence the margin. A range on the TMT index; the exact rule is applied after it.
 */
export function tmtPalingLambat(today: string): string {
  return tambahHari(addMonths(today, NOTICE_MONTHS), 3);
}

// The retirement (BUP) birth-date windows live with the BUP rule in server/domain/pensiun.ts.
