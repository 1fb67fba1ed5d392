// The school import (docs/domain/dapodik.md "Sekolah"): the Dapodik / Data Pokok Sekolah school list
// read, checked and synchronised by NPSN, like the teacher import (preview, then a confirmed import
// under the same one-at-a-time lock).
import type ExcelJS from 'exceljs';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { sekolah, users, wilayah } from '../../db/schema/index.ts';
import { generatePassword, hashPassword } from '../../lib/password.ts';
import { ROLE_OPERATOR } from '#contract/auth.ts';
import { STATUS_AKUN_INACTIVE } from '#contract/user.ts';
import { AppError } from '../../lib/errors.ts';
import { NPSN_PATTERN } from '#contract/sekolah-values.ts';
import {
  IMPOR_MAX_ROWS,
  IMPOR_MSG,
  SEKOLAH_IMPOR_MSG,
  type ImporBaris,
  type ImporHasil,
  type ImporPerubahan,
} from '#contract/impor.ts';
import {
  bentukDapodik,
  isSekolahHeader,
  koordinatDapodik,
  namaWilayah,
  sekolahLabel,
  sekolahRoleOf,
  SEKOLAH_REQUIRED,
  statusSekolahDapodik,
  type SekolahRole,
} from '../../domain/dapodik-sekolah.ts';
import { cellText, columnsByRole, hasilOf, type Masalah } from './impor.service.ts';
import { readSheet } from './xlsx-rows.ts';
import { jenjangDiluarKantor } from '../sekolah/sekolah.service.ts';

type Raw = Record<SekolahRole, string>;
export interface SekolahRow {
  baris: number;
  raw: Raw;
}
/** How many rows above the header may hold titles. */
const HEADER_WITHIN = 20;

/** Reads the list: the header found by its column names under any title rows, then one school a row. */
export async function readSekolahWorkbook(bytes: Buffer): Promise<SekolahRow[]> {
  const rows = await readSheet(bytes, HEADER_WITHIN, (first) => {
    for (const row of first) {
      const cells = Array.from({ length: row.cellCount }, (_, i) => cellText(row.getCell(i + 1).value));
      if (isSekolahHeader(cells)) return rowReader(row.number, cells);
    }
    throw new AppError(422, 'impor.header', SEKOLAH_IMPOR_MSG.wrongHeader);
  });
  if (rows.length > IMPOR_MAX_ROWS) throw new AppError(413, 'impor.rows', IMPOR_MSG.tooManyRows);
  return rows;
}

/** How a row under the header (on row `at`, with these column names) is read: a school, or null. */
function rowReader(at: number, headers: string[]): (row: ExcelJS.Row) => SekolahRow | null {
  const col = columnsByRole(headers, sekolahRoleOf, SEKOLAH_REQUIRED, (missing) =>
    SEKOLAH_IMPOR_MSG.missing(missing.map(sekolahLabel)),
  );
  return (row) => {
    if (row.number <= at) return null;
    const raw = {} as Raw;
    for (const { role } of SEKOLAH_ROLES) {
      const c = col.get(role);
      raw[role] = c ? cellText(row.getCell(c).value).replace(/\s+/g, ' ').trim() : '';
    }
    // Empty rows and a column-number row under the header (1, 2, 3, …) are no school.
    if (!raw.npsn && !raw.nama) return null;
    if (/^\d{1,2}$/.test(raw.npsn) && /^\d{1,2}$/.test(raw.nama)) return null;
    return { baris: row.number, raw };
  };
}
const SEKOLAH_ROLES = [
  { role: 'npsn' },
  { role: 'nama' },
  { role: 'bentuk' },
  { role: 'status' },
  { role: 'alamat' },
  { role: 'desa' },
  { role: 'kecamatan' },
  { role: 'kabupaten' },
  { role: 'provinsi' },
  { role: 'lintang' },
  { role: 'bujur' },
] as const satisfies { role: SekolahRole }[];

