import { z } from 'zod';
import { pageParam } from './paging.ts';

/** GET api/kgb?page&cari&bentuk_pendidikan: the due list. */
export const kgbListQuery = z.object({
  page: pageParam,
  cari: z.string().trim().max(100, 'Kata kunci pencarian terlalu panjang').default(''),
  bentuk_pendidikan: z.preprocess((v) => (v === undefined || v === null ? '' : String(v).trim().toUpperCase()), z.enum(['', 'TK', 'SD', 'SMP', 'SMA', 'SMK'], { error: 'bentuk_pendidikan harus TK, SD, SMP, SMA, SMK atau kosong' })),
});

/** SPEC §3 "KGB due item", plus the structured values behind the reminder. */
export interface KgbDueItem {
  id: number;
  nip: string | null;
  nama: string;
  jenis_kelamin: string;
  /** Short HTML text: the TMT and the days left (or overdue). Built from the fields below only. */
  kgb_reminder: string;
  tgl_kgb_terakhir: string | null;
  sekolah: { nama_sekolah: string | null; npsn: string | null };
  golongan: string | null;
  tmt_kgb: string;
  sisa_hari: number;
  terlambat: boolean;
  /** The letter for this TMT, once verified: 'verified' (waiting for the signature). */
  status_surat: 'verified' | 'signing' | null;
  /** Whether a letter can be made from the teacher's record now (issue 22.8). */
  siap: boolean;
  /** What is missing when not ready (no verified decree, top of the scale, …), to show with a way to fix it. */
  belum_siap: string | null;
  /** A verified rating below Baik in the years the increase covers, said on the list (docs/domain/kenaikan-pangkat.md). */
  catatan_skp?: string | null;
}

export type SuratStatus = 'draft' | 'verified' | 'signing' | 'signed' | 'cancelled';

/** A KGB letter as the screens read it. */
export interface SuratKgb {
  id: number;
  guru_id: number;
  nomor: string;
  kode_dokumen: string;
  tmt: string;
  status: SuratStatus;
  verified_at: string;
  signed_at: string | null;
  pdf_sha256: string;
  signed_sha256: string | null;
  /** The verified letter, or the signed one once signed (fetched with the bearer token). */
  pdfLink: string;
  pejabat: { nama: string; nip: string; jabatan: string } | null;
  /** A cancelled letter (issue 22.5): when and why. */
  dibatalkan_pada: string | null;
  alasan_batal: string | null;
}

/** A written reason for a decision on a letter (cancelling, postponing): 10 to 500 characters. */
export const ALASAN_MIN = 10;
export const ALASAN_MAX = 500;
/* @__NO_SIDE_EFFECTS__ */
function alasanField(label: string) {
  return z
    .string({ error: `${label} tidak boleh Kosong` })
    .trim()
    .min(1, `${label} tidak boleh Kosong`)
    .min(ALASAN_MIN, `${label} minimal ${ALASAN_MIN} karakter`)
    .max(ALASAN_MAX, `${label} maksimal ${ALASAN_MAX} karakter`);
}

/** POST api/kgb/surat/{id}/batal: cancelling a verified or signed letter needs a reason. */
export const batalBody = z.object({ alasan: alasanField('Alasan pembatalan') });

/** A postponement of a teacher's KGB (penundaan, PP 7/1977, postponement article; issue 22.5). */
export interface PenundaanKgb {
  id: number;
  /** The TMT the increase was due on. */
  tmt_semula: string;
  bulan: number;
  /** The TMT it moved to (tmt_semula + bulan). */
  tmt_baru: string;
  alasan: string;
  nomor_sk: string | null;
  dibuat_pada: string;
  /** Still moves the next KGB (decided after the last KGB); false once a later KGB was granted. */
  berlaku: boolean;
}

/** POST api/kgb/{id}/penundaan: postpones the teacher's next KGB by 1-12 months, with a reason. */
export const penundaanBody = z.object({
  bulan: z.coerce
    .number({ error: 'Lama penundaan tidak boleh Kosong' })
    .int('Lama penundaan harus bilangan bulat (bulan)')
    .min(1, 'Lama penundaan 1 sampai 12 bulan')
    .max(12, 'Lama penundaan 1 sampai 12 bulan (paling lama satu tahun setiap kali)'),
  alasan: alasanField('Alasan penundaan'),
  nomor_sk: z.string().trim().max(100, 'Nomor SK penundaan maksimal 100 karakter').optional().transform((v) => v || null),
});

