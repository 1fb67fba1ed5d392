// Teacher master lists (SPEC §7 "Master data"). They share one table on the server (`referensi`,
// by kategori) and each endpoint answers its own field names, as the original client reads them.

export type ReferensiKategori =
  | 'golongan'
  | 'jenisguru'
  | 'goldar'
  | 'pendidikanterakhir'
  | 'jabatan'
  | 'mapel'
  | 'jurusan'
  | 'diklatteknis'
  | 'penghargaan'
  | 'tingkatpendidikan'
  | 'keahlian'
  | 'level'
  | 'jeniskaryatulis';

export interface ReferensiEndpoint {
  path: string;
  kategori: ReferensiKategori;
  /** Answer field of the name (`nama` column). */
  nameField: string;
  /** Answer field of the second value (`nama2` column), when the list has one. */
  extraField?: string;
}

export const REFERENSI_ENDPOINTS: ReferensiEndpoint[] = [
  { path: 'golonganpangkat', kategori: 'golongan', nameField: 'nm_gol', extraField: 'nm_pangkat' },
  { path: 'jenisguru', kategori: 'jenisguru', nameField: 'nama' },
  { path: 'golongandarah', kategori: 'goldar', nameField: 'nama' },
  { path: 'pendidikanterakhir', kategori: 'pendidikanterakhir', nameField: 'nama' },
  { path: 'jabatanguru', kategori: 'jabatan', nameField: 'nama' },
  { path: 'mapel', kategori: 'mapel', nameField: 'nama' },
  { path: 'jurusan', kategori: 'jurusan', nameField: 'jurusan_nm' },
  { path: 'namadiklatteknis', kategori: 'diklatteknis', nameField: 'diklat_teknis_nm' },
  { path: 'namapenghargaan', kategori: 'penghargaan', nameField: 'penghargaan_nm' },
  { path: 'tingkatpendidikan', kategori: 'tingkatpendidikan', nameField: 'nm_tingpend', extraField: 'print_tingpend' },
  { path: 'masterkeahlian', kategori: 'keahlian', nameField: 'keahlian_nama', extraField: 'keahlian_tipe' },
  { path: 'masterlevel', kategori: 'level', nameField: 'keahlian_level_nama' },
  { path: 'masterjeniskaryatulis', kategori: 'jeniskaryatulis', nameField: 'nama' },
];

/**
 * Employment status (docs/domain/data-guru.md, Dapodik style). PNS, CPNS and PPPK are civil servants (contract/asn.ts):
 * they have a golongan and take part in KGB.
 */
export const JENIS_GURU = ['PNS', 'CPNS', 'PPPK', 'GTY', 'GTT', 'Honor Daerah', 'Honor Sekolah'] as const;

/** Golongan and pangkat (docs/domain/tabel-gaji.md). */
export const GOLONGAN_PANGKAT: [string, string][] = [
  ['I/a', 'Juru Muda'],
  ['I/b', 'Juru Muda Tk. I'],
  ['I/c', 'Juru'],
  ['I/d', 'Juru Tk. I'],
  ['II/a', 'Pengatur Muda'],
  ['II/b', 'Pengatur Muda Tk. I'],
  ['II/c', 'Pengatur'],
  ['II/d', 'Pengatur Tk. I'],
  ['III/a', 'Penata Muda'],
  ['III/b', 'Penata Muda Tk. I'],
  ['III/c', 'Penata'],
  ['III/d', 'Penata Tk. I'],
  ['IV/a', 'Pembina'],
  ['IV/b', 'Pembina Tk. I'],
  ['IV/c', 'Pembina Utama Muda'],
  ['IV/d', 'Pembina Utama Madya'],
  ['IV/e', 'Pembina Utama'],
];

/** Last education levels; D4/S1 and above count as 'sarjana' (docs/domain/data-guru.md). */
export const PENDIDIKAN_TERAKHIR = ['SD', 'SMP', 'SMA/SMK', 'D1', 'D2', 'D3', 'D4', 'S1', 'S2', 'S3'] as const;
export const PENDIDIKAN_SARJANA = ['D4', 'S1', 'S2', 'S3'] as const;
