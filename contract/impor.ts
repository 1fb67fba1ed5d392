import { GURU_IMPOR, type ImporKey } from './guru-fields.ts';
export type { ImporKey } from './guru-fields.ts';

/** Teacher import from Excel (administrators): the template's columns, in order (from the field catalogue). */
export const IMPOR_COLUMNS = GURU_IMPOR.map(({ key, header, contoh }) => ({ key, header, contoh })) as [
  ImporColumn,
  ...ImporColumn[],
];
export interface ImporColumn {
  key: ImporKey;
  header: string;
  contoh: string;
}

export const IMPOR_MAX_ROWS = 5000;
export const IMPOR_MAX_BYTES = 5 * 1024 * 1024;

/** What importing a row does; `tendik`: education staff in a Dapodik file (not a teacher), counted and skipped. */
export type ImporAksi = 'baru' | 'ubah' | 'sama' | 'galat' | 'tendik';

/** A field the row would change: the column, the value now and the file's value (a NIK shown by its last 4 digits). */
export interface ImporPerubahan {
  kolom: string;
  lama: string | null;
  baru: string | null;
}

/** A change the import will not make: verified data, or a field the verified decrees decide. */
export interface ImporKonflik extends ImporPerubahan {
  alasan: string;
}

export interface ImporBaris {
  /** The spreadsheet's row number (the template's header is row 1; a Dapodik file has title rows above its header). */
  baris: number;
  nip: string | null;
  nama: string | null;
  aksi: ImporAksi;
  masalah: { kolom: string; pesan: string }[];
  /** An existing teacher: found by which number (NIP, else NUPTK, else NIK). */
  cocok?: 'NIP' | 'NUPTK' | 'NIK' | 'Nama dan tanggal lahir';
  /** 'ubah': the fields that change, old → new. */
  perubahan?: ImporPerubahan[];
  /** Changes refused (the row's other changes still apply). */
  konflik?: ImporKonflik[];
  /** 'tendik': the row's Jenis PTK. */
  jenis_ptk?: string;
  /** The school import (format 'sekolah'): the row's NPSN. */
  npsn?: string | null;
  /** What the row does not refuse but the office should know (a region not found, left empty). */
  catatan?: { kolom: string; pesan: string }[];
}

/** A teacher of the school the file is for who is not in it (moved, retired?): listed, never deleted. */
export interface ImporTidakAda {
  id: number;
  nip: string | null;
  nama: string;
}

export interface ImporHasil {
  /** Which kind of file was read: Sidasek's teacher template, a Dapodik GTK export, or the decree history template. */
  format: 'template' | 'dapodik' | 'riwayat_sk' | 'sekolah';
  ringkasan: {
    total: number;
    baru: number;
    ubah: number;
    sama: number;
    galat: number;
    tendik: number;
    konflik: number;
  };
  baris: ImporBaris[];
  /** Dapodik file for one school: its active teachers the file does not list. */
  tidak_ada_di_berkas: ImporTidakAda[];
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
  dapodikNoNpsn: 'Berkas Dapodik tidak memuat kolom NPSN: pilih sekolahnya (npsn)',
  dapodikNpsnUnknown: 'Sekolah dengan NPSN ini tidak ditemukan',
  dapodikMissing: (kolom: string[]) => `Kolom Dapodik tidak ditemukan: ${kolom.join(', ')}`,
  scientific: (kolom: string, teks: string) =>
    `${kolom} tersimpan sebagai angka ${teks} sehingga digit terakhirnya hilang; format kolom ${kolom} sebagai Teks lalu salin ulang dari Dapodik`,
  verified: 'Data guru sudah diverifikasi; ubah lewat halaman guru',
} as const;

/**
 * A teacher import in the background (POST api/guru/import/tugas): many files at once, one per
 * school as Dapodik gives them, written in batches with progress; it can be cancelled and goes on
 * from the first batch not written (docs/domain/dapodik.md, "Impor besar").
 */
