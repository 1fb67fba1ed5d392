import { nextTurn } from '../../lib/turn.ts';
import type ExcelJS from 'exceljs';
import { excelJs } from '../../lib/exceljs.ts';
import type { Db } from '../../db/client.ts';
import { imporRepository, type GuruRecord, type GuruValues, type NewGuru } from './impor.repository.ts';
import { AppError, errors } from '../../lib/errors.ts';
import { readSheet } from './xlsx-rows.ts';
import { guruUpdateBody } from '#contract/guru.ts';
import { STATUS_PNS } from '#contract/asn.ts';
import { GURU_IMPOR, noun } from '#contract/guru-fields.ts';
import { VERIFIKASI_SUDAH } from '#contract/guru-values.ts';
import { MSG } from '#contract/messages.ts';
import { basisFromDecrees } from '../../domain/kgb.ts';
import {
  dapodikLabel,
  dapodikRoleOf,
  dateText,
  DAPODIK_REQUIRED,
  excelSerialDate,
  golonganDapodik,
  isDapodikHeader,
  isGuruPtk,
  isPtkKosong,
  isScientific,
  jabatanDapodik,
  jenisKelaminDapodik,
  statusDapodik,
  type DapodikRole,
} from '../../domain/dapodik.ts';
import { decreesOfMany } from '../guru/record-basis.ts';
import { guruProblems, masterMissing, type GuruLookups } from '../../domain/guru-rules.ts';
import {
  IMPOR_COLUMNS,
  IMPOR_MAX_ROWS,
  IMPOR_MSG,
  type ImporBaris,
  type ImporHasil,
  type ImporKey,
  type ImporKonflik,
  type ImporPerubahan,
  type ImporTidakAda,
} from '#contract/impor.ts';

type Raw = Record<ImporKey, string>;
const headerOf = (key: string) => IMPOR_COLUMNS.find((c) => c.key === key)?.header ?? key;

/**
 * An import's template workbook: a sheet of the columns (text cells, header bold and frozen) with
 * example rows, and a sheet of notes (Petunjuk), one a row.
 */
export async function templateWorkbook(
  sheet: string,
  columns: readonly { key: string; header: string }[],
  examples: Record<string, unknown>[],
  notes: string[],
): Promise<Buffer> {
  const wb = new (await excelJs()).Workbook();
  wb.creator = 'Sidasek';
  const ws = wb.addWorksheet(sheet, { views: [{ state: 'frozen', ySplit: 1 }] });
  ws.columns = columns.map((c) => ({
    header: c.header,
    key: c.key,
    width: Math.max(12, c.header.length + 4),
    style: { numFmt: '@' },
  }));
  for (const row of examples) ws.addRow(row);
  ws.getRow(1).font = { bold: true };
  wb.addWorksheet('Petunjuk').addRows(notes.map((n) => [n]));
  return Buffer.from(await wb.xlsx.writeBuffer());
}

/** The template: the columns and one example row, header frozen. */
export async function templateXlsx(): Promise<Buffer> {
  return templateWorkbook(
    'Guru',
    IMPOR_COLUMNS,
    [Object.fromEntries(IMPOR_COLUMNS.map((c) => [c.key, c.contoh]))],
    [
      'Isi satu guru per baris mulai baris 2; hapus baris contoh.',
      'Tanggal ditulis YYYY-MM-DD (mis. 1986-09-26) atau sebagai tanggal Excel.',
      'Jenis Kelamin: Laki-laki atau Perempuan. Jenis Guru: PNS, PPPK, GTY, GTT, Honor Daerah, Honor Sekolah.',
      'NIP dan Golongan wajib untuk PNS. Guru dengan NIP yang sudah ada akan diperbarui.',
      'Sekolah ditulis dengan NPSN; Jabatan, Golongan, Pendidikan Terakhir dan Mata Pelajaran dengan nama di data master.',
    ],
  );
}

export function cellText(v: ExcelJS.CellValue): string {
  if (v == null) return '';
  if (v instanceof Date) return v.toISOString().slice(0, 10);
  if (typeof v === 'object') {
    if ('result' in v) return cellText(v.result as ExcelJS.CellValue);
    if ('richText' in v) return v.richText.map((r) => r.text).join('');
    if ('text' in v) return String(v.text);
    return '';
  }
  return String(v).trim();
}

