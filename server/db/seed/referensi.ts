import { count, eq } from 'drizzle-orm';
import type { Db } from '../client.ts';
import { referensi } from '../schema/index.ts';
import { GOLONGAN_PPPK } from '#contract/asn.ts';
import { GOLONGAN_PANGKAT, JENIS_GURU, PENDIDIKAN_TERAKHIR, type ReferensiKategori } from '#contract/master-guru.ts';

type Item = [nama: string, nama2?: string];

/** Teacher master lists with values an Indonesian education office uses. */
export const REFERENSI: Record<ReferensiKategori, Item[]> = {
  // PNS and CPNS golongan ruang with their pangkat, then the PPPK golongan I-XVII (no pangkat).
  golongan: [
    ...GOLONGAN_PANGKAT.map(([gol, pangkat]): Item => [gol, pangkat]),
    ...GOLONGAN_PPPK.map((gol): Item => [gol]),
  ],
  jenisguru: JENIS_GURU.map((n) => [n]),
  goldar: [['A'], ['B'], ['AB'], ['O']],
  pendidikanterakhir: PENDIDIKAN_TERAKHIR.map((n) => [n]),
  jabatan: [
    ['Kepala Sekolah'],
    ['Wakil Kepala Sekolah'],
    ['Guru Kelas'],
    ['Guru Mata Pelajaran'],
    ['Guru Bimbingan dan Konseling'],
    ['Guru Ahli Pertama'],
    ['Guru Ahli Muda'],
    ['Guru Ahli Madya'],
    ['Guru Ahli Utama'],
    ['Guru Pendamping Khusus'],
  ],
  mapel: [
    ['Guru Kelas (Tematik)'],
    ['Matematika'],
    ['Bahasa Indonesia'],
    ['Bahasa Inggris'],
    ['Ilmu Pengetahuan Alam'],
    ['Ilmu Pengetahuan Sosial'],
    ['Fisika'],
    ['Kimia'],
    ['Biologi'],
    ['Sejarah'],
    ['Geografi'],
    ['Ekonomi'],
    ['Sosiologi'],
    ['Pendidikan Pancasila'],
    ['Pendidikan Agama Islam'],
    ['Pendidikan Agama Kristen'],
    ['PJOK'],
    ['Seni Budaya'],
    ['Prakarya'],
    ['Informatika'],
    ['Muatan Lokal'],
  ],
  jurusan: [
    ['Pendidikan Guru Sekolah Dasar'],
    ['Pendidikan Guru PAUD'],
    ['Pendidikan Matematika'],
    ['Pendidikan Bahasa Indonesia'],
    ['Pendidikan Bahasa Inggris'],
    ['Pendidikan Biologi'],
    ['Pendidikan Fisika'],
    ['Pendidikan Kimia'],
    ['Pendidikan Sejarah'],
    ['Pendidikan Geografi'],
    ['Pendidikan Ekonomi'],
    ['Pendidikan Jasmani'],
    ['Bimbingan dan Konseling'],
    ['Pendidikan Agama Islam'],
    ['Teknik Komputer dan Jaringan'],
    ['IPA'],
    ['IPS'],
    ['Umum'],
  ],
  diklatteknis: [
    ['Pelatihan Implementasi Kurikulum Merdeka'],
    ['Pendidikan Guru Penggerak'],
    ['Diklat Penulisan Karya Tulis Ilmiah'],
    ['Bimtek Asesmen Nasional'],
    ['Diklat Pengelolaan Laboratorium'],
    ['Pelatihan TIK untuk Pembelajaran'],
    ['Diklat Calon Kepala Sekolah'],
    ['Pelatihan Pembelajaran Berdiferensiasi'],
  ],
  penghargaan: [
    ['Satyalancana Karya Satya X Tahun'],
    ['Satyalancana Karya Satya XX Tahun'],
    ['Satyalancana Karya Satya XXX Tahun'],
    ['Guru Berprestasi Tingkat Kabupaten/Kota'],
    ['Guru Berprestasi Tingkat Provinsi'],
    ['Guru Berdedikasi Daerah Khusus'],
    ['Piagam Penghargaan Bupati'],
  ],
  tingkatpendidikan: [
    ['SD', 'SD'],
    ['SMP', 'SMP'],
    ['SMA/SMK', 'SMA/SMK'],
    ['Diploma I', 'D1'],
    ['Diploma II', 'D2'],
    ['Diploma III', 'D3'],
    ['Diploma IV', 'D4'],
    ['Strata 1 (Sarjana)', 'S1'],
    ['Strata 2 (Magister)', 'S2'],
    ['Strata 3 (Doktor)', 'S3'],
  ],
  keahlian: [
    ['Teknologi Informasi dan Komunikasi', 'umum'],
    ['Desain Grafis', 'umum'],
    ['Kepramukaan', 'umum'],
    ['Seni Tari', 'umum'],
    ['Seni Musik', 'umum'],
    ['Olahraga', 'umum'],
    ['Jurnalistik', 'umum'],
    ['Kewirausahaan', 'umum'],
    ['Pertanian dan Perikanan', 'umum'],
    ['Public Speaking', 'umum'],
    ['Bahasa Inggris', 'bahasa'],
    ['Bahasa Arab', 'bahasa'],
    ['Bahasa Mandarin', 'bahasa'],
    ['Bahasa Jepang', 'bahasa'],
    ['Bahasa Ternate', 'bahasa'],
    ['Bahasa Tidore', 'bahasa'],
  ],
  level: [['Dasar'], ['Menengah'], ['Mahir'], ['Ahli']],
  jeniskaryatulis: [
    ['Buku'],
    ['Artikel Jurnal'],
    ['Penelitian Tindakan Kelas'],
    ['Modul Ajar'],
    ['Makalah Seminar'],
    ['Bahan Ajar Digital'],
  ],
};

/** Seeds each teacher master list while it is empty (an administrator's later edits stay). */
export async function seedReferensi(db: Db): Promise<void> {
  for (const [kategori, items] of Object.entries(REFERENSI)) {
    const [row] = await db.select({ n: count() }).from(referensi).where(eq(referensi.kategori, kategori));
    if ((row?.n ?? 0) > 0) continue;
    await db
      .insert(referensi)
      .values(items.map(([nama, nama2], urutan) => ({ kategori, nama, nama2: nama2 ?? null, urutan })));
  }
}
