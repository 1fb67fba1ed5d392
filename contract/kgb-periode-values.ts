/**
 * The monthly KGB run: what the screens read (types, labels, messages), without zod,
 * so a screen that imports them does not load the validation library (contract/kgb-periode.ts has
 * the request schemas).
 */

/** Where a teacher of the month stands, in the order of the work. */
export type PeriodeStatus =
  'belum_siap' | 'siap' | 'draf' | 'dikembalikan' | 'verified' | 'signing' | 'signed' | 'cancelled' | 'ditunda';

export const PERIODE_STATUS_LABEL: Record<PeriodeStatus, string> = {
  belum_siap: 'Data belum lengkap',
  siap: 'Siap dibuat',
  draf: 'Draf',
  dikembalikan: 'Dikembalikan',
  verified: 'Terverifikasi',
  signing: 'Sedang ditandatangani',
  signed: 'Ditandatangani',
  cancelled: 'Dibatalkan',
  ditunda: 'Ditunda',
};

/** The states from which a teacher's draft can be made (again): one list for the service and the page. */
export const PERIODE_DAPAT_DIDRAF: readonly PeriodeStatus[] = ['siap', 'dikembalikan', 'cancelled'];

export interface PeriodeItem {
  guru_id: number;
  nip: string | null;
  nama: string;
  status_guru: string | null;
  sekolah: string | null;
  npsn: string | null;
  tmt: string;
  status: PeriodeStatus;
  /** What is missing (belum_siap), or the note of a draft sent back (dikembalikan). */
  catatan: string | null;
  golongan: string | null;
  gaji_lama: number | null;
  gaji_baru: number | null;
  mkg_lama: { tahun: number; bulan: number } | null;
  mkg_baru: { tahun: number; bulan: number } | null;
  /** The letter in force for this TMT, or the last cancelled one; `gaji`: the payroll office's answer about a signed letter. */
  surat: {
    id: number;
    nomor: string;
    kode_dokumen: string;
    signed_at: string | null;
    pejabat_id: number | null;
    gaji: StatusGaji | null;
  } | null;
  /** Back pay (rapel) of a letter signed after its TMT, up to the payroll month after signing: months and amount. */
  rapel: { bulan: number; jumlah: number } | null;
  /** Unverified or implausible data behind the letter: signing asks for it to be verified or accepted. */
  peringatan: string[];
}

export interface PeriodeKgb {
  bulan: string;
  tmt: string;
  /** Letters of this month can be verified from this date (two months before the TMT). */
  dapat_diproses_mulai: string;
  dapat_diproses: boolean;
  jumlah: Record<PeriodeStatus, number>;
  data: PeriodeItem[];
  /** The newest signing or verification run of this month, if any. */
  tugas: TugasKgb | null;
  /**
   * The month's register of cancelled letters: every number stays listed, with the reason and the
   * letter that replaced it (a ralat).
   */
  dibatalkan: {
    surat_id: number;
    nomor: string;
    guru_id: number;
    nama: string;
    alasan: string | null;
    dibatalkan_pada: string | null;
    pengganti: { id: number; nomor: string } | null;
  }[];
}

/** What the payroll office (BPKAD, SIMGAJI) answered about a signed letter, as the office recorded it. */
export type StatusGajiKode = 'diterima' | 'dikembalikan';
export const STATUS_GAJI_LABEL: Record<StatusGajiKode, string> = {
  diterima: 'Diterima bagian gaji',
  dikembalikan: 'Dikembalikan bagian gaji',
};
export interface StatusGaji {
  status: StatusGajiKode;
  /** Why payroll returned it (dikembalikan). */
  alasan: string | null;
  dicatat_pada: string;
}

export type HasilTugas = 'berhasil' | 'dilewati' | 'gagal';

/** A run over many letters (verification or signature), with a result per letter. */
export interface TugasKgb {
  id: number;
  jenis: 'verifikasi' | 'ttd';
  bulan: string;
  /**
   * berjalan; selesai; terhenti (the server stopped during the run: start it again to go on);
   * berhenti (the signing service failed: the letters left are unsigned; start it again to go on).
   */
  status: 'berjalan' | 'selesai' | 'terhenti' | 'berhenti';
  /** Why a run stopped (berhenti), else null. */
  pesan: string | null;
  total: number;
  diproses: number;
  berhasil: number;
  dilewati: number;
  gagal: number;
  hasil: { guru_id: number; nama: string; hasil: HasilTugas; pesan: string }[];
  mulai: string;
  selesai: string | null;
}

export const PERIODE_MSG = {
  draftsMade: (n: number) => `${n.toLocaleString('id-ID')} draf surat KGB dibuat`,
  nothingToDraft: 'Tidak ada guru yang siap dibuatkan draf pada periode ini',
  returned: 'Draf dikembalikan ke sekolah untuk diperbaiki',
  notReturnable:
    'Hanya draf atau guru yang belum diverifikasi yang dapat dikembalikan; surat yang sudah diverifikasi dibatalkan dari halaman suratnya',
  notInPeriod: 'Guru ini tidak termasuk periode KGB bulan tersebut',
  notYet: (from: string) => `Surat KGB periode ini dapat diproses mulai ${from}`,
  nothingToVerify: 'Tidak ada draf yang dapat diverifikasi pada periode ini',
  nothingToSign: 'Tidak ada surat terverifikasi yang menunggu tanda tangan pada periode ini',
  verifyStarted: (n: number) => `Verifikasi ${n.toLocaleString('id-ID')} surat dimulai`,
  signStarted: (n: number) => `Penandatanganan ${n.toLocaleString('id-ID')} surat dimulai`,
  runBusy: 'Proses lain untuk periode ini sedang berjalan; tunggu sampai selesai',
  runNotFound: 'Proses tidak ditemukan',
  noSignedLetters: 'Belum ada surat KGB yang ditandatangani pada periode ini',
  skippedDone: 'Sudah ditandatangani',
  skippedBusy: 'Sedang ditandatangani oleh proses lain',
  skippedVerified: 'Sudah diverifikasi',
  severalOfficials:
    'Surat terverifikasi periode ini ditandatangani oleh lebih dari satu pejabat: pilih pejabat yang menandatangani sekarang',
  gajiRecorded: 'Jawaban bagian gaji dicatat',
  gajiNotSigned: 'Jawaban bagian gaji hanya dicatat untuk surat yang sudah ditandatangani dan tidak dibatalkan',
  gajiLetterNotFound: 'Surat KGB tidak ditemukan',
  stopped: 'Proses terhenti karena server dimulai ulang; jalankan lagi untuk melanjutkan surat yang tersisa',
} as const;
