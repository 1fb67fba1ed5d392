import ExcelJS from 'exceljs';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { guru, referensi, sekolah } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';
import { guardXlsx } from './xlsx-guard.ts';
import { guruUpdateBody } from '#contract/guru.ts';
import { STATUS_PNS } from '#contract/asn.ts';
import { GURU_IMPOR } from '#contract/guru-fields.ts';
import { guruProblems, masterMissing, type GuruLookups } from '../../domain/guru-rules.ts';
import { IMPOR_COLUMNS, IMPOR_MAX_BYTES, IMPOR_MAX_ROWS, IMPOR_MSG, type ImporBaris, type ImporHasil, type ImporKey } from '#contract/impor.ts';

type Raw = Record<ImporKey, string>;
const headerOf = (key: string) => IMPOR_COLUMNS.find((c) => c.key === key)?.header ?? key;

/** The template: the columns and one example row, header frozen. */
export async function templateXlsx(): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  wb.creator = 'Sidasek';
  const ws = wb.addWorksheet('Guru', { views: [{ state: 'frozen', ySplit: 1 }] });
  ws.columns = IMPOR_COLUMNS.map((c) => ({ header: c.header, key: c.key, width: Math.max(12, c.header.length + 4), style: { numFmt: '@' } }));
  ws.addRow(Object.fromEntries(IMPOR_COLUMNS.map((c) => [c.key, c.contoh])));
  ws.getRow(1).font = { bold: true };
  const notes = wb.addWorksheet('Petunjuk');
  notes.addRows([
    ['Isi satu guru per baris mulai baris 2; hapus baris contoh.'],
    ['Tanggal ditulis YYYY-MM-DD (mis. 1986-09-26) atau sebagai tanggal Excel.'],
    ['Jenis Kelamin: Laki-laki atau Perempuan. Jenis Guru: PNS, PPPK, GTY, GTT, Honor Daerah, Honor Sekolah.'],
    ['NIP dan Golongan wajib untuk PNS. Guru dengan NIP yang sudah ada akan diperbarui.'],
    ['Sekolah ditulis dengan NPSN; Jabatan, Golongan, Pendidikan Terakhir dan Mata Pelajaran dengan nama di data master.'],
  ]);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