interface Values {
  npsn: string;
  namaSekolah: string;
  bentukPendidikan: string;
  status: string;
  alamat: string | null;
  kodeWilayah: string | null;
  lat: number | null;
  long: number | null;
}
export interface SekolahChecked extends ImporBaris {
  values?: Values;
  changes?: Partial<Values>;
  existingId?: number;
}

/** The compared fields, as the preview names them. */
const FIELDS: { name: keyof Values; kolom: string }[] = [
  { name: 'namaSekolah', kolom: 'Nama Sekolah' },
  { name: 'bentukPendidikan', kolom: 'Bentuk Pendidikan' },
  { name: 'status', kolom: 'Status' },
  { name: 'alamat', kolom: 'Alamat' },
  { name: 'kodeWilayah', kolom: 'Kode Wilayah' },
  { name: 'lat', kolom: 'Lintang' },
  { name: 'long', kolom: 'Bujur' },
];

/** The regions of the Kemendagri table the file's names may point to, loaded once per regency. */
class Wilayah {
  private regencies = new Map<string, string | null>();
  private under = new Map<string, Map<string, string[]>>();
  private db: Db;
  /** The office's own region (a regency or city, or a province): the default and the scope. */
  private kantor: string | null;
  constructor(db: Db, kantor: string | null) {
    this.db = db;
    this.kantor = kantor;
  }

  /** The regency's code by its name, within the office's province when known; null when none or several. */
  async regency(nama: string, provinsi: string): Promise<string | null> {
    const key = `${namaWilayah(provinsi, 'provinsi')}|${namaWilayah(nama, 'kabupaten')}`;
    if (!this.regencies.has(key)) {
      const within = this.kantor ? this.kantor.slice(0, 2) : null;
      let rows = await this.db
        .select({ kode: wilayah.kodeWilayah, induk: wilayah.induk })
        .from(wilayah)
        .where(and(eq(wilayah.level, 2), sql`lower(${wilayah.nama}) = ${namaWilayah(nama, 'kabupaten')}`));
      if (within) rows = rows.filter((r) => r.induk === within);
      if (rows.length > 1 && provinsi) {
        const prov = await this.db
          .select({ kode: wilayah.kodeWilayah })
          .from(wilayah)
          .where(and(eq(wilayah.level, 1), sql`lower(${wilayah.nama}) = ${namaWilayah(provinsi, 'provinsi')}`));
        rows = rows.filter((r) => prov.some((p) => p.kode === r.induk));
      }
      this.regencies.set(key, rows.length === 1 ? rows[0]!.kode : null);
    }
    return this.regencies.get(key)!;
  }

  /** The regency of a row without a Kabupaten/Kota column: the office's, when it is a regency or city office. */
  get defaultRegency(): string | null {
    return this.kantor && this.kantor.length === 5 ? this.kantor : null;
  }

  /** The village's code from its district and village names within a regency. */
  async village(regency: string, kecamatan: string, desa: string): Promise<string | null> {
    if (!this.under.has(regency)) {
      const districts = await this.db
        .select({ kode: wilayah.kodeWilayah, nama: wilayah.nama })
        .from(wilayah)
        .where(and(eq(wilayah.level, 3), eq(wilayah.induk, regency)));
      const villages = districts.length
        ? await this.db
            .select({ kode: wilayah.kodeWilayah, nama: wilayah.nama, induk: wilayah.induk })
            .from(wilayah)
            .where(
              and(
                eq(wilayah.level, 4),
                inArray(
                  wilayah.induk,
                  districts.map((d) => d.kode),
                ),
              ),
            )
        : [];
      const map = new Map<string, string[]>();
      for (const v of villages) {
        const d = districts.find((x) => x.kode === v.induk)!;
        const k = `${namaWilayah(d.nama, 'kecamatan')}|${namaWilayah(v.nama, 'desa')}`;
        map.set(k, [...(map.get(k) ?? []), v.kode]);
      }
      this.under.set(regency, map);
    }
    const found =
      this.under.get(regency)!.get(`${namaWilayah(kecamatan, 'kecamatan')}|${namaWilayah(desa, 'desa')}`) ?? [];
    return found.length === 1 ? found[0]! : null;
  }
}

