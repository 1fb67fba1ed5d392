import dayjs from 'dayjs';
import 'dayjs/locale/id';
import { MSG } from '#contract/messages.ts';

const isBlank = (v: unknown) => v === null || v === undefined || (typeof v === 'string' && v.trim() === '');

/** 1234567 → 'Rp 1.234.567' (SPEC: money with dots). */
export function formatRupiah(n: number | null | undefined): string {
  if (n === null || n === undefined || Number.isNaN(Number(n))) return MSG.emptyValue;
  return `Rp ${Number(n).toLocaleString('id-ID')}`;
}

/** Indonesian number format: 1234,5 → '1.234,5'. */
export function formatNumber(n: number | null | undefined, maxDecimals = 2): string {
  if (n === null || n === undefined || Number.isNaN(Number(n))) return MSG.emptyValue;
  return Number(n).toLocaleString('id-ID', { maximumFractionDigits: maxDecimals });
}

/** 'YYYY-MM-DD' → '5 Mar 2021' (dayjs, Indonesian month names). */
export function formatDate(ymd: string | null | undefined, pattern = 'D MMM YYYY'): string {
  if (isBlank(ymd)) return MSG.emptyValue;
  const d = dayjs(ymd);
  return d.isValid() ? d.locale('id').format(pattern) : String(ymd);
}

/** A text or 'Data Kosong' when empty. */
export function orEmpty(v: string | number | null | undefined): string {
  return isBlank(v) ? MSG.emptyValue : String(v);
}