export const IMPOR_TUGAS_MAX_FILES = 200;
/** The whole upload of one run, at most. */
export const IMPOR_TUGAS_MAX_BYTES = 60 * 1024 * 1024;
/** One file of a run, at most (a province's teachers in one Dapodik or template file). */
export const IMPOR_TUGAS_MAX_FILE_BYTES = IMPOR_TUGAS_MAX_BYTES;
/** Data rows of one file of a run, at most: read row by row, never held whole. */
export const IMPOR_TUGAS_MAX_ROWS = 100_000;
/** Rows written in one transaction. */
export const IMPOR_TUGAS_BATCH = 500;
/** Rows kept in a run's report (errors, conflicts, staff, teachers missing from a file); the counts are complete. */
export const IMPOR_TUGAS_LAPORAN_MAX = 5000;

/**
 * NPSN in a file's name ("60200338 Daftar GTK.xlsx", "gtk_60200338.xlsx"): a Dapodik export has no
 * NPSN column, so the background import takes the school from the name (docs/domain/dapodik.md,
 * "Impor besar"). The page checks the names with it before sending.
 */
export function npsnOfFileName(nama: string): string | null {
  const m = /(?:^|[^0-9A-Za-z])([0-9]{8}|[A-Za-z][0-9]{7})(?=[^0-9A-Za-z]|$)/.exec(nama);
  return m ? m[1]!.toUpperCase() : null;
}

export type StatusImporTugas = 'berjalan' | 'selesai' | 'dibatalkan' | 'gagal' | 'terhenti';

export interface ImporTugasBerkas {
  nama: string;
  npsn: string | null;
  /** Rows of the file (teachers and staff), known once it has been read. */
  baris: number | null;
  selesai: boolean;
  /** Why the file could not be read (the run goes on with the next file). */
  pesan: string | null;
}

/** A row of the run's report: a problem, a conflict, a staff row, or a teacher missing from a school's file. */
export interface ImporTugasLaporan {
  berkas: string;
  baris: number | null;
  nip: string | null;
  nama: string | null;
  aksi: ImporAksi | 'tidak_ada' | 'berkas';
  keterangan: string;
}

export interface ImporTugas {
  id: number;
  status: StatusImporTugas;
  berkas: ImporTugasBerkas[];
  /** Files done, and rows written of the file in hand. */
  posisi: { berkas: number; baris: number };
  /** Rows handled so far and rows known (files not yet read count when they are). */
  diproses: number;
  total: number | null;
  ringkasan: { baru: number; ubah: number; sama: number; galat: number; tendik: number; konflik: number };
  laporan_lebih: boolean;
  batal_diminta: boolean;
  pesan: string | null;
  mulai: string;
  diperbarui: string;
  selesai: string | null;
}

export const IMPOR_TUGAS_MSG = {
  started: 'Impor berjalan di latar belakang; halaman ini boleh ditutup',
  noFiles: 'Pilih paling sedikit satu berkas Excel',
  tooManyFiles: `Paling banyak ${IMPOR_TUGAS_MAX_FILES} berkas sekali impor`,
  tooLarge: 'Ukuran semua berkas sekali impor maksimal 60 MB',
  fileTooLarge: 'Ukuran satu berkas maksimal 60 MB',
  tooManyRows: 'Berkas memuat lebih dari 100.000 baris; bagi menjadi beberapa berkas',
  tooBig: 'Isi berkas Excel terlalu besar untuk 100.000 baris guru; bagi menjadi beberapa berkas',
  tooSlow: 'Berkas Excel terlalu lama dibaca (lebih dari 5 menit); bagi menjadi beberapa berkas',
  running: 'Masih ada impor yang berjalan; tunggu sampai selesai atau batalkan',
  cancelRequested: 'Pembatalan diminta; impor berhenti setelah kelompok baris yang sedang ditulis',
  notRunning: 'Impor ini tidak sedang berjalan',
  resumed: 'Impor dilanjutkan dari kelompok baris yang belum ditulis',
  notResumable: 'Impor ini sudah selesai dan tidak dapat dilanjutkan',
  notFound: 'Impor tidak ditemukan',
} as const;

