import { z } from 'zod';
import { NPSN_PATTERN } from './sekolah-values.ts';

export { NPSN_PATTERN };

// Field builders shared by every form contract. Forms send strings (multipart, inputs) or JSON
// values; an empty string, null or a missing field all count as "empty", so the SPEC §5 message
// ("… tidak boleh Kosong") is what the user sees first.

/**
 * Control characters a text field never holds: NUL (PostgreSQL refuses it in text) and the other
 * C0 controls and DEL. Tab and line breaks stay allowed (addresses, descriptions).
 */
// eslint-disable-next-line no-control-regex
export const CONTROL_CHARS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;
export const hasNoControlChars = (v: string) => !CONTROL_CHARS.test(v);
export const controlCharsMessage = (label: string) => `${label} memuat karakter yang tidak diizinkan`;

const isEmpty = (v: unknown) => v === undefined || v === null || (typeof v === 'string' && v.trim() === '');
const emptyToUndefined = (v: unknown) => (isEmpty(v) ? undefined : typeof v === 'string' ? v.trim() : v);

export function requiredText(emptyMessage: string, max = 255, label = 'Isian') {
  return z.preprocess(
    emptyToUndefined,
    z
      .string({ error: (iss) => (iss.input === undefined ? emptyMessage : `${label} harus berupa teks`) })
      .max(max, `${label} maksimal ${max} karakter`)
      .refine(hasNoControlChars, controlCharsMessage(label)),
  );
}

export function optionalText(max = 255, label = 'Isian') {
  return z
    .preprocess(
      (v) => (isEmpty(v) ? null : typeof v === 'string' ? v.trim() : v),
      z
        .string({ error: `${label} harus berupa teks` })
        .max(max, `${label} maksimal ${max} karakter`)
        .refine(hasNoControlChars, controlCharsMessage(label))
        .nullable(),
    )
    .optional();
}

interface NumberRule {
  label: string;
  min?: number;
  max?: number;
  int?: boolean;
}

function numberSchema(emptyMessage: string, rule: NumberRule) {
  let n = z.number({ error: (iss) => (iss.input === undefined ? emptyMessage : `${rule.label} harus berupa angka`) });
  if (rule.int) n = n.int(`${rule.label} harus berupa bilangan bulat`);
  if (rule.min !== undefined) n = n.min(rule.min, `${rule.label} minimal ${rule.min.toLocaleString('id-ID')}`);
  if (rule.max !== undefined) n = n.max(rule.max, `${rule.label} maksimal ${rule.max.toLocaleString('id-ID')}`);
  return n;
}

/** A number sent as a JSON number or a numeric string ("12,5" is read as 12.5). */
const toNumber = (v: unknown) => {
  if (isEmpty(v)) return undefined;
  if (typeof v === 'number') return v;
  if (typeof v === 'string' && /^-?\d+([.,]\d+)?$/.test(v.trim())) return Number(v.trim().replace(',', '.'));
  return v;
};

export function requiredNumber(emptyMessage: string, rule: NumberRule) {
  return z.preprocess(toNumber, numberSchema(emptyMessage, rule));
}

export function optionalNumber(rule: NumberRule) {
  return z
    .preprocess(
      (v) => (isEmpty(v) ? null : toNumber(v)),
      numberSchema(`${rule.label} tidak boleh Kosong`, rule).nullable(),
    )
    .optional();
}

/** A real calendar date written YYYY-MM-DD (2023-02-30 is refused). */
export function isRealDate(text: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(text)) return false;
  const d = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === text;
}

export function requiredDate(
  emptyMessage: string,
  label: string,
  opts: { notFuture?: boolean; minYear?: number } = {},
) {
  return z.preprocess(
    emptyToUndefined,
    z
      .string({ error: emptyMessage })
      .refine(isRealDate, `${label} harus tanggal yang valid (YYYY-MM-DD)`)
      .refine(
        (d) => !opts.minYear || Number(d.slice(0, 4)) >= opts.minYear,
        `${label} tidak boleh sebelum tahun ${opts.minYear}`,
      )
      .refine(
        (d) => !opts.notFuture || d <= new Date().toISOString().slice(0, 10),
        `${label} tidak boleh di masa depan`,
      ),
  );
}

