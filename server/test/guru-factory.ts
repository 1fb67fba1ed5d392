import { and, eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { guru, referensi } from '../db/schema/index.ts';

export async function refId(db: Db, kategori: string, nama: string): Promise<number> {
  const [row] = await db.select({ id: referensi.id }).from(referensi).where(and(eq(referensi.kategori, kategori), eq(referensi.nama, nama)));
  if (!row) throw new Error(`no referensi ${kategori}/${nama}`);
  return row.id;
}

let seq = 0;
/** A PNS teacher at a school, with a NIP consistent with the birth date and sex. */
export async function createGuru(db: Db, sekolahId: number, values: Partial<typeof guru.$inferInsert> = {}) {
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
      nip: `${tgl.replaceAll('-', '')}201001${female ? 2 : 1}${String(seq).padStart(3, '0')}`,
      golongan: 'III/b',
      status_guru: 'PNS',
      id_jabatan: await refId(db, 'jabatan', 'Guru Mata Pelajaran'),
      nik: '8271011204850001',
      gaji_pokok: 3390500,
      alamat_domisili: 'Jl. Rahasia No. 1',
      ...values,
    })
    .returning();
  return row!;
}