function cellText(v: ExcelJS.CellValue): string {
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

/** Reads the uploaded workbook: rows keyed by template column, with their row numbers. */
export async function readWorkbook(bytes: Buffer): Promise<{ baris: number; raw: Raw }[]> {
  if (bytes.length > IMPOR_MAX_BYTES) throw new AppError(413, 'impor.too_large', IMPOR_MSG.tooLarge);
  if (bytes.subarray(0, 4).toString('latin1') !== 'PK\x03\x04') throw new AppError(415, 'impor.type', IMPOR_MSG.notXlsx);
  // Sizes, declared and real, and the row limit, before ExcelJS inflates and parses every sheet.
  guardXlsx(bytes);
  const wb = new ExcelJS.Workbook();
  try {
    await wb.xlsx.load(bytes as never);
  } catch {
    throw new AppError(415, 'impor.type', IMPOR_MSG.notXlsx);
  }
  const ws = wb.worksheets[0];
  if (!ws) throw new AppError(422, 'impor.header', IMPOR_MSG.wrongHeader);
  const header = IMPOR_COLUMNS.map((_, i) => cellText(ws.getRow(1).getCell(i + 1).value).toLowerCase());
  if (header.some((h, i) => h !== IMPOR_COLUMNS[i]!.header.toLowerCase())) throw new AppError(422, 'impor.header', IMPOR_MSG.wrongHeader);
  if (ws.actualRowCount - 1 > IMPOR_MAX_ROWS) throw new AppError(413, 'impor.rows', IMPOR_MSG.tooManyRows);
  const rows: { baris: number; raw: Raw }[] = [];
  ws.eachRow((row, n) => {
    if (n === 1) return;
    const raw = Object.fromEntries(IMPOR_COLUMNS.map((c, i) => [c.key, cellText(row.getCell(i + 1).value)])) as Raw;
    if (Object.values(raw).some((v) => v !== '')) rows.push({ baris: n, raw });
  });
  return rows;
}

type GuruValues = Partial<typeof guru.$inferInsert>;
interface Checked extends ImporBaris {
  values?: GuruValues;
  existingId?: number;
}

const IMPORTED = new Map(GURU_IMPOR.map((c) => [c.field.name, c.key]));
const MASTER_KATEGORI = [...new Set(GURU_IMPOR.flatMap((c) => (c.field.master ? [c.field.master.kategori] : [])))];

/** Checks every row with the form's rules (the field catalogue and server/domain/guru-rules.ts) and decides what importing it would do. */
export async function checkRows(db: Db, rows: { baris: number; raw: Raw }[]): Promise<Checked[]> {
  const npsns = [...new Set(rows.map((r) => r.raw.npsn.toUpperCase()).filter(Boolean))];
  const schools = new Map((npsns.length ? await db.select({ id: sekolah.id, npsn: sekolah.npsn }).from(sekolah).where(inArray(sekolah.npsn, npsns)) : []).map((s) => [s.npsn, s.id]));
  const masters = await db.select().from(referensi).where(inArray(referensi.kategori, MASTER_KATEGORI));
  // Names as the spreadsheet writes them (any case) → the master row.
  const byName = new Map(MASTER_KATEGORI.map((k) => [k, new Map(masters.filter((m) => m.kategori === k).map((m) => [m.nama.toLowerCase(), m]))]));
  const lookups: GuruLookups = {
    inMaster: (kategori, value) => masters.some((m) => m.kategori === kategori && (typeof value === 'number' ? m.id === value : m.nama === value)),
    schoolExists: (id) => [...schools.values()].includes(id),
    regionExists: () => false,
  };
  const nips = [...new Set(rows.map((r) => r.raw.nip).filter((n) => /^\d{18}$/.test(n)))];
  const existingByNip = new Map((nips.length ? await db.select().from(guru).where(inArray(guru.nip, nips)) : []).map((g) => [g.nip!, g]));
  const seenNip = new Map<string, number>();

  const out: Checked[] = [];
  for (const { baris, raw } of rows) {
    const masalah: { kolom: string; pesan: string }[] = [];
    // One problem per column, the first found: a name not in the master list, then the field's
    // rule, then the rules across fields.
    const problem = (key: ImporKey, pesan: string) => {
      const kolom = headerOf(key);
      if (!masalah.some((m) => m.kolom === kolom)) masalah.push({ kolom, pesan });
    };
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
    if (!parsed.success) for (const issue of parsed.error.issues) problem(IMPORTED.get(String(issue.path[0])) ?? (String(issue.path[0]) as ImporKey), issue.message);
    const rules = await guruProblems({ ...input, tgl_lahir: parsed.data?.tgl_lahir, jenis_kelamin: parsed.data?.jenis_kelamin }, lookups);
    for (const [name, pesan] of Object.entries(rules)) problem(IMPORTED.get(name) ?? (name as ImporKey), pesan);
    if (raw.nip) {
      const first = seenNip.get(raw.nip);
      if (first) problem('nip', `NIP sama dengan baris ${first}`);
      else seenNip.set(raw.nip, baris);
    }

    const row: Checked = { baris, nip: raw.nip || null, nama: raw.nama || null, aksi: 'galat', masalah };
    if (!masalah.length && parsed.success) {
      const d = parsed.data as Record<string, unknown>;
      const values = Object.fromEntries(GURU_IMPOR.map(({ field }) => [field.name, d[field.name] ?? null])) as GuruValues;
      // Matched by NIP; a teacher without NIP by name, birth date and school.
      let existing = values.nip ? existingByNip.get(values.nip) : undefined;
      if (!existing && !values.nip) {
        [existing] = await db.select().from(guru).where(and(sql`lower(${guru.nama}) = ${values.nama!.toLowerCase()}`, eq(guru.tgl_lahir, values.tgl_lahir!), eq(guru.sekolah_id, values.sekolah_id!))).limit(1);
      }
      row.values = values;
      if (!existing) row.aksi = 'baru';
      else {
        row.existingId = existing.id;
        const same = Object.entries(values).every(([k, v]) => String((existing as Record<string, unknown>)[k] ?? '') === String(v ?? ''));
        row.aksi = same ? 'sama' : 'ubah';
      }
    }
    out.push(row);
  }
  return out;
}

export function summarize(rows: Checked[]): ImporHasil {
  const count = (a: string) => rows.filter((r) => r.aksi === a).length;
  return {
    ringkasan: { total: rows.length, baru: count('baru'), ubah: count('ubah'), sama: count('sama'), galat: count('galat') },
    baris: rows.map(({ values: _v, existingId: _e, ...r }) => r),
  };
}

/** Writes the valid rows in one transaction: new teachers created, known ones updated. */
export async function applyRows(db: Db, rows: Checked[], now: Date): Promise<{ dibuat: number; diperbarui: number; dilewati: number }> {
  let dibuat = 0;
  let diperbarui = 0;
  await db.transaction(async (tx) => {
    for (const r of rows) {
      if (r.aksi === 'baru') {
        await tx.insert(guru).values({ ...(r.values as typeof guru.$inferInsert), verifikasi: 0 });
        dibuat++;
      } else if (r.aksi === 'ubah') {
        await tx.update(guru).set({ ...r.values, updated_at: now }).where(eq(guru.id, r.existingId!));
        diperbarui++;
      }
    }
  });
  return { dibuat, diperbarui, dilewati: rows.length - dibuat - diperbarui };
}
