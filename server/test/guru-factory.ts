import { and, eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { guru, referensi } from '../db/schema/index.ts';
import { recordTableOf } from '../db/schema/riwayat.ts';
import type { Guru } from '#contract/guru.ts';
import type { RecordKindKey } from '#contract/riwayat.ts';

export async function refId(db: Db, kategori: string, nama: string): Promise<number> {
  const [row] = await db
    .select({ id: referensi.id })
    .from(referensi)
    .where(and(eq(referensi.kategori, kategori), eq(referensi.nama, nama)));
  if (!row) throw new Error(`no referensi ${kategori}/${nama}`);
  return row.id;
}

/**
 * A test teacher's NIP: birth date, appointment 2010-01, sex, and a serial number of three digits,
 * 001 to 999. The count goes on across the files a test worker runs (vitest.config.ts,
 * isolate: false), so the serial wraps rather than growing a nineteenth digit (the column holds 18).
 */
export function nipUji(tglLahir: string, female: boolean, n: number): string {
  return `${tglLahir.replaceAll('-', '')}201001${female ? 2 : 1}${String(((n - 1) % 999) + 1).padStart(3, '0')}`;
}

/** One teacher's rows in a history table (Riwayat KGB, Riwayat Pangkat, …). */
export function recordsOf(db: Db, key: RecordKindKey, guruId: number) {
  const table = recordTableOf(key);
  return db.select().from(table).where(eq(table.guru_id, guruId));
}

let seq = 0;
/**
 * A PNS teacher at a school, with a NIP consistent with the birth date and sex. A PNS teacher given
 * a last KGB date also gets that KGB as a verified decree in the record (Riwayat KGB) with the
 * profile's golongan, MKG and salary, as real data has: the record drives the next letter.
 * `decree: false` leaves the record empty (a teacher with typed or imported profile fields only).
 */
export async function createGuru(
  db: Db,
  sekolahId: number,
  values: Partial<typeof guru.$inferInsert> = {},
  opts: { decree?: boolean } = {},
) {
  seq++;
  const tgl = values.tgl_lahir ?? '1985-04-12';
  const female = values.jenis_kelamin === 'Perempuan';
  const [row] = await db
    .insert(guru)
    .values({
      sekolah_id: sekolahId,
      nama: `Guru Uji ${seq}`,
      tgl_lahir: tgl,
      jenis_kelamin: 'Laki-laki',
      nip: nipUji(tgl, female, seq),
      golongan: 'III/b',
      status_guru: 'PNS',
      id_jabatan: await refId(db, 'jabatan', 'Guru Mata Pelajaran'),
      nik: '8271011204850001',
      // A teacher the office has verified (a test of unverified data says so).
      verifikasi: 1,
      // III/b at MKG 10: Rp3.390.500 (PP 5/2024), a decree on a step of the table.
      mkg_tahun: 10,
      mkg_bulan: 0,
      gaji_pokok: 3390500,
      alamat_domisili: 'Jl. Rahasia No. 1',
      ...values,
    })
    .returning();
  const g = row!;
  if (opts.decree !== false && g.status_guru === 'PNS' && g.golongan && g.tgl_kgb_terakhir) {
    await db.insert(recordTableOf('riwkgb')).values({
      guru_id: g.id,
      no_kgb: `822.4/${seq}/DIKBUD/${g.tgl_kgb_terakhir.slice(0, 4)}`,
      perihal: 'Kenaikan Gaji Berkala',
      ttgl_kgb: g.tgl_kgb_terakhir,
      gpl_kgb: g.gaji_pokok,
      gol_kgb: g.golongan,
      nosk_kgb: `822.4/${seq}/DIKBUD/${g.tgl_kgb_terakhir.slice(0, 4)}`,
      tglsk_kgb: g.tgl_kgb_terakhir,
      mkg_tahun: g.mkg_tahun,
      mkg_bulan: g.mkg_bulan,
      status: 1,
    });
  }
  return g;
}

/**
 * A PNS III/b teacher last raised on 1 January 2025 at MKG 8 (Rp3.287.000): the next KGB is on
 * 1 January 2027, MKG 10, Rp3.390.500 (PP 5/2024), due from 1 November 2026 (docs/domain/kgb.md).
 */
export const DUE_JANUARY_2027 = {
  golongan: 'III/b',
  mkg_tahun: 8,
  mkg_bulan: 0,
  gaji_pokok: 3287000,
  tgl_kgb_terakhir: '2025-01-01',
} as const;

/** A KGB decree's text fields for the history form (Riwayat KGB, sent as multipart with its file). */
export const kgbDecreeFields = (guruId: number) => ({
  guru_id: String(guruId),
  no_kgb: 'KGB/1',
  gpl_kgb: '3000000',
  gol_kgb: 'III/b',
  nosk_kgb: 'SK/1',
  mkg_tahun: '8',
  mkg_bulan: '0',
});

/**
 * The teacher edit form's required fields as the teacher stands (GET /api/guru/:id, or the stored row),
 * at school `sekolahId`.
 */
export const editFormOf = (
  g: Pick<Guru, 'nama' | 'tgl_lahir' | 'nip' | 'jenis_kelamin' | 'golongan' | 'id_jabatan'>,
  sekolahId: number | null,
) => ({
  nama: g.nama,
  tgl_lahir: g.tgl_lahir,
  nip: g.nip,
  jenis_kelamin: g.jenis_kelamin,
  golongan: g.golongan,
  id_jabatan: g.id_jabatan,
  sekolah_id: sekolahId,
});
