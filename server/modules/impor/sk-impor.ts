import { eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { guru, referensi } from '../../db/schema/index.ts';
import { recordTableOf } from '../../db/schema/riwayat.ts';
import { AppError } from '../../lib/errors.ts';
import { checkRecord, RECORD_KIND } from '#contract/riwayat.ts';
import { golonganProblem } from '#contract/asn.ts';
import {
  IMPOR_MAX_ROWS,
  IMPOR_MSG,
  SK_IMPOR_COLUMNS,
  SK_IMPOR_MSG,
  SK_JENIS,
  type ImporBaris,
  type SkImporHasil,
  type SkImporKey,
} from '#contract/impor.ts';
import { golonganDapodik, normHeader } from '../../domain/dapodik.ts';
import { syncTeachersFromRecord } from '../guru/record-basis.ts';
import type ExcelJS from 'exceljs';
import { readSheet } from './xlsx-rows.ts';
import { cellText, dateCell, hasilOf, idCell, templateWorkbook, type Masalah } from './impor.service.ts';

// The decree history import (docs/domain/dapodik.md "Riwayat SK"): the KGB and rank decrees an office
// keeps in binders and spreadsheets, one a row, checked with the record tabs' rules
// (contract/riwayat.ts checkRecord, the golongan of the teacher's status) and written as verified
// rows, after which the teachers' golongan, MKG, salary and last KGB date follow their record.

type Raw = Record<SkImporKey, string>;
type Kind = 'riwkgb' | 'riwpangkat';

/** Which template column each record field is read from, per kind. */
const FIELDS: Record<Kind, Partial<Record<string, SkImporKey>>> = {
  riwkgb: {
    no_kgb: 'nomor',
    nosk_kgb: 'nomor',
    tglsk_kgb: 'tanggal',
    pejabat_kgb: 'pejabat',
    ttgl_kgb: 'tmt',
    gol_kgb: 'golongan',
    mkg_tahun: 'mkg_tahun',
    mkg_bulan: 'mkg_bulan',
    gpl_kgb: 'gaji_pokok',
  },
  riwpangkat: {
    riw_pangkat_sk: 'nomor',
    riw_pangkat_sktgl: 'tanggal',
    riw_pangkat_pejabat: 'pejabat',
    riw_pangkat_tmt: 'tmt',
    golongan: 'golongan',
    riw_pangkat_thn: 'mkg_tahun',
    riw_pangkat_bln: 'mkg_bulan',
  },
};
/** The column of the decree number in each kind's table: a decree already in the record is not imported twice. */
const NOMOR: Record<Kind, string> = { riwkgb: 'nosk_kgb', riwpangkat: 'riw_pangkat_sk' };

/** Jenis SK as offices write it. */
function kindOf(jenis: string): Kind | null {
  const j = normHeader(jenis);
  if (['kgb', 'kenaikan gaji berkala', 'gaji berkala', 'riwayat kgb'].includes(j)) return 'riwkgb';
  if (['pangkat', 'kp', 'kenaikan pangkat', 'kepangkatan', 'sk pangkat', 'cpns', 'pns', 'pengangkatan'].includes(j))
    return 'riwpangkat';
  return null;
}

const headerOf = (key: SkImporKey) => SK_IMPOR_COLUMNS.find((c) => c.key === key)!.header;

export async function skTemplateXlsx(): Promise<Buffer> {
  const example = Object.fromEntries(SK_IMPOR_COLUMNS.map((c) => [c.key, c.contoh]));
  return templateWorkbook(
    'Riwayat SK',
    SK_IMPOR_COLUMNS,
    [
      example,
      {
        ...example,
        jenis: SK_JENIS.PANGKAT,
        nomor: '823.3/45/BKD/2024',
        tanggal: '2024-03-01',
        pejabat: 'Bupati',
        tmt: '2024-04-01',
        mkg_tahun: '8',
        gaji_pokok: '',
      },
    ],
    [
      'Satu SK per baris mulai baris 2; hapus baris contoh. Kolom NIP diformat Teks: salin NIP sebagai teks, bukan angka.',
      'Jenis SK: KGB (kenaikan gaji berkala) atau Pangkat (SK CPNS/PNS, kenaikan pangkat).',
      'Tanggal SK dan TMT ditulis YYYY-MM-DD atau sebagai tanggal Excel; TMT selalu tanggal 1.',
      'Golongan: I/a sampai IV/e untuk PNS dan CPNS, I sampai XVII untuk PPPK. Gaji Pokok wajib untuk KGB; SK pangkat memakai tabel gaji.',
      'Baris diimpor sebagai riwayat terverifikasi; golongan, MKG, gaji pokok dan TMT KGB terakhir guru lalu mengikuti riwayatnya.',
      'SK dengan nomor yang sudah ada pada riwayat guru tidak diimpor dua kali.',
    ],
  );
}

/**
 * Dapodik's own decree history (its "Riwayat Gaji Berkala" and "Riwayat Kepangkatan" tables, as
 * Dapodik's table guide names their fields): the column each template key is read from. The kind of
 * decree is told by the TMT column (TMT KGB or TMT Pangkat); a list exported for many teachers
 * carries their NIP. Dapodik keeps no issuer: a "Pejabat yang Menetapkan" column is read when the
 * office adds one (a rank decree needs it, as in the tab).
 */
const DAPODIK_SK: Partial<Record<SkImporKey, string[]>> = {
  nip: ['nip', 'nip / ni pppk'],
  nomor: ['nomor sk', 'no sk'],
  tanggal: ['tanggal sk', 'tgl sk'],
  pejabat: ['pejabat yang menetapkan', 'pejabat penetap'],
  golongan: ['pangkat golongan', 'pangkat/golongan', 'golongan'],
  mkg_tahun: ['masa kerja thn', 'masa kerja tahun', 'masa kerja gol tahun'],
  mkg_bulan: ['masa kerja bln', 'masa kerja bulan', 'masa kerja gol bulan'],
  gaji_pokok: ['gaji pokok'],
};
const DAPODIK_TMT: Record<string, string> = { 'tmt kgb': 'KGB', 'tmt pangkat': 'Pangkat' };
/** How many rows above the header may hold titles (the school, the download date). */
const HEADER_WITHIN = 20;

/**
 * Rows of the decree template (columns found by header name, any order), or of Dapodik's decree
 * history with its own column names (the kind from its TMT column), under up to 20 title rows.
 */
export async function readSkWorkbook(bytes: Buffer): Promise<SkRow[]> {
  const rows = await readSheet(bytes, HEADER_WITHIN, (first) => {
    for (const head of first) {
      const names = Array.from({ length: head.cellCount }, (_, i) => normHeader(cellText(head.getCell(i + 1).value)));
      const template = new Map<SkImporKey, number>();
      names.forEach((h, i) => {
        const c = SK_IMPOR_COLUMNS.find((x) => normHeader(x.header) === h);
        if (c && !template.has(c.key)) template.set(c.key, i + 1);
      });
      if (SK_IMPOR_COLUMNS.every((c) => template.has(c.key))) return rowReader(head.number, template, null);
      const tmt = names.findIndex((h) => h in DAPODIK_TMT);
      if (tmt < 0) continue;
      const dapodik = new Map<SkImporKey, number>([['tmt', tmt + 1]]);
      for (const [key, aliases] of Object.entries(DAPODIK_SK) as [SkImporKey, string[]][]) {
        const i = names.findIndex((h) => aliases.includes(h));
        if (i >= 0) dapodik.set(key, i + 1);
      }
      const wajib: SkImporKey[] = [
        'nip',
        'nomor',
        'tanggal',
        'golongan',
        'mkg_tahun',
        'mkg_bulan',
        ...(DAPODIK_TMT[names[tmt]!] === 'KGB' ? (['gaji_pokok'] as const) : []),
      ];
      if (wajib.every((k) => dapodik.has(k))) return rowReader(head.number, dapodik, DAPODIK_TMT[names[tmt]!]!);
    }
    throw new AppError(422, 'impor.header', SK_IMPOR_MSG.wrongHeader);
  });
  if (rows.length > IMPOR_MAX_ROWS) throw new AppError(413, 'impor.rows', IMPOR_MSG.tooManyRows);
  return rows;
}

/** A decree row as read: its row number, its values by column, the problems found in reading. */
type SkRow = { baris: number; raw: Raw; pre: Masalah[] };

/** How a row under the header (on row `at`, columns in `col`) is read; `jenisTetap`: Dapodik's kind of the whole file. */
function rowReader(
  at: number,
  col: Map<SkImporKey, number>,
  jenisTetap: string | null,
): (row: ExcelJS.Row) => SkRow | null {
  return (row) => {
    if (row.number <= at) return null;
    const pre: Masalah[] = [];
    const raw = Object.fromEntries(
      SK_IMPOR_COLUMNS.map((c) => {
        if (!col.has(c.key)) return [c.key, ''];
        const v = row.getCell(col.get(c.key)!).value;
        return [
          c.key,
          c.key === 'nip'
            ? idCell(v, c.header, pre)
            : c.key === 'tanggal' || c.key === 'tmt'
              ? dateCell(v)
              : cellText(v),
        ];
      }),
    ) as Raw;
    if (Object.values(raw).some((v) => v !== '') || pre.length)
      return { baris: row.number, raw: jenisTetap ? { ...raw, jenis: jenisTetap } : raw, pre };
    return null;
  };
}

interface SkChecked extends ImporBaris {
  kind?: Kind;
  guruId?: number;
  values?: Record<string, string | number | null>;
}

/** Checks every row as the record tabs would (fields, golongan of the teacher's status) and whether the teacher already has the decree. */
export async function checkSkRows(db: Db, rows: { baris: number; raw: Raw; pre: Masalah[] }[]): Promise<SkChecked[]> {
  const nips = [...new Set(rows.map((r) => r.raw.nip).filter((n) => /^\d{18}$/.test(n)))];
  const teachers = new Map(
    (nips.length
      ? await db
          .select({ id: guru.id, nip: guru.nip, nama: guru.nama, status: guru.status_guru })
          .from(guru)
          .where(inArray(guru.nip, nips))
      : []
    ).map((g) => [g.nip!, g]),
  );
  const golongan = new Set(
    (await db.select({ nama: referensi.nama }).from(referensi).where(eq(referensi.kategori, 'golongan'))).map(
      (r) => r.nama,
    ),
  );
  const ids = [...teachers.values()].map((g) => g.id);
  const existing = new Set<string>();
  for (const kind of ['riwkgb', 'riwpangkat'] as const) {
    const table = recordTableOf(kind);
    if (!ids.length) break;
    const found = await db
      .select({ guru_id: table.guru_id, nomor: table[NOMOR[kind]] })
      .from(table)
      .where(inArray(table.guru_id, ids));
    for (const f of found)
      existing.add(
        `${kind}|${f.guru_id as number}|${String(f.nomor ?? '')
          .trim()
          .toLowerCase()}`,
      );
  }
  const seen = new Map<string, number>();
  const out: SkChecked[] = [];
  for (const { baris, raw, pre } of rows) {
    const masalah: Masalah[] = [...pre];
    const problem = (key: SkImporKey, pesan: string) => {
      const kolom = headerOf(key);
      if (!masalah.some((m) => m.kolom === kolom)) masalah.push({ kolom, pesan });
    };
    const teacher = teachers.get(raw.nip);
    if (!raw.nip) problem('nip', 'NIP tidak boleh Kosong');
    else if (!teacher)
      problem('nip', /^\d{18}$/.test(raw.nip) ? SK_IMPOR_MSG.teacherNotFound : 'NIP harus 18 digit angka');
    const kind = kindOf(raw.jenis);
    if (!kind) problem('jenis', SK_IMPOR_MSG.jenis);
    const row: SkChecked = { baris, nip: raw.nip || null, nama: teacher?.nama ?? null, aksi: 'galat', masalah };
    if (kind) {
      const def = RECORD_KIND[kind];
      const gol = golonganDapodik(raw.golongan);
      const input: Record<string, unknown> = Object.fromEntries(
        Object.entries(FIELDS[kind]).map(([field, key]) => [field, key === 'golongan' ? gol : raw[key!]]),
      );
      if (kind === 'riwkgb') input.perihal = 'Kenaikan Gaji Berkala';
      // No PDF comes with an imported decree: it is uploaded later in the tab.
      const { values, errors } = checkRecord(def, input, () => true);
      for (const [field, pesan] of Object.entries(errors)) problem(FIELDS[kind][field] ?? 'nomor', pesan);
      // Dates of the decree as the tabs require (the TMT the first of a month); a Riwayat KGB also needs its TMT and date.
      if (kind === 'riwkgb' && !raw.tmt) problem('tmt', 'TMT KGB tidak boleh Kosong');
      if (kind === 'riwkgb' && !raw.tanggal) problem('tanggal', 'Tanggal SK tidak boleh Kosong');
      if (gol && !golongan.has(gol)) problem('golongan', 'Golongan tidak ditemukan');
      else if (gol && teacher) {
        const salah = golonganProblem(teacher.status, gol);
        if (salah) problem('golongan', salah);
      }
      if (!masalah.length && teacher) {
        const nomor = String(values[NOMOR[kind]] ?? '').toLowerCase();
        const key = `${kind}|${teacher.id}|${nomor}`;
        const first = seen.get(key);
        if (first) problem('nomor', SK_IMPOR_MSG.twice(first));
        else {
          seen.set(key, baris);
          Object.assign(row, { kind, guruId: teacher.id, values, aksi: existing.has(key) ? 'sama' : 'baru' });
        }
      }
    }
    out.push(row);
  }
  return out;
}

export function summarizeSk(rows: SkChecked[]): SkImporHasil {
  return hasilOf('riwayat_sk', rows, ({ kind: _k, guruId: _g, values: _v, ...r }) => r);
}

/** Writes the new decrees as verified rows, then derives the teachers' profile from their record (on the office's date, `zona`). */
export async function applySkRows(
  db: Db,
  rows: SkChecked[],
  now: Date,
  zona: string,
): Promise<{ dibuat: number; dilewati: number; guru_disinkron: number }> {
  const baru = rows.filter((r) => r.aksi === 'baru');
  for (const r of baru)
    await db
      .insert(recordTableOf(r.kind!))
      .values({ ...r.values, guru_id: r.guruId!, status: 1, created_at: now, updated_at: now });
  const touched = [...new Set(baru.map((r) => r.guruId!))];
  await syncTeachersFromRecord(db, touched, now, zona);
  return { dibuat: baru.length, dilewati: rows.length - baru.length, guru_disinkron: touched.length };
}