/**
 * Checks every row and decides what importing it would do: a school is matched by NPSN; a level the
 * office does not manage (contract/kantor-values.ts, as on the add form), a level or status Sidasek
 * does not know, or wrong coordinates make the row an error; a region not found is left empty and
 * noted. An empty cell never erases what the school already has.
 */
export async function checkSekolahRows(
  db: Db,
  rows: SekolahRow[],
  kantor: { jenjang: readonly string[]; kode_wilayah: string | null },
): Promise<SekolahChecked[]> {
  const npsns = [...new Set(rows.map((r) => r.raw.npsn.toUpperCase()).filter((n) => NPSN_PATTERN.test(n)))];
  const existing = new Map(
    (npsns.length ? await db.select().from(sekolah).where(inArray(sekolah.npsn, npsns)) : []).map((s) => [s.npsn, s]),
  );
  const regions = new Wilayah(db, kantor.kode_wilayah);
  const seen = new Map<string, number>();
  const out: SekolahChecked[] = [];
  for (const { baris, raw } of rows) {
    const masalah: Masalah[] = [];
    const catatan: Masalah[] = [];
    const problem = (kolom: string, pesan: string) => {
      if (!masalah.some((m) => m.kolom === kolom)) masalah.push({ kolom, pesan });
    };
    const npsn = raw.npsn.toUpperCase();
    if (!npsn) problem('NPSN', 'NPSN tidak boleh Kosong');
    else if (!NPSN_PATTERN.test(npsn)) problem('NPSN', 'NPSN harus 8 karakter (angka atau huruf kapital)');
    else if (seen.has(npsn)) problem('NPSN', `NPSN sama dengan baris ${seen.get(npsn)}`);
    else seen.set(npsn, baris);
    if (!raw.nama) problem('Nama Sekolah', 'Nama Sekolah tidak boleh Kosong');
    else if (raw.nama.length > 200) problem('Nama Sekolah', 'Nama Sekolah maksimal 200 karakter');
    const bentuk = bentukDapodik(raw.bentuk);
    if (!raw.bentuk) problem('Bentuk Pendidikan', 'Bentuk Pendidikan tidak boleh Kosong');
    else if (!bentuk)
      problem(
        'Bentuk Pendidikan',
        `Bentuk Pendidikan "${raw.bentuk}" belum dikenal Sidasek (dikenal: TK, SD, SMP, SMA, SMK, SLB)`,
      );
    // Only a level the office manages (UU 23/2014 Lampiran I.A), as the add form refuses it.
    else if (!kantor.jenjang.includes(bentuk))
      problem('Bentuk Pendidikan', jenjangDiluarKantor(bentuk, kantor.jenjang));
    const status = statusSekolahDapodik(raw.status);
    if (!raw.status) problem('Status', 'Status Sekolah tidak boleh Kosong');
    else if (!status) problem('Status', 'Status harus Negeri atau Swasta');
    if (raw.alamat.length > 500) problem('Alamat', 'Alamat maksimal 500 karakter');
    const koordinat = koordinatDapodik(raw.lintang, raw.bujur);
    if ('masalah' in koordinat) problem('Lintang/Bujur', koordinat.masalah);

    let kodeWilayah: string | null = null;
    if (!masalah.length) {
      if (!raw.desa || !raw.kecamatan) {
        if (raw.desa || raw.kecamatan || raw.kabupaten)
          catatan.push({ kolom: 'Wilayah', pesan: SEKOLAH_IMPOR_MSG.wilayahKosong });
      } else {
        const regency = raw.kabupaten ? await regions.regency(raw.kabupaten, raw.provinsi) : regions.defaultRegency;
        kodeWilayah = regency ? await regions.village(regency, raw.kecamatan, raw.desa) : null;
        if (!kodeWilayah)
          catatan.push({
            kolom: 'Wilayah',
            pesan: SEKOLAH_IMPOR_MSG.wilayahTidakDitemukan(
              [raw.desa, raw.kecamatan, raw.kabupaten].filter(Boolean).join(', '),
            ),
          });
      }
    }

    const row: SekolahChecked = {
      baris,
      npsn: npsn || null,
      nip: null,
      nama: raw.nama || null,
      aksi: 'galat',
      masalah,
    };
    if (catatan.length) row.catatan = catatan;
    if (!masalah.length && !('masalah' in koordinat)) {
      const values: Values = {
        npsn,
        namaSekolah: raw.nama,
        bentukPendidikan: bentuk!,
        status: status!,
        alamat: raw.alamat && raw.alamat !== '-' ? raw.alamat : null,
        kodeWilayah,
        lat: koordinat.lat,
        long: koordinat.long,
      };
      row.values = values;
      const s = existing.get(npsn);
      if (!s) row.aksi = 'baru';
      else {
        const perubahan: ImporPerubahan[] = [];
        const changes: Partial<Values> = {};
        for (const { name, kolom } of FIELDS) {
          const next = values[name];
          // The list leaves out what it does not know: an empty cell (or a region not found) never erases a value.
          if (next === null || next === '') continue;
          const now = s[name] ?? null;
          if (String(now ?? '') === String(next)) continue;
          perubahan.push({ kolom, lama: now === null ? null : String(now), baru: String(next) });
          (changes as Record<string, unknown>)[name] = next;
        }
        row.aksi = perubahan.length ? 'ubah' : 'sama';
        if (perubahan.length) row.perubahan = perubahan;
        row.changes = changes;
        row.existingId = s.id;
      }
    }
    out.push(row);
  }
  return out;
}