/** GET api/kgb/{id}/pdf: the letter to show for a teacher's current KGB. */
export interface KgbPdf {
  pdfLink: string;
  status: SuratStatus;
  surat: SuratKgb | null;
  rencana: { tmt: string; gaji_lama: number | null; gaji_baru: number; mkg_baru: { tahun: number; bulan: number }; golongan: string; regulasi: string };
}

/** SPEC §3 "KGB archive item". */
export interface ArsipKgbItem {
  id: number;
  guru_id: number;
  nip: string;
  nama_guru: string;
  tgl_lahir: string;
  pangkat_golongan: string;
  jabatan_nama: string | null;
  tmt_kgb_guru: string;
  nomor: string;
  kode_dokumen: string;
  signed_at: string;
}

export const arsipQuery = z.object({ page: pageParam });

/**
 * The letter's own settings (editable by administrators: api/pengaturan/kgb). The letterhead, the
 * place and the authority come from the office profile (contract/kantor.ts, issue 24.4).
 */
export interface LetterSettings {
  /** "Surat Pemberitahuan KGB" to the payroll office, or the "Keputusan (SK) KGB" (issue 24.3). */
  template: 'pemberitahuan' | 'keputusan';
  /** Sifat of the letter: Biasa, Penting, … */
  sifat: string;
  /** Letter number format: {nomor} sequence, {bulan} month in Roman numerals, {tahun} year. */
  formatNomor: string;
  kepada: string;
  pembuka: string;
  dasar: string;
  penutup: string;
  tembusan: string[];
}

/** POST api/kgb/{id}/signature. */
export const signatureBody = z.object({
  passphrase: z.string({ error: 'Passphrase tidak boleh Kosong' }).min(1, 'Passphrase tidak boleh Kosong').max(200, 'Passphrase terlalu panjang'),
});

export const PASSPHRASE_MIN_LENGTH = 8;

/** POST api/pejabat (multipart; `p12` file optional: without it the server creates the key). */
export const pejabatFields = z.object({
  nama: z.string({ error: 'Nama pejabat tidak boleh Kosong' }).trim().min(1, 'Nama pejabat tidak boleh Kosong').max(150, 'Nama maksimal 150 karakter'),
  nip: z.string({ error: 'NIP pejabat tidak boleh Kosong' }).trim().min(1, 'NIP pejabat tidak boleh Kosong').regex(/^\d{18}$/, 'NIP harus 18 digit angka'),
  jabatan: z.string({ error: 'Jabatan tidak boleh Kosong' }).trim().min(1, 'Jabatan tidak boleh Kosong').max(150, 'Jabatan maksimal 150 karakter'),
  pangkat: z.string().trim().max(100, 'Pangkat maksimal 100 karakter').optional(),
  nik: z.string().trim().regex(/^(\d{16})?$/, 'NIK harus 16 digit angka').optional(),
  passphrase: z.string({ error: 'Passphrase tidak boleh Kosong' }).min(1, 'Passphrase tidak boleh Kosong').max(200, 'Passphrase terlalu panjang'),
  konfirmasi_passphrase: z.string().optional(),
});

export interface Pejabat {
  id: number;
  nama: string;
  nip: string;
  jabatan: string;
  pangkat: string | null;
  aktif: boolean;
  /** The teachers this official signs for instead of the active one (issue 24.3), or null. */
  delegasi: { golongan: string[]; jenjang: string[] } | null;
  sertifikat_subjek: string;
  sertifikat_sidik_jari: string;
  berlaku_sampai: string;
}

/** School levels a delegation may name (SPEC's levels and SLB, which provincial offices manage). */
export const JENJANG_DELEGASI = ['TK', 'SD', 'SMP', 'SMA', 'SMK', 'SLB'] as const;

