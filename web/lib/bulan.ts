import { formatDate } from './format.ts';

/** The YYYY-MM of the month of `d`, `offset` months on. */
export function monthOf(d: Date, offset: number): string {
  const x = new Date(d.getFullYear(), d.getMonth() + offset, 1);
  return `${x.getFullYear()}-${String(x.getMonth() + 1).padStart(2, '0')}`;
}

/** A YYYY-MM as the screens say it: "Juli 2026". */
export const monthLabel = (bulan: string): string => formatDate(`${bulan}-01`, 'MMMM YYYY');

/**
 * The months a month select offers: `count` months from six before today's, in order, plus the
 * chosen one when it is outside them (a month from a link).
 */
export function monthOptions(today: Date, count: number, chosen: string): { value: string; label: string }[] {
  const all = Array.from({ length: count }, (_v, i) => monthOf(today, i - 6));
  if (!all.includes(chosen)) all.push(chosen);
  return all.sort().map((m) => ({ value: m, label: monthLabel(m) }));
}
