import { GURU_IMPOR, type ImporKey } from './guru-fields.ts';
export type { ImporKey } from './guru-fields.ts';

/** Teacher import from Excel (administrators): the template's columns, in order (from the field catalogue). */
export const IMPOR_COLUMNS = GURU_IMPOR.map(({ key, header, contoh }) => ({ key, header, contoh })) as [ImporColumn, ...ImporColumn[]];
export interface ImporColumn {
  key: ImporKey;
  header: string;
  contoh: string;
}

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