/** Public answer of GET api/dokumen/{kode}. */
export interface DokumenInfo {
  kode_dokumen: string;
  jenis: string;
  nomor: string;
  status: SuratStatus;
  nama_guru: string;
  /** NIP with the middle digits hidden. */
  nip_guru: string;
  tmt: string;
  penandatangan: { nama: string; jabatan: string } | null;
  ditandatangani_pada: string | null;
  sha256: string;
  /** Cancelled letters say so, publicly: when and why. */
  dibatalkan_pada: string | null;
  alasan_batal: string | null;
}

export const KGB_MSG = {
  verified: 'Surat KGB berhasil diverifikasi',
  signed: 'Surat KGB berhasil ditandatangani',
  notPns: 'Guru ini tidak mengikuti KGB (hanya guru PNS, CPNS dan PPPK)',
  incomplete: 'TMT KGB berikutnya tidak dapat dihitung: riwayat KGB tanpa TMT dan NIP tidak memuat TMT CPNS',
  noDecree: 'Belum ada SK KGB atau SK kenaikan pangkat yang terverifikasi di riwayat guru ini. Tambahkan di tab Riwayat KGB atau Kepangkatan, lalu verifikasi.',
  retiresFirst: (pensiun: string, tmt: string) => `Guru pensiun (BUP) pada ${pensiun}, sebelum TMT KGB ${tmt}: tidak ada KGB`,
  topOfScale: (golongan: string, mkg: number) => `Gaji pokok sudah di puncak skala golongan ${golongan} (MKG ${mkg} tahun): tidak ada kenaikan gaji berkala lagi`,
  noSalary: (golongan: string, tmt: string) => `Tabel gaji pokok golongan ${golongan} yang berlaku pada TMT ${tmt} belum tersedia`,
  notDue: (from: string) => `Guru belum memasuki masa KGB (surat dapat dibuat mulai ${from})`,
  alreadyVerified: 'Surat KGB untuk TMT ini sudah diverifikasi',
  notVerified: 'Surat KGB belum diverifikasi; verifikasi dulu sebelum ditandatangani',
  alreadySigned: 'Surat KGB ini sudah atau sedang ditandatangani',
  wrongPassphrase: 'Passphrase salah. Tanda tangan tidak dibuat.',
  noOfficial: 'Belum ada pejabat penandatangan yang aktif. Daftarkan di menu Pejabat Penandatangan.',
  throttled: (minutes: number) => `Terlalu banyak passphrase salah. Coba lagi dalam ${minutes} menit.`,
  noLetter: 'Belum ada surat KGB untuk guru ini',
  documentNotFound: 'Dokumen dengan kode ini tidak ditemukan',
  documentThrottled: (minutes: number) => `Terlalu banyak kode dokumen yang salah dari alamat ini. Coba lagi dalam ${minutes} menit.`,
  copyTooLarge: 'Ukuran salinan surat maksimal 2 MB',
  copyChecksThrottled: (minutes: number) => `Terlalu banyak pemeriksaan salinan dari alamat ini. Coba lagi dalam ${minutes} menit.`,
  officialCreated: 'Pejabat penandatangan berhasil didaftarkan',
  officialActivated: 'Pejabat penandatangan aktif diganti',
  passphraseMismatch: 'Konfirmasi passphrase tidak sama',
  passphraseShort: `Passphrase minimal ${8} karakter`,
  p12Invalid: 'Berkas PKCS#12 tidak dapat dibuka dengan passphrase ini',
  settingsSaved: 'Pengaturan surat KGB disimpan',
  cancelled: 'Surat KGB dibatalkan',
  postponed: 'KGB ditunda',
  postponementDeleted: 'Penundaan KGB dihapus',
  postponementNotFound: 'Penundaan KGB tidak ditemukan',
  postponementLetterExists: 'Sudah ada surat KGB untuk TMT ini; batalkan surat itu lebih dulu',
  postponementTwice: 'KGB untuk TMT ini sudah ditunda',
  postponementOnlyLatest: 'Hanya penundaan terakhir yang masih berlaku yang dapat dihapus',
  notCancellable: 'Hanya surat yang sudah diverifikasi atau ditandatangani yang dapat dibatalkan',
  alreadyCancelled: 'Surat KGB ini sudah dibatalkan',
  delegationSaved: 'Delegasi penandatanganan disimpan',
  delegationRemoved: 'Delegasi penandatanganan dihapus',
} as const;
