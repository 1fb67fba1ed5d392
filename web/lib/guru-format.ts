import { formatDate } from './format.ts';

/** SPEC §1: teacher lists show an empty value as 'Data kosong' (lowercase k). */
export const EMPTY_LIST = 'Data kosong';

const blank = (v: unknown) => v === null || v === undefined || (typeof v === 'string' && v.trim() === '');

export { namaLengkap } from '#contract/guru-values.ts';

/** 'Laki-laki' → 'L', 'Perempuan' → 'P'. */
export function jkSingkat(jk: string | null | undefined): string {
  if (jk === 'Laki-laki') return 'L';
  if (jk === 'Perempuan') return 'P';
  return jk ?? '';
}

/** Place and date of birth: 'Ternate, 12 Mar 1980'. */
export function ttl(g: { tempat_lahir: string | null; tgl_lahir: string | null }, empty = EMPTY_LIST): string {
  const date = blank(g.tgl_lahir) ? '' : formatDate(g.tgl_lahir);
  const place = blank(g.tempat_lahir) ? '' : g.tempat_lahir!.trim();
  if (!date && !place) return empty;
  return [place, date].filter(Boolean).join(', ');
}

/** Golongan with its pangkat: 'III/a – Penata Muda'. */
export function pangkatGolongan(
  golongan: string | null | undefined,
  pangkat: string | null | undefined,
  empty = EMPTY_LIST,
): string {
  const parts = [golongan, pangkat].filter((v) => !blank(v)) as string[];
  return parts.length ? parts.join(' – ') : empty;
}

export const orEmptyList = (v: string | number | null | undefined): string => (blank(v) ? EMPTY_LIST : String(v));
