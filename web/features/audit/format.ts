import dayjs from 'dayjs';
import utc from 'dayjs/plugin/utc';
import 'dayjs/locale/id';
import type { AuditRow } from '#contract/audit.ts';
import { AUDIT_ACTIONS, AUDIT_TABLES, type AuditAction } from '#contract/audit-values.ts';
import { ROLE_ADMIN, ROLE_OPERATOR } from '#contract/roles.ts';
import { formatWaktuKantor, singkatanZona } from '../../lib/waktu-kantor.ts';

dayjs.extend(utc);

/**
 * '2026-05-12T05:05:09Z' → '12 Mei 2026 14:05' (SPEC §9 date, plus the time): the office's clock
 * (web/lib/waktu-kantor.ts), whatever the browser's zone, as the API's date filter counts the
 * office's days. The zone's label (zonaLabel) stands in the column header and after the detail.
 */
export function formatWaktu(iso: string, withSeconds = false): string {
  return formatWaktuKantor(iso, { bulan: 'pendek', detik: withSeconds, pemisah: ':', tanpaZona: true });
}

/** The office zone's label: WIT, WITA or WIB. */
export const zonaLabel = (): string => singkatanZona();

/** The Indonesian name of an audited table, or the table name itself when unknown. */
export const tableLabel = (tabel: string): string => AUDIT_TABLES[tabel] ?? tabel;

/** 'Administrator', 'Operator sekolah', or nothing for a change made without a session. */
export function roleLabel(role: number | null): string | null {
  if (role === ROLE_ADMIN) return 'Administrator';
  if (role === ROLE_OPERATOR) return 'Operator sekolah';
  return role === null ? null : `Peran ${role}`;
}

/** The second line under the user name: role, and the school of an operator. */
export function userNote(row: Pick<AuditRow, 'username' | 'role' | 'npsn'>): string {
  if (!row.username && row.role === null) return 'Tanpa sesi login';
  const role = roleLabel(row.role);
  const school = row.role === ROLE_OPERATOR && row.npsn ? `NPSN ${row.npsn}` : null;
  return [role, school].filter(Boolean).join(' · ');
}

export const ACTION_COLOR: Record<AuditAction, string> = {
  INSERT: 'green',
  UPDATE: 'blue',
  DELETE: 'red',
  EVENT: 'orange',
};

// ---- Filters in the URL --------------------------------------------------------------------

export interface AuditFilters {
  tabel: string;
  aksi: string;
  username: string;
  entitas_id: string;
  dari: string;
  sampai: string;
  page: number;
}

export const FILTER_KEYS = ['tabel', 'aksi', 'username', 'entitas_id', 'dari', 'sampai'] as const;
export type FilterKey = (typeof FILTER_KEYS)[number];

/** The filters of the query string (values the API refuses are passed on: it says why). */
export function filtersOf(params: URLSearchParams): AuditFilters {
  const text = (k: string) => (params.get(k) ?? '').trim();
  return {
    tabel: text('tabel'),
    aksi: text('aksi').toUpperCase(),
    username: text('username'),
    entitas_id: text('entitas_id'),
    dari: text('dari'),
    sampai: text('sampai'),
    page: Math.max(1, Math.floor(Number(params.get('page'))) || 1),
  };
}

/** The query string of a set of filters: empty ones left out, page 1 left out. */
export function searchOf(f: AuditFilters): Record<string, string> {
  const out: Record<string, string> = {};
  for (const k of FILTER_KEYS) if (f[k]) out[k] = f[k];
  if (f.page > 1) out.page = String(f.page);
  return out;
}

export const hasFilters = (f: AuditFilters): boolean => FILTER_KEYS.some((k) => f[k] !== '');

export const isAction = (v: string): v is AuditAction => (AUDIT_ACTIONS as readonly string[]).includes(v);

// ---- Values of a row image -----------------------------------------------------------------

/** The text the database trigger puts in place of a NIK, password hash, token hash or key file. */
export const MASKED = '[disembunyikan]';

export type ShownValue =
  | { kind: 'empty' }
  | { kind: 'blank' }
  | { kind: 'masked'; text: string }
  | { kind: 'text'; text: string }
  | { kind: 'json'; text: string };

/** Identifiers and codes: numbers shown as they are, not grouped by thousands. */
const RAW_NUMBER = /(^id$|_id$|^id_|^npsn$|^nip$|^nuptk$|tahun|^versi$|^kode|^no_|^nomor|^kd_)/i;
const DATE = /^\d{4}-\d{2}-\d{2}$/;
const TIMESTAMP = /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}(:?\d{2})?)$/;

/** How one column value of a row image is shown: readable, masked values exactly as given. */
export function shownValue(column: string, value: unknown): ShownValue {
  if (value === null || value === undefined) return { kind: 'empty' };
  if (typeof value === 'string') {
    // '[disembunyikan, diubah]' marks a masked value that changed (migration 0010).
    if (value.startsWith(MASKED.slice(0, -1))) return { kind: 'masked', text: value };
    if (value.trim() === '') return { kind: 'blank' };
    if (TIMESTAMP.test(value))
      return { kind: 'text', text: `${formatWaktu(value.replace(' ', 'T'), true)} ${zonaLabel()}` };
    if (DATE.test(value) && dayjs(value).isValid())
      return { kind: 'text', text: dayjs(value).locale('id').format('D MMM YYYY') };
    return { kind: 'text', text: value };
  }
  if (typeof value === 'number') {
    return {
      kind: 'text',
      text:
        RAW_NUMBER.test(column) || !Number.isFinite(value)
          ? String(value)
          : value.toLocaleString('id-ID', { maximumFractionDigits: 6 }),
    };
  }
  if (typeof value === 'boolean') return { kind: 'text', text: value ? 'Ya' : 'Tidak' };
  return { kind: 'json', text: JSON.stringify(value, null, 2) };
}

export interface ColumnDiff {
  column: string;
  before: unknown;
  after: unknown;
  /** One of the row's changed columns (the API's `kolom`). */
  changed: boolean;
}

/**
 * Every column of the two row images, changed ones first (in the API's order), then the others
 * by name; bookkeeping columns (updated_at, versi) are among the others even when they moved.
 */
export function columnDiffs(
  sebelum: Record<string, unknown> | null,
  sesudah: Record<string, unknown> | null,
  kolom: string[],
): ColumnDiff[] {
  const changed = new Set(kolom);
  const all = [...new Set([...Object.keys(sebelum ?? {}), ...Object.keys(sesudah ?? {})])];
  const rest = all.filter((c) => !changed.has(c)).sort();
  return [...kolom.filter((c) => all.includes(c)), ...rest].map((column) => ({
    column,
    before: sebelum?.[column] ?? null,
    after: sesudah?.[column] ?? null,
    changed: changed.has(column),
  }));
}
