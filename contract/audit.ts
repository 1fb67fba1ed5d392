import { z } from 'zod';
import { pageParam } from './paging.ts';
import { isRealDate } from './fields.ts';
import { AUDIT_TABLES, AUDIT_ACTIONS, type AuditAction } from './audit-values.ts';
export { AUDIT_TABLES, AUDIT_ACTIONS, AUDIT_ACTION_LABEL, AUDIT_PAGE_SIZE, type AuditAction } from './audit-values.ts';

const optionalDate = (label: string) =>
  z.preprocess(
    (v) => (v === '' || v === null ? undefined : v),
    z
      .string({ error: `${label} harus tanggal (YYYY-MM-DD)` })
      .refine(isRealDate, `${label} harus tanggal yang valid (YYYY-MM-DD)`)
      .optional(),
  );

const optionalText = (max: number, message: string) =>
  z.preprocess(
    (v) => (typeof v === 'string' && v.trim() === '' ? undefined : v),
    z.string({ error: message }).trim().max(max, message).optional(),
  );

export const auditListQuery = z
  .object({
    page: pageParam,
    tabel: z.preprocess(
      (v) => (v === '' ? undefined : v),
      z.enum(Object.keys(AUDIT_TABLES) as [string, ...string[]], { error: 'Tabel tidak dikenal' }).optional(),
    ),
    aksi: z.preprocess(
      (v) => (v === '' ? undefined : v),
      z.enum(AUDIT_ACTIONS, { error: 'Aksi harus INSERT, UPDATE atau DELETE' }).optional(),
    ),
    username: optionalText(100, 'Nama pengguna terlalu panjang'),
    entitas_id: optionalText(50, 'ID data terlalu panjang'),
    dari: optionalDate('Tanggal awal'),
    sampai: optionalDate('Tanggal akhir'),
  })
  .refine((q) => !q.dari || !q.sampai || q.dari <= q.sampai, {
    message: 'Tanggal awal harus sebelum tanggal akhir',
    path: ['sampai'],
  });
export type AuditListQuery = z.infer<typeof auditListQuery>;

/** One row of the audit list: who, what, when, from where (values only in the detail). */
export interface AuditRow {
  id: number;
  waktu: string;
  user_id: number | null;
  username: string | null;
  role: number | null;
  npsn: string | null;
  ip: string | null;
  metode: string | null;
  rute: string | null;
  tabel: string;
  entitas_id: string | null;
  aksi: AuditAction;
  /** Columns whose value changed (all columns of an inserted or deleted row). */
  kolom: string[];
}

/** How the detail shows a row's columns: labels, and readable values of ids and codes. */
export interface AuditTampilan {
  /** Column → label ("jurusan_id" → "Jurusan"), for the columns the catalogue knows. */
  kolom: Record<string, string>;
  /** Column → the readable value before and after ("Pendidikan Matematika" for 78, "Tidak" for f). */
  nilai: Record<string, { sebelum?: string; sesudah?: string }>;
}

export interface AuditDetail extends AuditRow {
  request_id: string | null;
  sebelum: Record<string, unknown> | null;
  sesudah: Record<string, unknown> | null;
  tampilan: AuditTampilan;
}

/** Columns that differ between the two row images (bookkeeping columns left out). */
export function changedColumns(
  sebelum: Record<string, unknown> | null,
  sesudah: Record<string, unknown> | null,
): string[] {
  const keys = new Set([...Object.keys(sebelum ?? {}), ...Object.keys(sesudah ?? {})]);
  const ignored = new Set(['updated_at', 'updatedAt', 'versi']);
  return [...keys]
    .filter((k) => !ignored.has(k) && JSON.stringify(sebelum?.[k] ?? null) !== JSON.stringify(sesudah?.[k] ?? null))
    .sort();
}