/**
 * The column (1-based) of each role a header row names, the first column of a role winning; refused
 * (422) with `missingMessage` when a required role has no column.
 */
export function columnsByRole<R extends string>(
  headers: string[],
  roleOf: (header: string) => R | null | undefined,
  required: readonly R[],
  missingMessage: (missing: R[]) => string,
): Map<R, number> {
  const col = new Map<R, number>();
  headers.forEach((h, i) => {
    const role = roleOf(h);
    if (role && !col.has(role)) col.set(role, i + 1);
  });
  const missing = required.filter((r) => !col.has(r));
  if (missing.length) throw new AppError(422, 'impor.header', missingMessage(missing));
  return col;
}

/** The cell's own value (a formula's result). */
const plain = (v: ExcelJS.CellValue): ExcelJS.CellValue =>
  v && typeof v === 'object' && !(v instanceof Date) && 'result' in v ? (v.result as ExcelJS.CellValue) : v;

/** Identity numbers (NIP, NUPTK, NIK) are text: a number cell of 16 or more digits has lost its last digits (Excel keeps 15). */
const ID_KEYS: ImporKey[] = ['nip', 'nuptk', 'nik'];
export function idCell(v: ExcelJS.CellValue, kolom: string, pre: Masalah[]): string {
  const value = plain(v);
  if (typeof value === 'number') {
    if (Math.abs(value) >= 1e15) {
      pre.push({ kolom, pesan: IMPOR_MSG.scientific(kolom, value.toExponential(5).toUpperCase().replace('.', ',')) });
      return '';
    }
    return String(value);
  }
  const text = cellText(value).replace(/^'/, '').replace(/\s+/g, '');
  if (isScientific(text)) {
    pre.push({ kolom, pesan: IMPOR_MSG.scientific(kolom, text) });
    return '';
  }
  return text === '-' ? '' : text;
}

/** A date cell: an Excel date, an Excel day number, or text (YYYY-MM-DD, DD-MM-YYYY, DD/MM/YYYY). */
export function dateCell(v: ExcelJS.CellValue): string {
  const value = plain(v);
  if (typeof value === 'number') return excelSerialDate(value) ?? String(value);
  return dateText(cellText(value));
}

export type Masalah = { kolom: string; pesan: string };
export interface ImporRow {
  baris: number;
  raw: Raw;
  /** Problems found while reading (a NIP in scientific notation, a Dapodik value without a Sidasek meaning). */
  pre: Masalah[];
  /** Education staff (Dapodik Jenis PTK): their Jenis PTK; not imported. */
  tendik?: string;
}
export interface ImporFile {
  format: 'template' | 'dapodik';
  rows: ImporRow[];
  /** The template columns the file carries (the template: all of them). */
  present: ImporKey[];
  /** The column name of each key, as the file calls it (for the row's problems). */
  kolom: Partial<Record<ImporKey, string>>;
}

const TEMPLATE_KOLOM = Object.fromEntries(IMPOR_COLUMNS.map((c) => [c.key, c.header])) as Record<ImporKey, string>;

/**
 * How a file's rows are read: Sidasek's template or a Dapodik GTK export, found from its first rows
 * (the header), and the reading of each row after the header. One reading for the one-file import
 * (`readWorkbook`) and the background import (xlsx-stream.ts), both row by row (xlsx-rows.ts).
 */
export interface ImporLayout {
  format: ImporFile['format'];
  present: ImporKey[];
  kolom: Partial<Record<ImporKey, string>>;
  /** The header's row number: rows up to it are not data. */
  headerAt: number;
  /** A data row as the import reads it; null for a row that is no one (empty, column numbers). */
  row: (row: ExcelJS.Row) => ImporRow | null;
}

/** The first rows of a sheet (up to `IMPOR_HEADER_WITHIN`, by row number) decide its layout. */
export const IMPOR_HEADER_WITHIN = 20;

/** The layout of a sheet from its first rows (by row number, at most IMPOR_HEADER_WITHIN); 422 when neither header is there. */
export function layoutOf(first: ExcelJS.Row[]): ImporLayout {
  const one = first.find((r) => r.number === 1);
  const header = IMPOR_COLUMNS.map((_, i) => (one ? cellText(one.getCell(i + 1).value).toLowerCase() : ''));
  if (header.every((h, i) => h === IMPOR_COLUMNS[i]!.header.toLowerCase())) return templateLayout();
  for (const row of first) {
    if (row.number > IMPOR_HEADER_WITHIN) break;
    const cells = Array.from({ length: row.cellCount }, (_, i) => cellText(row.getCell(i + 1).value));
    if (isDapodikHeader(cells)) return dapodikLayout(row.number, cells);
  }
  throw new AppError(422, 'impor.header', IMPOR_MSG.wrongHeader);
}

/** Reads the uploaded workbook, Sidasek's template or a Dapodik GTK export, row by row: rows keyed by template column, with their row numbers. */
export async function readWorkbook(bytes: Buffer): Promise<ImporFile> {
  let layout: ImporLayout | undefined;
  const rows = await readSheet(bytes, IMPOR_HEADER_WITHIN, (first) => {
    const l = (layout = layoutOf(first));
    return (row) => (row.number <= l.headerAt ? null : l.row(row));
  });
  if (rows.length > IMPOR_MAX_ROWS) throw new AppError(413, 'impor.rows', IMPOR_MSG.tooManyRows);
  return { format: layout!.format, rows, present: layout!.present, kolom: layout!.kolom };
}

function templateLayout(): ImporLayout {
  return {
    format: 'template',
    present: IMPOR_COLUMNS.map((c) => c.key),
    kolom: TEMPLATE_KOLOM,
    headerAt: 1,
    row: (row) => {
      const pre: Masalah[] = [];
      const raw = Object.fromEntries(
        IMPOR_COLUMNS.map((c, i) => {
          const v = row.getCell(i + 1).value;
          return [c.key, ID_KEYS.includes(c.key) ? idCell(v, c.header, pre) : cellText(v)];
        }),
      ) as Raw;
      return Object.values(raw).some((v) => v !== '') || pre.length ? { baris: row.number, raw, pre } : null;
    },
  };
}

/** A Dapodik GTK export: the header at row `at`, its columns found by name (docs/domain/dapodik.md). */
function dapodikLayout(at: number, headers: string[]): ImporLayout {
  const col = columnsByRole(headers, dapodikRoleOf, DAPODIK_REQUIRED, (missing) =>
    IMPOR_MSG.dapodikMissing(missing.map(dapodikLabel)),
  );
  const present = [...col.keys()].filter((r): r is ImporKey => r in TEMPLATE_KOLOM);
  const kolom: Partial<Record<ImporKey, string>> = {
    ...Object.fromEntries(present.map((k) => [k, dapodikLabel(k as DapodikRole)])),
    jabatan: 'Jenis PTK',
    npsn: 'NPSN',
  };
  present.push('jabatan');
  const text = (row: ExcelJS.Row, role: DapodikRole) =>
    col.has(role) ? cellText(row.getCell(col.get(role)!).value) : '';
  return {
    format: 'dapodik',
    present,
    kolom,
    headerAt: at,
    row: (row) => {
      const n = row.number;
      const pre: Masalah[] = [];
      const raw = Object.fromEntries(IMPOR_COLUMNS.map((c) => [c.key, ''])) as Raw;
      for (const key of present) {
        if (key === 'jabatan') continue;
        const cell = row.getCell(col.get(key)!).value;
        raw[key] = ID_KEYS.includes(key)
          ? idCell(cell, kolom[key]!, pre)
          : key === 'tgl_lahir'
            ? dateCell(cell)
            : cellText(cell);
      }
      const jenisPtk = text(row, 'jenis_ptk');
      // A column-number row under the header (1, 2, 3, …) and empty rows are no one.
      if (!raw.nama && !raw.nip && !jenisPtk && !pre.length) return null;
      if (/^\d+$/.test(raw.nama) && /^\d*$/.test(jenisPtk)) return null;
      if (!isPtkKosong(jenisPtk) && !isGuruPtk(jenisPtk)) return { baris: n, raw, pre: [], tendik: jenisPtk };
      raw.jabatan = isPtkKosong(jenisPtk) ? '' : jabatanDapodik(jenisPtk, text(row, 'tugas_tambahan'));
      if (raw.jenis_kelamin) {
        const jk = jenisKelaminDapodik(raw.jenis_kelamin);
        if (jk) raw.jenis_kelamin = jk;
        else pre.push({ kolom: 'JK', pesan: 'JK harus L atau P' });
      }
      // Dapodik always has a status: an empty one is not read as PNS (the template's default).
      if (!raw.status_guru) pre.push({ kolom: 'Status Kepegawaian', pesan: 'Status Kepegawaian tidak boleh Kosong' });
      else {
        const status = statusDapodik(raw.status_guru);
        if (status) raw.status_guru = status;
        else
          pre.push({
            kolom: 'Status Kepegawaian',
            pesan: `Status Kepegawaian "${raw.status_guru}" belum dikenal Sidasek (dikenal: PNS, CPNS, PPPK, GTY/PTY, GTT/PTT, Guru/Tenaga Honor Sekolah, Honor Daerah)`,
          });
      }
      if (col.has('golongan')) raw.golongan = golonganDapodik(raw.golongan);
      for (const key of ['no_hp', 'email', 'tempat_lahir', 'gelar_depan', 'gelar_belakang'] as const)
        if (raw[key] === '-') raw[key] = '';
      if (raw.no_hp) raw.no_hp = raw.no_hp.replace(/[\s-]/g, '');
      return { baris: n, raw, pre };
    },
  };
}

interface Checked extends ImporBaris {
  values?: GuruValues;
  /** 'ubah': only the fields that change. */
  changes?: GuruValues;
  existingId?: number;
  /** The matched teacher's `versi` when checked: the update lands only on that version. */
  versi?: number;
}

const IMPORTED = new Map(GURU_IMPOR.map((c) => [c.field.name, c.key]));
const MASTER_KATEGORI = [...new Set(GURU_IMPOR.flatMap((c) => (c.field.master ? [c.field.master.kategori] : [])))];
const RECORD_FIELDS = new Set(GURU_IMPOR.filter((c) => c.field.fromRecord).map((c) => c.field.name));
const maskNik = (v: string | null) => (v ? `…${v.slice(-4)}` : null);

export interface CheckResult {
  rows: Checked[];
  format: ImporFile['format'];
  /** Dapodik file for one school: its active teachers not in the file. */
  tidakAda: ImporTidakAda[];
}

/** Rows checked between two turns of the event loop. */
const YIELD_EVERY = 25;

/**
 * Checks every row with the form's rules (the field catalogue and server/domain/guru-rules.ts) and
 * decides what importing it would do. A person is matched by NIP, else NUPTK, else NIK (else, for
 * a row without any, name, birth date and school); verified teachers and the fields the verified
 * decrees decide are not changed: those changes are reported as conflicts. `npsn`: the school of a
 * Dapodik file that has no NPSN column.
 */
export async function checkRows(db: Db, file: ImporFile, npsn?: string): Promise<CheckResult> {
  const { rows: fileRows, format } = file;
  const present = new Set(file.present);
  const kolomOf = (key: ImporKey) => file.kolom[key] ?? headerOf(key);
  let sekolahFile: string | null = null;
  if (format === 'dapodik' && !present.has('npsn')) {
    const form = (npsn ?? '').trim().toUpperCase();
    if (!form) throw errors.validation({ npsn: IMPOR_MSG.dapodikNoNpsn });
    sekolahFile = form;
    for (const r of fileRows) r.raw.npsn = form;
  }
  const npsns = [...new Set(fileRows.map((r) => r.raw.npsn.toUpperCase()).filter(Boolean))];
  const repo = imporRepository(db);
  const schools = await repo.schoolIdsByNpsn(npsns);
  if (sekolahFile && !schools.has(sekolahFile)) throw errors.validation({ npsn: IMPOR_MSG.dapodikNpsnUnknown });
  const masters = await repo.masters(MASTER_KATEGORI);
  // Names as the spreadsheet writes them (any case) → the master row.
  const byName = new Map(
    MASTER_KATEGORI.map((k) => [
      k,
      new Map(masters.filter((m) => m.kategori === k).map((m) => [m.nama.toLowerCase(), m])),
    ]),
  );
  const lookups: GuruLookups = {
    inMaster: (kategori, value) =>
      masters.some((m) => m.kategori === kategori && (typeof value === 'number' ? m.id === value : m.nama === value)),
    schoolExists: (id) => [...schools.values()].includes(id),
    regionExists: () => false,
  };
  const teachers = fileRows.filter((r) => !r.tendik);
  const known = async (key: 'nip' | 'nuptk' | 'nik', digits: number) => {
    const values = [...new Set(teachers.map((r) => r.raw[key]).filter((n) => new RegExp(`^\\d{${digits}}$`).test(n)))];
    const found = await repo.teachersBy(key, values);
    const map = new Map<string, GuruRecord>();
    for (const g of found) if (g[key] && !map.has(g[key])) map.set(g[key], g);
    return map;
  };
  const byNip = await known('nip', 18);
  const byNuptk = await known('nuptk', 16);
  const byNik = await known('nik', 16);
  const seen = {
    nip: new Map<string, number>(),
    nuptk: new Map<string, number>(),
    nik: new Map<string, number>(),
    guru: new Map<number, number>(),
  };

  const out: Checked[] = [];
  let n = 0;
  for (const { baris, raw, pre, tendik } of fileRows) {
    // The checks are JavaScript that awaits nothing slow: every YIELD_EVERY rows the event loop
    // serves other requests, so a batch of hundreds of rows never holds the server for its whole time.
    if (++n % YIELD_EVERY === 0) await nextTurn();
    if (tendik) {
      out.push({ baris, nip: raw.nip || null, nama: raw.nama || null, aksi: 'tendik', masalah: [], jenis_ptk: tendik });
      continue;
    }
    const masalah: Masalah[] = [];
    // One problem per column, the first found: what reading found, a name not in the master list,
    // then the field's rule, then the rules across fields.
    const problem = (key: ImporKey, pesan: string) => {
      const kolom = kolomOf(key);
      if (!masalah.some((m) => m.kolom === kolom)) masalah.push({ kolom, pesan });
    };
    for (const p of pre) if (!masalah.some((m) => m.kolom === p.kolom)) masalah.push(p);
    const input: Record<string, unknown> = {};
    for (const { field: f, key } of GURU_IMPOR) {
      const text = raw[key] || (f.name === 'status_guru' ? STATUS_PNS : '');
      if (f.type === 'sekolah') {
        const id = schools.get(text.toUpperCase());
        if (!text) problem(key, 'NPSN sekolah tidak boleh Kosong');
        else if (!id) problem(key, 'Sekolah dengan NPSN ini tidak ditemukan');
        // A placeholder for a missing reference, so its column is not reported twice.
        input[f.name] = id ?? 1;
      } else if (f.master) {
        const m = text ? byName.get(f.master.kategori)!.get(text.toLowerCase()) : undefined;
        if (!text && f.required) problem(key, f.required);
        else if (text && !m) problem(key, masterMissing(f));
        input[f.name] = f.master.by === 'id' ? (m?.id ?? 1) : (m?.nama ?? raw[key]);
      } else input[f.name] = raw[key];
    }
    const parsed = guruUpdateBody.safeParse(input);
    if (!parsed.success)
      for (const issue of parsed.error.issues)
        problem(IMPORTED.get(String(issue.path[0])) ?? (String(issue.path[0]) as ImporKey), issue.message);
    const rules = await guruProblems(
      { ...input, tgl_lahir: parsed.data?.tgl_lahir, jenis_kelamin: parsed.data?.jenis_kelamin },
      lookups,
    );
    for (const [name, pesan] of Object.entries(rules)) problem(IMPORTED.get(name) ?? (name as ImporKey), pesan);
    // The same person twice in the file, by the number that identifies them: NIP, else NUPTK, else NIK.
    const idKey = raw.nip ? 'nip' : raw.nuptk ? 'nuptk' : raw.nik ? 'nik' : null;
    if (idKey) {
      const first = seen[idKey].get(raw[idKey]);
      if (first) problem(idKey, `${kolomOf(idKey)} sama dengan baris ${first}`);
      else seen[idKey].set(raw[idKey], baris);
    }

    const row: Checked = { baris, nip: raw.nip || null, nama: raw.nama || null, aksi: 'galat', masalah };
    if (!masalah.length && parsed.success) {
      const d = parsed.data as Record<string, unknown>;
      const values = Object.fromEntries(
        GURU_IMPOR.filter((c) => present.has(c.key) || c.field.name === 'sekolah_id').map(({ field }) => [
          field.name,
          d[field.name] ?? null,
        ]),
      ) as GuruValues;
      let existing: GuruRecord | undefined;
      let cocok: ImporBaris['cocok'];
      // NUPTK and NIK find a teacher without a NIP yet (an honorary teacher now PPPK, say), never one with another NIP.
      const withoutOtherNip = (g: GuruRecord | undefined) => (g && (!g.nip || g.nip === values.nip) ? g : undefined);
      if (values.nip && (existing = byNip.get(values.nip))) cocok = 'NIP';
      else if (values.nuptk && (existing = withoutOtherNip(byNuptk.get(values.nuptk)))) cocok = 'NUPTK';
      else if (values.nik && (existing = withoutOtherNip(byNik.get(values.nik)))) cocok = 'NIK';
      else if (!values.nip && !values.nuptk && !values.nik) {
        // A teacher without any number: by name, birth date and school.
        existing = await repo.teacherByName(values.nama!, values.tgl_lahir!, values.sekolah_id!);
        if (existing) cocok = 'Nama dan tanggal lahir';
      }
      row.values = values;
      if (existing) {
        const first = seen.guru.get(existing.id);
        if (first) {
          masalah.push({ kolom: cocok!, pesan: `Guru yang sama dengan baris ${first}` });
          out.push(row);
          continue;
        }
        seen.guru.set(existing.id, baris);
        row.existingId = existing.id;
        row.cocok = cocok;
      } else row.aksi = 'baru';
    }
    out.push(row);
  }

  // What each matched row changes, and which of those changes are refused.
  const matched = out.filter((r) => r.existingId !== undefined);
  const ids = matched.map((r) => r.existingId!);
  const current = new Map((await repo.teachersById(ids)).map((g) => [g.id, g]));
  const decrees = await decreesOfMany(db, ids);
  const schoolIds = [...new Set([...current.values()].map((g) => g.sekolah_id).filter((x): x is number => x != null))];
  const npsnOf = await repo.npsnsById(schoolIds);
  for (const [npsnKey, id] of schools) npsnOf.set(id, npsnKey);
  const jabatanName = new Map(masters.filter((m) => m.kategori === 'jabatan').map((m) => [m.id, m.nama]));
  const shown = (name: string, v: unknown): string | null => {
    if (v === null || v === undefined || v === '') return null;
    if (name === 'sekolah_id') return npsnOf.get(v as number) ?? String(v);
    if (name === 'id_jabatan') return jabatanName.get(v as number) ?? String(v);
    if (name === 'nik') return maskNik(String(v));
    return String(v);
  };
  for (const row of matched) {
    const g = current.get(row.existingId!)!;
    const hasDecrees = basisFromDecrees(decrees.get(g.id) ?? []) !== null;
    const perubahan: ImporPerubahan[] = [];
    const konflik: ImporKonflik[] = [];
    const changes: Record<string, unknown> = {};
    for (const { field, key } of GURU_IMPOR) {
      if (!(field.name in row.values!)) continue;
      const next = (row.values as Record<string, unknown>)[field.name] ?? null;
      // A Dapodik export leaves out what it does not know: an empty cell never erases a value.
      if (format === 'dapodik' && next === null) continue;
      const now = (g as Record<string, unknown>)[field.name] ?? null;
      if (String(now ?? '') === String(next ?? '')) continue;
      const change = { kolom: kolomOf(key), lama: shown(field.name, now), baru: shown(field.name, next) };
      if (g.verifikasi === VERIFIKASI_SUDAH) konflik.push({ ...change, alasan: IMPOR_MSG.verified });
      else if (RECORD_FIELDS.has(field.name) && hasDecrees)
        konflik.push({ ...change, alasan: MSG.fromRecord(noun(field.label)) });
      else {
        perubahan.push(change);
        changes[field.name] = next;
      }
    }
    row.aksi = perubahan.length ? 'ubah' : 'sama';
    if (perubahan.length) row.perubahan = perubahan;
    if (konflik.length) row.konflik = konflik;
    row.changes = changes as GuruValues;
    row.versi = g.versi;
  }

  let tidakAda: ImporTidakAda[] = [];
  const schoolOfFile = sekolahFile ?? (format === 'dapodik' && npsns.length === 1 ? npsns[0]! : null);
  const sekolahId = schoolOfFile ? schools.get(schoolOfFile) : undefined;
  if (format === 'dapodik' && sekolahId !== undefined) {
    const inFile = new Set(ids);
    const ofSchool = await repo.activeOfSchool(sekolahId);
    tidakAda = ofSchool.filter((g) => !inFile.has(g.id));
  }
  return { rows: out, format, tidakAda };
}

/**
 * The preview's counts: the rows by what the import would do, and those with refused changes. Every
 * kind of file counts alike; a kind that never yields an action (a decree is never changed, a school
 * is never a tendik) counts 0 of it.
 */
export function ringkasanOf(rows: ImporBaris[]): ImporHasil['ringkasan'] {
  const count = (a: string) => rows.filter((r) => r.aksi === a).length;
  return {
    total: rows.length,
    baru: count('baru'),
    ubah: count('ubah'),
    sama: count('sama'),
    galat: count('galat'),
    tendik: count('tendik'),
    konflik: rows.filter((r) => r.konflik?.length).length,
  };
}

/**
 * A preview's answer, for every kind of file: its counts, each row as the screen shows it (`shown`
 * leaves out what only the writing reads) and the teachers the file does not list.
 */
export function hasilOf<R extends ImporBaris>(
  format: ImporHasil['format'],
  rows: R[],
  shown: (row: R) => ImporBaris,
  tidakAda: ImporTidakAda[] = [],
): ImporHasil {
  return { format, ringkasan: ringkasanOf(rows), baris: rows.map(shown), tidak_ada_di_berkas: tidakAda };
}

export function summarize({ rows, format, tidakAda }: CheckResult): ImporHasil {
  return hasilOf(format, rows, ({ values: _v, existingId: _e, changes: _c, versi: _n, ...r }) => r, tidakAda);
}

/** Writes the valid rows: new teachers created, known ones updated in the fields that change. */
/** New teachers a statement: about 40 columns each, well under PostgreSQL's 65,535 parameters. */
const INSERT_CHUNK = 250;

export async function applyRows(
  db: Db,
  rows: Checked[],
  now: Date,
): Promise<{ dibuat: number; diperbarui: number; dilewati: number }> {
  let dibuat = 0;
  let diperbarui = 0;
  await db.transaction(async (tx) => {
    // New teachers in statements of INSERT_CHUNK rows (one round trip each, not one a row).
    const repo = imporRepository(tx as unknown as Db);
    const fresh = rows.filter((r) => r.aksi === 'baru').map((r) => ({ ...(r.values as NewGuru), verifikasi: 0 }));
    for (let at = 0; at < fresh.length; at += INSERT_CHUNK) {
      await repo.insertTeachers(fresh.slice(at, at + INSERT_CHUNK));
      dibuat += Math.min(INSERT_CHUNK, fresh.length - at);
    }
    for (const r of rows) {
      if (r.aksi === 'ubah') {
        // A teacher changed since the check (verified, edited) is left alone: the office imports again.
        if (await repo.updateTeacher(r.existingId!, r.versi!, r.changes ?? {}, now)) diperbarui++;
      }
    }
  });
  return { dibuat, diperbarui, dilewati: rows.length - dibuat - diperbarui };
}