export function summarizeSekolah(rows: SekolahChecked[]): ImporHasil {
  return hasilOf('sekolah', rows, ({ values: _v, existingId: _e, changes: _c, ...r }) => r);
}

/**
 * Writes the valid rows: new schools created, known ones updated in the fields that change (the
 * checks ran under the import lock, in this transaction). Each new school gets its operator account
 * as on the add form (username = NPSN), but inactive and with a password nobody knows
 * (docs/decisions/0050): the administrator activates it and gives a one-time password (Reset) when
 * the school starts using Sidasek. One random secret, hashed once per import and then forgotten.
 */
export async function applySekolahRows(
  db: Db,
  rows: SekolahChecked[],
  now: Date,
): Promise<{ dibuat: number; diperbarui: number; dilewati: number }> {
  let dibuat = 0;
  let diperbarui = 0;
  const passwordHash = rows.some((r) => r.aksi === 'baru') ? await hashPassword(generatePassword(32)) : '';
  await db.transaction(async (tx) => {
    for (const r of rows) {
      if (r.aksi === 'baru') {
        await tx.insert(sekolah).values({ ...r.values!, createdAt: now, updatedAt: now });
        await tx
          .insert(users)
          .values({
            username: r.values!.npsn,
            nama: `Operator ${r.values!.namaSekolah}`.slice(0, 200),
            passwordHash,
            roleId: ROLE_OPERATOR,
            statusAkun: STATUS_AKUN_INACTIVE,
            mustChangePassword: true,
          })
          .onConflictDoNothing(); // an account of that username already there (lower(username) unique) is kept
        dibuat++;
      } else if (r.aksi === 'ubah') {
        const done = await tx
          .update(sekolah)
          .set({ ...r.changes, updatedAt: now })
          .where(eq(sekolah.id, r.existingId!))
          .returning({ id: sekolah.id });
        if (done.length) diperbarui++;
      }
    }
  });
  return { dibuat, diperbarui, dilewati: rows.length - dibuat - diperbarui };
}
