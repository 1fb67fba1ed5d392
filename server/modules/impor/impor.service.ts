import ExcelJS from 'exceljs';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { guru, referensi, sekolah } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';
import { guardXlsx } from './xlsx-guard.ts';
import { guruUpdateBody } from '#contract/guru.ts';
import { asnProblems, STATUS_PNS } from '#contract/asn.ts';
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

/** Checks every row with the form's rules and decides what importing it would do. */
export async function checkRows(db: Db, rows: { baris: number; raw: Raw }[]): Promise<Checked[]> {
  const npsns = [...new Set(rows.map((r) => r.raw.npsn.toUpperCase()).filter(Boolean))];
  const schools = new Map((npsns.length ? await db.select({ id: sekolah.id, npsn: sekolah.npsn }).from(sekolah).where(inArray(sekolah.npsn, npsns)) : []).map((s) => [s.npsn, s.id]));
  const masters = await db.select().from(referensi).where(inArray(referensi.kategori, ['golongan', 'jenisguru', 'jabatan', 'pendidikanterakhir', 'mapel']));
  const named = (kategori: string) => new Map(masters.filter((m) => m.kategori === kategori).map((m) => [m.nama.toLowerCase(), m]));
  const golongan = named('golongan');
  const jenis = named('jenisguru');
  const jabatan = named('jabatan');
  const pendidikan = named('pendidikanterakhir');
  const mapel = named('mapel');
  const nips = [...new Set(rows.map((r) => r.raw.nip).filter((n) => /^\d{18}$/.test(n)))];
  const existingByNip = new Map((nips.length ? await db.select().from(guru).where(inArray(guru.nip, nips)) : []).map((g) => [g.nip!, g]));
  const seenNip = new Map<string, number>();

  const out: Checked[] = [];
  for (const { baris, raw } of rows) {
    const masalah: { kolom: string; pesan: string }[] = [];
    const problem = (key: ImporKey, pesan: string) => masalah.push({ kolom: headerOf(key), pesan });
    const status = jenis.get((raw.status_guru || STATUS_PNS).toLowerCase())?.nama;
    if (!status) problem('status_guru', 'Jenis guru tidak ditemukan di data master');
    const sekolahId = schools.get(raw.npsn.toUpperCase());
    if (!raw.npsn) problem('npsn', 'NPSN sekolah tidak boleh Kosong');
    else if (!sekolahId) problem('npsn', 'Sekolah dengan NPSN ini tidak ditemukan');
    const jab = raw.jabatan ? jabatan.get(raw.jabatan.toLowerCase()) : undefined;
    if (!raw.jabatan) problem('jabatan', 'jabatan tidak boleh Kosong');
    else if (!jab) problem('jabatan', 'Jabatan tidak ditemukan di data master');
    const gol = raw.golongan ? golongan.get(raw.golongan.toLowerCase())?.nama : null;
    if (raw.golongan && !gol) problem('golongan', 'Golongan tidak ditemukan');
    const pend = raw.pendidikan_terakhir ? pendidikan.get(raw.pendidikan_terakhir.toLowerCase())?.nama : null;
    if (raw.pendidikan_terakhir && !pend) problem('pendidikan_terakhir', 'Pendidikan terakhir tidak ditemukan di data master');
    const mp = raw.mapel_1 ? mapel.get(raw.mapel_1.toLowerCase())?.nama : null;
    if (raw.mapel_1 && !mp) problem('mapel_1', 'Mata pelajaran tidak ditemukan di data master');

    // The same field rules as the teacher form.
    const input = {
      nama: raw.nama, tgl_lahir: raw.tgl_lahir, nip: raw.nip, jenis_kelamin: raw.jenis_kelamin, golongan: gol ?? raw.golongan, id_jabatan: jab?.id ?? 1, sekolah_id: sekolahId ?? 1,
      gelar_depan: raw.gelar_depan, gelar_belakang: raw.gelar_belakang, tempat_lahir: raw.tempat_lahir, nik: raw.nik, nuptk: raw.nuptk, no_hp: raw.no_hp, email: raw.email,
      status_guru: status ?? raw.status_guru, pendidikan_terakhir: pend ?? raw.pendidikan_terakhir, sertifikasi: raw.sertifikasi, mapel_1: mp ?? raw.mapel_1,
      tgl_kgb_terakhir: raw.tgl_kgb_terakhir, mkg_tahun: raw.mkg_tahun, mkg_bulan: raw.mkg_bulan, gaji_pokok: raw.gaji_pokok,
    };
    const parsed = guruUpdateBody.safeParse(input);
    if (!parsed.success) {
      const seen = new Set<string>();
      for (const issue of parsed.error.issues) {
        const key = String(issue.path[0]);
        if (seen.has(key)) continue;
        seen.add(key);
        problem((key === 'id_jabatan' ? 'jabatan' : key === 'sekolah_id' ? 'npsn' : key) as ImporKey, issue.message);
      }
    }
    // The same civil-service rules as the teacher form (contract/asn.ts): NIP or NI PPPK, golongan.
    const asn = asnProblems({ status_guru: status ?? raw.status_guru, nip: raw.nip, golongan: gol ?? raw.golongan, tgl_lahir: parsed.data?.tgl_lahir, jenis_kelamin: parsed.data?.jenis_kelamin });
    if (asn.nip && (parsed.success || !raw.nip)) problem('nip', asn.nip);
    if (asn.golongan && (gol || !raw.golongan)) problem('golongan', asn.golongan);
    if (raw.nip) {
      const first = seenNip.get(raw.nip);
      if (first) problem('nip', `NIP sama dengan baris ${first}`);
      else seenNip.set(raw.nip, baris);
    }

    const row: Checked = { baris, nip: raw.nip || null, nama: raw.nama || null, aksi: 'galat', masalah };
    if (!masalah.length && parsed.success) {
      const d = parsed.data;
      const values: GuruValues = {
        nama: d.nama, tgl_lahir: d.tgl_lahir, nip: d.nip ?? null, jenis_kelamin: d.jenis_kelamin, golongan: d.golongan ?? null, id_jabatan: jab!.id, sekolah_id: sekolahId!,
        gelar_depan: d.gelar_depan ?? null, gelar_belakang: d.gelar_belakang ?? null, tempat_lahir: d.tempat_lahir ?? null, nik: d.nik ?? null, nuptk: d.nuptk ?? null,
        no_hp: d.no_hp ?? null, email: d.email ?? null, status_guru: d.status_guru ?? STATUS_PNS, pendidikan_terakhir: d.pendidikan_terakhir ?? null,
        sertifikasi: d.sertifikasi ?? null, mapel_1: d.mapel_1 ?? null, tgl_kgb_terakhir: d.tgl_kgb_terakhir ?? null, mkg_tahun: d.mkg_tahun ?? null,
        mkg_bulan: d.mkg_bulan ?? null, gaji_pokok: d.gaji_pokok ?? null,
      };
      // Matched by NIP; a teacher without NIP by name, birth date and school.
      let existing = d.nip ? existingByNip.get(d.nip) : undefined;
      if (!existing && !d.nip) {
        [existing] = await db.select().from(guru).where(and(sql`lower(${guru.nama}) = ${d.nama.toLowerCase()}`, eq(guru.tgl_lahir, d.tgl_lahir), eq(guru.sekolah_id, sekolahId!))).limit(1);
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