/**
 * Decree history import (administrators): KGB and rank decrees (docs/domain/dapodik.md "Riwayat SK"),
 * one a row, imported as verified rows of Riwayat KGB and Kepangkatan.
 */
export type SkImporKey =
  'nip' | 'jenis' | 'nomor' | 'tanggal' | 'pejabat' | 'tmt' | 'golongan' | 'mkg_tahun' | 'mkg_bulan' | 'gaji_pokok';
export const SK_IMPOR_COLUMNS: { key: SkImporKey; header: string; contoh: string }[] = [
  { key: 'nip', header: 'NIP / NI PPPK', contoh: '198609262015051001' },
  { key: 'jenis', header: 'Jenis SK', contoh: 'KGB' },
  { key: 'nomor', header: 'Nomor SK', contoh: '822.4/125/DIKBUD/2025' },
  { key: 'tanggal', header: 'Tanggal SK', contoh: '2025-03-20' },
  { key: 'pejabat', header: 'Pejabat yang Menetapkan', contoh: 'Kepala Dinas Pendidikan dan Kebudayaan' },
  { key: 'tmt', header: 'TMT', contoh: '2025-05-01' },
  { key: 'golongan', header: 'Golongan', contoh: 'III/b' },
  { key: 'mkg_tahun', header: 'MKG Tahun', contoh: '10' },
  { key: 'mkg_bulan', header: 'MKG Bulan', contoh: '0' },
  { key: 'gaji_pokok', header: 'Gaji Pokok', contoh: '3390500' },
];
/** Jenis SK: a periodic increase, or a rank decree (appointment or promotion). */
export const SK_JENIS = { KGB: 'KGB', PANGKAT: 'Pangkat' } as const;

/**
 * The teacher import's answer (format 'riwayat_sk'; ubah, tendik and konflik always 0): per row nip,
 * the teacher found by it (nama), and `sama` when the teacher's record already has this decree.
 */
export interface SkImporHasil extends ImporHasil {
  /** Teachers whose golongan, MKG, salary and last KGB date were derived again from their record. */
  guru_disinkron?: number;
}

export const SK_IMPOR_MSG = {
  wrongHeader: 'Kolom berkas tidak sesuai template riwayat SK; unduh template terbaru',
  teacherNotFound: 'Guru dengan NIP ini tidak ditemukan',
  jenis: 'Jenis SK harus KGB atau Pangkat',
  twice: (baris: number) => `SK yang sama dengan baris ${baris}`,
  previewDone: 'Pratinjau selesai: periksa masalah sebelum mengimpor',
  imported: 'Riwayat SK diimpor sebagai data terverifikasi',
} as const;

/**
 * School import (administrators): the Dapodik / Data Pokok Sekolah school list (docs/domain/dapodik.md
 * "Sekolah"), matched by NPSN. The answer is an ImporHasil of format 'sekolah' (tendik and konflik 0;
 * per row npsn and nama_sekolah as nama).
 */
export const SEKOLAH_IMPOR_MSG = {
  wrongHeader:
    'Kolom berkas tidak dikenali: unggah daftar sekolah Dapodik (kolom NPSN, Nama Sekolah, Bentuk Pendidikan, Status)',
  missing: (kolom: string[]) => `Kolom daftar sekolah tidak ditemukan: ${kolom.join(', ')}`,
  previewDone: 'Pratinjau selesai: periksa masalah sebelum mengimpor',
  imported: 'Impor sekolah selesai',
  conflict: 'Data berubah saat impor (NPSN ganda); ulangi pratinjau',
  wilayahTidakDitemukan: (nama: string) =>
    `Wilayah ${nama} tidak ditemukan di data wilayah Kemendagri; kode wilayah dibiarkan kosong, lengkapi di halaman sekolah`,
  wilayahKosong: 'Desa/Kelurahan dan Kecamatan tidak diisi; kode wilayah dibiarkan kosong',
} as const;
