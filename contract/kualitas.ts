import { z } from 'zod';
import { pageParam } from './paging.ts';

/** The data-quality checks (administrators): what is missing or inconsistent, with drill-down. */
export const KUALITAS_CHECKS = [
  { kode: 'guru-tanpa-nuptk', judul: 'Guru tanpa NUPTK', jenis: 'guru' },
  { kode: 'guru-tanpa-nik', judul: 'Guru tanpa NIK', jenis: 'guru' },
  { kode: 'pns-tanpa-kgb', judul: 'Guru PNS tanpa tanggal KGB terakhir', jenis: 'guru' },
  { kode: 'pns-tanpa-golongan', judul: 'Guru PNS tanpa golongan', jenis: 'guru' },
  { kode: 'nip-tidak-cocok', judul: 'NIP tidak cocok dengan tanggal lahir atau jenis kelamin', jenis: 'guru' },
  { kode: 'guru-belum-verifikasi', judul: 'Guru belum diverifikasi', jenis: 'guru' },
  { kode: 'pendidikan-belum-verifikasi', judul: 'Riwayat pendidikan formal belum diverifikasi', jenis: 'guru' },
  { kode: 'sekolah-tanpa-koordinat', judul: 'Sekolah tanpa koordinat peta', jenis: 'sekolah' },
  { kode: 'sekolah-tanpa-wilayah', judul: 'Sekolah tanpa wilayah', jenis: 'sekolah' },
] as const;
export type KualitasKode = (typeof KUALITAS_CHECKS)[number]['kode'];

export interface KualitasCount {
  kode: KualitasKode;
  judul: string;
  jenis: 'guru' | 'sekolah';
  jumlah: number;
}

/** A row of a drill-down list: a teacher or a school, with where to fix it. */
export interface KualitasRow {
  id: number;
  nama: string;
  /** NIP for teachers, NPSN for schools. */
  nomor: string | null;
  sekolah: string | null;
  npsn: string | null;
  keterangan: string | null;
}

export const kualitasParams = z.object({
  kode: z.enum(KUALITAS_CHECKS.map((c) => c.kode) as [KualitasKode, ...KualitasKode[]], { error: 'Jenis pemeriksaan tidak dikenal' }),
});
export const kualitasQuery = z.object({ page: pageParam });
