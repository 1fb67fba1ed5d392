/** Teacher import from Excel (administrators): the template's columns, in order. */
export const IMPOR_COLUMNS = [
  { key: 'nip', header: 'NIP', contoh: '198609262015051001' },
  { key: 'nama', header: 'Nama', contoh: 'Abdullah Umar' },
  { key: 'gelar_depan', header: 'Gelar Depan', contoh: '' },
  { key: 'gelar_belakang', header: 'Gelar Belakang', contoh: 'S.Pd.' },
  { key: 'jenis_kelamin', header: 'Jenis Kelamin', contoh: 'Laki-laki' },
  { key: 'tempat_lahir', header: 'Tempat Lahir', contoh: 'Ternate' },
  { key: 'tgl_lahir', header: 'Tanggal Lahir', contoh: '1986-09-26' },
  { key: 'npsn', header: 'NPSN Sekolah', contoh: '60200338' },
  { key: 'status_guru', header: 'Jenis Guru', contoh: 'PNS' },
  { key: 'golongan', header: 'Golongan', contoh: 'III/b' },
  { key: 'jabatan', header: 'Jabatan', contoh: 'Guru Mata Pelajaran' },
  { key: 'pendidikan_terakhir', header: 'Pendidikan Terakhir', contoh: 'S1' },
  { key: 'nik', header: 'NIK', contoh: '8271012609860001' },
  { key: 'nuptk', header: 'NUPTK', contoh: '1234567890123456' },
  { key: 'no_hp', header: 'No HP', contoh: '081234567890' },
  { key: 'email', header: 'Email', contoh: 'abdullah@guru.sch.id' },
  { key: 'sertifikasi', header: 'Sertifikasi', contoh: 'Ya' },
  { key: 'mapel_1', header: 'Mata Pelajaran', contoh: 'Matematika' },
  { key: 'tgl_kgb_terakhir', header: 'TMT KGB Terakhir', contoh: '2025-05-01' },
  { key: 'mkg_tahun', header: 'MKG Tahun', contoh: '10' },
  { key: 'mkg_bulan', header: 'MKG Bulan', contoh: '0' },
  { key: 'gaji_pokok', header: 'Gaji Pokok', contoh: '3390500' },
] as const;
export type ImporKey = (typeof IMPOR_COLUMNS)[number]['key'];

export const IMPOR_MAX_ROWS = 5000;
export const IMPOR_MAX_BYTES = 5 * 1024 * 1024;

export type ImporAksi = 'baru' | 'ubah' | 'sama' | 'galat';

export interface ImporBaris {
  /** The spreadsheet's row number (the header is row 1). */
  baris: number;
  nip: string | null;
  nama: string | null;
  aksi: ImporAksi;
  masalah: { kolom: string; pesan: string }[];
}

export interface ImporHasil {
  ringkasan: { total: number; baru: number; ubah: number; sama: number; galat: number };
  baris: ImporBaris[];
  /** Set by the confirmed import: what was written. */
  dibuat?: number;
  diperbarui?: number;
  dilewati?: number;
}

export const IMPOR_MSG = {
  notXlsx: 'Berkas harus spreadsheet Excel (.xlsx)',
  tooLarge: 'Ukuran berkas maksimal 5 MB',
  noFile: 'Berkas Excel tidak boleh Kosong',
  tooManyRows: `Berkas memuat lebih dari ${IMPOR_MAX_ROWS} baris; bagi menjadi beberapa berkas`,
  wrongHeader: 'Kolom berkas tidak sesuai template; unduh template terbaru',
  previewDone: 'Pratinjau selesai: periksa masalah sebelum mengimpor',
  imported: 'Impor selesai',
  notConfirmed: 'Impor harus dikonfirmasi (konfirmasi=ya)',
} as const;
