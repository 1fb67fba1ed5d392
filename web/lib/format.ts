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

/** Indonesian month names, January first. */
export const MONTHS = [
  'Januari',
  'Februari',
  'Maret',
  'April',
  'Mei',
  'Juni',
  'Juli',
  'Agustus',
  'September',
  'Oktober',
  'November',
  'Desember',
];
/** dayjs's Indonesian short month names. */
export const MONTHS_SHORT = ['Jan', 'Feb', 'Mar', 'Apr', 'Mei', 'Jun', 'Jul', 'Agt', 'Sep', 'Okt', 'Nov', 'Des'];
const pad = (n: number) => String(n).padStart(2, '0');

/**
 * A date as dayjs parses it: 'YYYY-MM-DD' (with an optional time and no zone) in local time, any
 * other text through Date (ISO with a zone). Invalid gives null.
 */
function parseDate(text: string): Date | null {
  const m = /^(\d{4})-(\d{1,2})-(\d{1,2})(?:[T ](\d{1,2}):(\d{2})(?::(\d{2}))?)?$/.exec(text);
  const d = m
    ? new Date(Number(m[1]), Number(m[2]) - 1, Number(m[3]), Number(m[4] ?? 0), Number(m[5] ?? 0), Number(m[6] ?? 0))
    : new Date(text);
  return Number.isNaN(d.getTime()) ? null : d;
}

/**
 * 'YYYY-MM-DD' → '5 Mar 2021' (Indonesian month names, dayjs's tokens D, DD, MMM, MMMM, YYYY, HH,
 * mm). Without dayjs: the teacher list, drawn before antd and dayjs are downloaded, shows dates
 *.
 */
export function formatDate(ymd: string | null | undefined, pattern = 'D MMM YYYY'): string {
  if (isBlank(ymd)) return MSG.emptyValue;
  const d = parseDate(String(ymd).trim());
  if (!d) return String(ymd);
  const tokens: Record<string, string> = {
    YYYY: String(d.getFullYear()),
    MMMM: MONTHS[d.getMonth()]!,
    MMM: MONTHS_SHORT[d.getMonth()]!,
    DD: pad(d.getDate()),
    D: String(d.getDate()),
    HH: pad(d.getHours()),
    mm: pad(d.getMinutes()),
  };
  return pattern.replace(/YYYY|MMMM|MMM|DD|D|HH|mm/g, (t) => tokens[t]!);
}

/** 1234567 → '1.234.567' (Indonesian grouping) without Intl: the first toLocaleString('id-ID') of a page loads the locale's data, a long task on a slow phone. */
export function groupDigits(n: number): string {
  const [int, frac] = String(Math.abs(n)).split('.');
  return `${n < 0 ? '-' : ''}${int!.replace(/\B(?=(\d{3})+(?!\d))/g, '.')}${frac ? `,${frac}` : ''}`;
}

/** A text or 'Data Kosong' when empty. */
export function orEmpty(v: string | number | null | undefined): string {
  return isBlank(v) ? MSG.emptyValue : String(v);
}
