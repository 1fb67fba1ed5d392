import { z } from 'zod';
import { pageParam } from './paging.ts';
import { controlCharsMessage, hasNoControlChars, isRealDate } from './fields.ts';
import type { RecordKind } from './riwayat-values.ts';
export { RECORD_KINDS, RECORD_KIND, DOCUMENT_MAX_BYTES, DOCUMENT_MSG } from './riwayat-values.ts';
export type {
  RecordKindKey,
  RecordFieldType,
  RecordField,
  ColumnFormat,
  RecordColumn,
  RecordKind,
} from './riwayat-values.ts';

/** GET api/<kind>?id_guru&page. */
export const recordListQuery = z.object({
  id_guru: z.coerce
    .number({ error: 'id_guru harus berupa angka' })
    .int('id_guru harus berupa angka')
    .positive('id_guru tidak valid')
    .max(2_147_483_647, 'id_guru tidak valid'),
  page: pageParam,
});

const isEmpty = (v: unknown) => v === undefined || v === null || (typeof v === 'string' && v.trim() === '');

/**
 * Checks the fields of one record (not its file) in definition order: the first message is the
 * first failing field's. Answers the clean values, or the field messages. Used by the server on
 * every write and by the browser before sending.
 */
export function checkRecord(
  kind: RecordKind,
  input: Record<string, unknown>,
  hasFile: (name: string) => boolean,
): { values: Record<string, string | number | null>; errors: Record<string, string> } {
  const values: Record<string, string | number | null> = {};
  const errors: Record<string, string> = {};
  for (const f of kind.fields) {
    const raw = input[f.name];
    if (f.type === 'file') {
      if (f.required && !hasFile(f.name)) errors[f.name] = f.required;
      continue;
    }
    if (isEmpty(raw)) {
      if (f.required) errors[f.name] = f.required;
      else values[f.name] = null;
      continue;
    }
    const text = typeof raw === 'string' ? raw.trim() : typeof raw === 'number' ? String(raw) : null;
    if (text === null) {
      errors[f.name] = `${f.label} tidak valid`;
      continue;
    }
    switch (f.type) {
      case 'text':
      case 'golongan':
        if (text.length > (f.max ?? 255)) errors[f.name] = `${f.label} maksimal ${f.max ?? 255} karakter`;
        else if (!hasNoControlChars(text)) errors[f.name] = controlCharsMessage(f.label);
        else values[f.name] = text;
        break;
      case 'date':
        if (!isRealDate(text)) errors[f.name] = `${f.label} harus tanggal yang valid (YYYY-MM-DD)`;
        else if (Number(text.slice(0, 4)) < 1940) errors[f.name] = `${f.label} tidak boleh sebelum tahun 1940`;
        else if (f.firstOfMonth && !text.endsWith('-01'))
          errors[f.name] = `${f.label} harus tanggal 1 (TMT selalu awal bulan)`;
        else if (f.notBefore && typeof values[f.notBefore] === 'string' && text < (values[f.notBefore] as string)) {
          errors[f.name] =
            `${f.label} tidak boleh sebelum ${kind.fields.find((x) => x.name === f.notBefore)?.label ?? f.notBefore}`;
        } else values[f.name] = text;
        break;
      case 'int':
      case 'master':
      case 'record': {
        const n = Number(text);
        const min = f.type === 'int' ? (f.min ?? 0) : 1;
        const max = f.type === 'int' ? (f.max ?? 2_147_483_647) : 2_147_483_647;
        if (!/^-?\d+$/.test(text) || !Number.isSafeInteger(n)) errors[f.name] = `${f.label} harus berupa angka`;
        else if (n < min) errors[f.name] = `${f.label} minimal ${min.toLocaleString('id-ID')}`;
        else if (n > max) errors[f.name] = `${f.label} maksimal ${max.toLocaleString('id-ID')}`;
        else values[f.name] = n;
        break;
      }
      case 'decimal': {
        // "112,5" as an Indonesian writes it (points are thousands separators then), or 112.5 from a number.
        const plain = text.includes(',') ? text.replace(/\./g, '').replace(',', '.') : text;
        const n = Number(plain);
        const decimals = plain.split('.')[1]?.length ?? 0;
        const min = f.min ?? 0;
        const max = f.max ?? 1_000_000;
        if (!/^-?\d+(\.\d+)?$/.test(plain) || !Number.isFinite(n)) errors[f.name] = `${f.label} harus berupa angka`;
        else if (decimals > (f.scale ?? 2))
          errors[f.name] = `${f.label} paling banyak ${f.scale ?? 2} angka di belakang koma`;
        else if (n < min) errors[f.name] = `${f.label} minimal ${min.toLocaleString('id-ID')}`;
        else if (n > max) errors[f.name] = `${f.label} maksimal ${max.toLocaleString('id-ID')}`;
        else values[f.name] = n;
        break;
      }
      case 'enum':
        if (!f.values?.some((v) => v.value === text))
          errors[f.name] = `${f.label} harus salah satu dari: ${f.values?.map((v) => v.label).join(', ')}`;
        else values[f.name] = text;
        break;
    }
  }
  return { values, errors };
}

/** A record as the API answers it: its fields, file links, relation labels and status. */
/** `dari_surat`: written when a KGB letter was signed (kinds with signedRows); read-only. */
export type RecordRow = Record<string, unknown> & {
  id: number;
  guru_id: number;
  status?: number;
  dari_surat?: boolean;
};
