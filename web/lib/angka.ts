/**
 * Numbers as Indonesian readers write them: a comma before the decimals, dots between
 * thousands ("7,5", "1.250.000", "1.250.000,50"). A dot that cannot be a thousands separator
 * ("7.5", "0.7937") is read as a decimal point, as people copy it from elsewhere; a coordinate reads
 * either mark as the decimal point and has no thousands. What cannot be read is not guessed at:
 * the caller keeps the text, and the form's check says the field must be a number.
 */
export type Bacaan = { ok: true; nilai: number | null } | { ok: false };

const RIBUAN = /^-?\d{1,3}(?:\.\d{3})+(?:,\d+)?$/;
const BIASA = /^-?\d+(?:,\d+)?$/;
const TITIK_DESIMAL = /^-?\d+\.\d+$/;

export function bacaAngka(text: string, opts: { koordinat?: boolean } = {}): Bacaan {
  const t = text.replace(/\s+/g, '').replace(/^rp\.?/i, '');
  if (t === '') return { ok: true, nilai: null };
  if (opts.koordinat)
    return /^-?\d+(?:[.,]\d+)?$/.test(t) ? { ok: true, nilai: Number(t.replace(',', '.')) } : { ok: false };
  if (RIBUAN.test(t) || BIASA.test(t)) return { ok: true, nilai: Number(t.replace(/\./g, '').replace(',', '.')) };
  if (TITIK_DESIMAL.test(t)) return { ok: true, nilai: Number(t) };
  return { ok: false };
}

/** 7.5 → "7,5"; 1250000 → "1.250.000"; a coordinate as it is (0.7937). */
export function tulisAngka(n: number | null | undefined, opts: { koordinat?: boolean } = {}): string {
  if (n === null || n === undefined || Number.isNaN(n)) return '';
  if (opts.koordinat) return String(n);
  return n.toLocaleString('id-ID', { maximumFractionDigits: 6 });
}
