// Numbers in Indonesian words, as letters print amounts of money ("tiga juta ... rupiah").
import { NAMA_BULAN } from '#contract/bulan.ts';

const SATUAN = [
  '',
  'satu',
  'dua',
  'tiga',
  'empat',
  'lima',
  'enam',
  'tujuh',
  'delapan',
  'sembilan',
  'sepuluh',
  'sebelas',
];

export function terbilang(n: number): string {
  n = Math.floor(Math.abs(n));
  if (n < 12) return SATUAN[n]!;
  if (n < 20) return `${terbilang(n - 10)} belas`;
  if (n < 100) return `${terbilang(Math.floor(n / 10))} puluh ${terbilang(n % 10)}`.trim();
  if (n < 200) return `seratus ${terbilang(n - 100)}`.trim();
  if (n < 1000) return `${terbilang(Math.floor(n / 100))} ratus ${terbilang(n % 100)}`.trim();
  if (n < 2000) return `seribu ${terbilang(n - 1000)}`.trim();
  if (n < 1_000_000) return `${terbilang(Math.floor(n / 1000))} ribu ${terbilang(n % 1000)}`.trim();
  if (n < 1_000_000_000) return `${terbilang(Math.floor(n / 1_000_000))} juta ${terbilang(n % 1_000_000)}`.trim();
  return `${terbilang(Math.floor(n / 1_000_000_000))} miliar ${terbilang(n % 1_000_000_000)}`.trim();
}

export const ROMAWI = ['I', 'II', 'III', 'IV', 'V', 'VI', 'VII', 'VIII', 'IX', 'X', 'XI', 'XII'];

/** 2027-01-01 → "1 Januari 2027". */
export function tanggalPanjang(date: string): string {
  const [y, m, d] = date.split('-').map(Number);
  return `${d} ${NAMA_BULAN[m! - 1]} ${y}`;
}

/**
 * 3390500 → "Rp3.390.500,00": as official letters write amounts (Pedoman Umum Ejaan Bahasa Indonesia:
 * the symbol Rp without a space; thousands with a dot, the two decimals after a comma).
 */
export function rupiah(n: number): string {
  const negative = n < 0;
  const whole = Math.round(Math.abs(n))
    .toString()
    .replace(/\B(?=(\d{3})+(?!\d))/g, '.');
  return `${negative ? '-' : ''}Rp${whole},00`;
}