/**
 * A required text of a form whose fields are always sent (proposal letters and decrees): trimmed,
 * then every message names the field (`Nomor SK tidak boleh Kosong`).
 */
export const labelledText = (label: string, max: number) =>
  z
    .string({ error: `${label} tidak boleh Kosong` })
    .trim()
    .min(1, `${label} tidak boleh Kosong`)
    .max(max, `${label} maksimal ${max} karakter`)
    .refine(hasNoControlChars, controlCharsMessage(label));

/** YYYY-MM with a real month (01 to 12). */
const YEAR_MONTH = /^\d{4}-(0[1-9]|1[0-2])$/;

/**
 * A month as YYYY-MM from `from` to `to` (both YYYY-MM), trimmed, with the messages of the form
 * that asks for it: when it is missing, not YYYY-MM, or out of the range.
 */
export const monthField = (from: string, to: string, m: { empty: string; format: string; range: string }) =>
  z
    .string({ error: m.empty })
    .trim()
    .regex(YEAR_MONTH, m.format)
    .refine((v) => v >= from && v <= to, m.range);

/** A required date of such a form, YYYY-MM-DD, trimmed, every message naming the field. */
export const labelledDate = (label: string) =>
  z
    .string({ error: `${label} tidak boleh Kosong` })
    .trim()
    .min(1, `${label} tidak boleh Kosong`)
    .refine(isRealDate, `${label} harus tanggal yang valid (YYYY-MM-DD)`);

export function requiredEnum<T extends string>(values: readonly [T, ...T[]], emptyMessage: string, label: string) {
  return z.preprocess(
    emptyToUndefined,
    z
      .string({ error: emptyMessage })
      .refine(
        (v): v is T => (values as readonly string[]).includes(v),
        `${label} harus salah satu dari: ${values.join(', ')}`,
      ),
  ) as unknown as z.ZodType<T>;
}

/** The id of a row in another table (master data, parent record). */
export function requiredId(emptyMessage: string, label: string) {
  return requiredNumber(emptyMessage, { label, min: 1, max: 2_147_483_647, int: true });
}

/** `schema`, a text field's rule, that must also pass `test` when the field has a value. */
export const textMust = <T extends z.ZodType>(schema: T, test: (v: string) => boolean, message: string) =>
  schema.refine((v) => v == null || test(v as string), message);

/**
 * The rules a field catalogue (guru-fields.ts, sekolah-fields.ts; decision 0042) gives every form
 * the same way: a field of listed values, an e-mail address, and plain text with its pattern.
 */
interface CatalogueText {
  required?: string;
  max?: number;
  values?: readonly string[];
  pattern?: { re: RegExp; message: string };
}

/** One of the field's `values`: required with its message, or optional. */
export function catalogueEnum(f: CatalogueText, label: string): z.ZodType {
  if (f.required) return requiredEnum(f.values as [string, ...string[]], f.required, label);
  return textMust(
    optionalText(f.max, label),
    (v) => f.values!.includes(v),
    `${label} harus ${f.values!.join(' atau ')}`,
  );
}

/** An optional e-mail address. */
export const catalogueEmail = (f: CatalogueText, label: string) =>
  textMust(optionalText(f.max, label), (v) => z.email().safeParse(v).success, `${label} tidak valid`);

/** Text, required or optional, at most `max` characters, matching the field's pattern where it has one. */
export function catalogueText(f: CatalogueText, label: string): z.ZodType {
  const text = f.required ? requiredText(f.required, f.max, label) : optionalText(f.max, label);
  return f.pattern ? textMust(text, (v) => f.pattern!.re.test(v), f.pattern.message) : text;
}

export const npsnParam = z.object({
  npsn: z.string().regex(NPSN_PATTERN, 'NPSN harus 8 karakter angka atau huruf kapital'),
});
