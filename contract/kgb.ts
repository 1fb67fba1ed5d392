import { z } from 'zod';
import { pageParam } from './paging.ts';
import { bentukPendidikanParam, cariParam } from './list-query.ts';

/** GET api/kgb?page&cari&bentuk_pendidikan: the due list. */
export const kgbListQuery = z.object({
  page: pageParam,
  cari: cariParam,
  bentuk_pendidikan: bentukPendidikanParam,
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
  /** Whether a letter can be made from the teacher's record now. */
  siap: boolean;
  /** What is missing when not ready (no verified decree, top of the scale, …), to show with a way to fix it. */
  belum_siap: string | null;
  /** What the letter would rest on without a look: an unverified profile, an implausible record. Signing asks for it. */
  peringatan: string[];
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
  /** How the letter was signed: the office's own key or BSrE (certified); null while unsigned. */
  ditandatangani_melalui?: JenisPenandatangan | null;
  /** A cancelled letter: when and why. */
  dibatalkan_pada: string | null;
  alasan_batal: string | null;
  /** On the teacher's sign page: unverified or implausible data behind the letter (signing asks for it). */
  peringatan?: string[];
}

/** A written reason for a decision on a letter (cancelling, postponing): 10 to 500 characters. */
export const ALASAN_MIN = 10;
export const ALASAN_MAX = 500;
/** A postponement of a teacher's KGB (penundaan, PP 7/1977, postponement article). */
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

/** GET api/kgb/{id}/pdf: the letter to show for a teacher's current KGB. */
export interface KgbPdf {
  pdfLink: string;
  status: SuratStatus;
  surat: SuratKgb | null;
  rencana: {
    tmt: string;
    gaji_lama: number | null;
    gaji_baru: number;
    mkg_baru: { tahun: number; bulan: number };
    golongan: string;
    regulasi: string;
  };
  /** Unverified or implausible data behind the letter (see KgbDueItem.peringatan). */
  peringatan: string[];
  /** A verified rating below Baik in the years the increase covers (see KgbDueItem.catatan_skp). */
  catatan_skp?: string | null;
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
  /** 'cancelled' for a letter signed and later cancelled (asked for with status=cancelled or semua). */
  status?: 'signed' | 'cancelled';
}

/**
 * GET api/arsip/kgb: signed letters, newest first; found by name or NIP (`cari`), TMT month
 * (`bulan`, YYYY-MM), school (`npsn`) and state (`status`: signed, the default; cancelled, signed
 * and later cancelled; semua, both).
 */
export const ARSIP_STATUS = ['signed', 'cancelled', 'semua'] as const;
export const arsipQuery = z.object({
  page: pageParam,
  cari: cariParam,
  bulan: z.preprocess(
    (v) => (v === undefined || v === null ? '' : String(v).trim()),
    z.union([z.literal(''), z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'bulan harus YYYY-MM')]),
  ),
  npsn: z.preprocess(
    (v) => (v === undefined || v === null ? '' : String(v).trim().toUpperCase()),
    z.union([z.literal(''), z.string().regex(/^[0-9A-Z]{8}$/, 'npsn harus 8 karakter')]),
  ),
  status: z.preprocess(
    (v) => (v === undefined || v === null || v === '' ? 'signed' : String(v).trim()),
    z.enum(ARSIP_STATUS, { error: 'status harus signed, cancelled atau semua' }),
  ),
});
export type ArsipFilter = z.output<typeof arsipQuery>;

/**
 * The letter's own settings (editable by administrators: api/pengaturan/kgb). The letterhead, the
 * place and the authority come from the office profile (contract/kantor.ts).
 */
export interface LetterSettings {
  /** "Surat Pemberitahuan KGB" to the payroll office, or the "Keputusan (SK) KGB". */
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

/**
 * What unlocks a signature: the official's passphrase, or (BSrE only) a one-time code (TOTP) from
 * the official's BeSign app instead. Neither is ever stored or logged.
 */
export const signatureSecretFields = {
  passphrase: z.string({ error: 'Passphrase tidak boleh Kosong' }).max(200, 'Passphrase terlalu panjang').optional(),
  totp: z
    .string({ error: 'Kode TOTP harus 6 digit angka' })
    .trim()
    .regex(/^\d{6}$/, 'Kode TOTP harus 6 digit angka')
    .optional(),
};

/** One of the two, passphrase first (SPEC's sign call sends only the passphrase). */
export function oneSignatureSecret(
  v: { passphrase?: string | undefined; totp?: string | undefined },
  ctx: z.RefinementCtx,
): void {
  if (!v.passphrase && !v.totp)
    ctx.addIssue({ code: 'custom', path: ['passphrase'], message: 'Passphrase tidak boleh Kosong' });
  else if (v.passphrase && v.totp)
    ctx.addIssue({ code: 'custom', path: ['totp'], message: 'Isi passphrase atau kode TOTP, tidak keduanya' });
}

/** POST api/kgb/{id}/signature. */
export const signatureBody = z.object(signatureSecretFields).superRefine(oneSignatureSecret);

/** Signing a letter: with `terima_data_belum_diverifikasi`, the official accepts the data the due list warns of. */
export const signLetterBody = z
  .object({ ...signatureSecretFields, terima_data_belum_diverifikasi: z.boolean().optional() })
  .superRefine(oneSignatureSecret);

export const PASSPHRASE_MIN_LENGTH = 8;

export const NIK_TIDAK_VALID =
  'NIK tidak valid: digit 1–2 kode provinsi, digit 7–12 tanggal lahir (tanggal ditambah 40 bagi perempuan), bulan dan tahun lahir';

/**
 * A NIK's structure (docs/domain/tanda-tangan.md): 16 digits, a province code (11–96), the region,
 * the birth date as DDMMYY with 40 added to the day for women, and a sequence that is not 0000.
 */
export function nikValid(nik: string): boolean {
  if (!/^\d{16}$/.test(nik)) return false;
  const provinsi = Number(nik.slice(0, 2));
  let hari = Number(nik.slice(6, 8));
  const bulan = Number(nik.slice(8, 10));
  if (hari > 40) hari -= 40;
  return (
    provinsi >= 11 && provinsi <= 96 && hari >= 1 && hari <= 31 && bulan >= 1 && bulan <= 12 && nik.slice(12) !== '0000'
  );
}

/** POST api/pejabat (multipart; `p12` file optional: without it the server creates the key). */
export const pejabatFields = z.object({
  nama: z
    .string({ error: 'Nama pejabat tidak boleh Kosong' })
    .trim()
    .min(1, 'Nama pejabat tidak boleh Kosong')
    .max(150, 'Nama maksimal 150 karakter'),
  nip: z
    .string({ error: 'NIP pejabat tidak boleh Kosong' })
    .trim()
    .min(1, 'NIP pejabat tidak boleh Kosong')
    .regex(/^\d{18}$/, 'NIP harus 18 digit angka'),
  jabatan: z
    .string({ error: 'Jabatan tidak boleh Kosong' })
    .trim()
    .min(1, 'Jabatan tidak boleh Kosong')
    .max(150, 'Jabatan maksimal 150 karakter'),
  pangkat: z.string().trim().max(100, 'Pangkat maksimal 100 karakter').optional(),
  /** Required when Sidasek signs through BSrE (the server checks it): BSrE knows the official by it. */
  nik: z
    .string()
    .trim()
    .regex(/^(\d{16})?$/, 'NIK harus 16 digit angka')
    .refine((v) => !v || nikValid(v), NIK_TIDAK_VALID)
    .optional(),
  /** The key's passphrase (a .p12 official); absent for a BSrE official, whose passphrase BSrE keeps. */
  passphrase: z.string().max(200, 'Passphrase terlalu panjang').optional(),
  konfirmasi_passphrase: z.string().optional(),
});

/** How an official signs: the office's own PKCS#12 key, or BSrE's certified signature (by NIK). */
export type JenisPenandatangan = 'p12' | 'bsre';

export interface Pejabat {
  id: number;
  nama: string;
  nip: string;
  jabatan: string;
  pangkat: string | null;
  aktif: boolean;
  /** The teachers this official signs for instead of the active one, or null. */
  delegasi: { golongan: string[]; jenjang: string[] } | null;
  jenis: JenisPenandatangan;
  /** A BSrE official: whether a NIK is registered (the NIK itself is never sent). */
  nik_terdaftar: boolean;
  /** The local certificate (a .p12 official); null for a BSrE official. */
  sertifikat_subjek: string | null;
  sertifikat_sidik_jari: string | null;
  berlaku_sampai: string | null;
}

/** GET api/pejabat/status: the certificate of each BSrE official as BSrE reports it now. */
export interface StatusSertifikat {
  pejabat_id: number;
  /** BSrE's status (ISSUE, EXPIRED, REVOKE, SUSPEND, NOT_REGISTERED, NO_CERTIFICATE, …), or null when BSrE did not answer. */
  status: string | null;
  dapat_menandatangani: boolean;
  keterangan: string;
}

/** The certificate statuses BSrE reports, as the office reads them. */
export function keteranganStatusBsre(status: string | null): { dapat: boolean; teks: string } {
  switch (status) {
    case 'ISSUE':
      return { dapat: true, teks: 'Sertifikat aktif: dapat menandatangani' };
    case 'EXPIRED':
      return { dapat: false, teks: 'Sertifikat kedaluwarsa: perpanjang di portal BSrE' };
    case 'REVOKE':
    case 'REVOKED':
      return { dapat: false, teks: 'Sertifikat dicabut: ajukan sertifikat baru ke BSrE' };
    case 'SUSPEND':
    case 'SUSPENDED':
      return { dapat: false, teks: 'Sertifikat dibekukan sementara oleh BSrE' };
    case 'NOT_REGISTERED':
      return { dapat: false, teks: 'NIK belum terdaftar di BSrE' };
    case 'NO_CERTIFICATE':
      return { dapat: false, teks: 'Belum memiliki sertifikat elektronik di BSrE' };
    case null:
      return { dapat: false, teks: 'Status tidak dapat diperiksa: layanan BSrE tidak menjawab' };
    default:
      return { dapat: false, teks: `Status sertifikat ${status}: belum dapat menandatangani` };
  }
}

/** School levels a delegation may name (SPEC's levels and SLB, which provincial offices manage). */
export const JENJANG_DELEGASI = ['TK', 'SD', 'SMP', 'SMA', 'SMK', 'SLB'] as const;

/** Public answer of GET api/dokumen/{kode}. */
export interface DokumenInfo {
  /**
   * What verification found (Permenkominfo 11/2022 asks a verification service to show the signer,
   * the time, integrity and the certificate's status; docs/domain/tanda-tangan.md): for a letter
   * signed through BSrE, BSrE's verification of the stored file; for the office's own key, the
   * local facts. Null for a letter not signed.
   */
  verifikasi: VerifikasiTtd | null;
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
  /** The issuing office ("Dinas Pendidikan dan Kebudayaan Provinsi Maluku Utara"). */
  instansi: string;
  /** What a reader compares with a paper copy: golongan, new salary and TMT as the letter states them. */
  golongan: string;
  gaji_baru: number;
  /** Times as the letter prints them: the office's date and time with its zone ("27 November 2026 12.43 WIT"). */
  ditandatangani_pada_teks: string | null;
  dibatalkan_pada_teks: string | null;
  /** A cancelled letter points to the letter that replaced it; a replacement to the one it replaced. */
  pengganti: { nomor: string; kode_dokumen: string } | null;
  menggantikan: { nomor: string; kode_dokumen: string } | null;
}

export interface VerifikasiTtd {
  /** 'bsre': certified (BSrE); 'p12': the office's own key (uncertified). */
  jenis: JenisPenandatangan;
  /** The signer named in the certificate (BSrE) or the registered official. */
  penandatangan: string | null;
  /** When it was signed (ISO time; the page shows it in the office's zone with its label). */
  waktu: string | null;
  /** The office's time zone (IANA), for showing `waktu`. */
  zona: string;
  /** The signed file is unchanged since signing (BSrE: integrityValid; local: the stored SHA-256). */
  utuh: boolean | null;
  /** The certificate chains to a recognised authority (BSrE: certificateTrusted); false for a local key. */
  sertifikat_terpercaya: boolean | null;
  /** BSrE's conclusion (VALID, INVALID …) or null when BSrE was not asked or did not answer. */
  kesimpulan: string | null;
  /** Certificate issuer and validity, when BSrE reports them. */
  penerbit: string | null;
  berlaku_sampai: string | null;
  /** Why BSrE's verification is missing (service unreachable), else null. */
  catatan: string | null;
}

export const BSRE_MSG = {
  wrongTotp: 'Kode TOTP salah atau sudah kedaluwarsa. Tanda tangan tidak dibuat.',
  nikNotRegistered:
    'NIK pejabat belum terdaftar di BSrE. Surat belum ditandatangani; daftarkan pejabat di BSrE lebih dulu.',
  noCertificate: 'Pejabat belum memiliki sertifikat elektronik aktif di BSrE. Surat belum ditandatangani.',
  expired:
    'Sertifikat elektronik pejabat di BSrE sudah kedaluwarsa. Surat belum ditandatangani; perpanjang sertifikat di portal BSrE, lalu tandatangani lagi.',
  revoked:
    'Sertifikat elektronik pejabat sudah dicabut oleh BSrE. Surat belum ditandatangani; ajukan sertifikat baru ke BSrE.',
  suspended: 'Sertifikat elektronik pejabat sedang dibekukan oleh BSrE. Surat belum ditandatangani.',
  unreachable:
    'Layanan tanda tangan BSrE (Esign Client Service kantor) tidak dapat dihubungi. Surat belum ditandatangani; coba lagi setelah layanan berjalan.',
  timeout: (detik: number) =>
    `Layanan tanda tangan BSrE tidak menjawab dalam ${detik} detik. Surat belum ditandatangani dan dapat ditandatangani lagi.`,
  dropped:
    'Sambungan ke layanan tanda tangan BSrE terputus sebelum jawabannya diterima. Surat belum ditandatangani dan dapat ditandatangani lagi.',
  auth: 'Esign Client Service menolak akun aplikasi Sidasek (BSRE_USERNAME/BSRE_PASSWORD). Surat belum ditandatangani; hubungi pengelola server.',
  rejected: (kode: number | null) =>
    `BSrE menolak permintaan tanda tangan${kode != null ? ` (kode ${kode})` : ''}. Surat belum ditandatangani.`,
  notConfigured:
    'Pejabat ini menandatangani melalui BSrE, tetapi Sidasek belum terhubung ke Esign Client Service (SIGNER=bsre).',
  totpOnlyBsre:
    'Kode TOTP hanya dipakai untuk tanda tangan melalui BSrE; masukkan passphrase kunci tanda tangan pejabat.',
  nikRequired: 'NIK pejabat tidak boleh Kosong (tanda tangan melalui BSrE)',
  /** The office's seal (segel elektronik) on the nominative list and the cancellation notice. */
  sealTotpRequired:
    'Dokumen ini disegel dengan segel elektronik kantor: isi kode TOTP segel (kode aktivasi segel kantor dari BSrE), bukan passphrase pejabat.',
  wrongSealTotp:
    'Kode TOTP segel salah atau sudah kedaluwarsa. Dokumen belum disegel; minta kode aktivasi segel yang baru dari BSrE bila perlu.',
  sealUnknown:
    'Segel elektronik kantor tidak dikenal oleh BSrE (periksa BSRE_SEAL_ID_SUBSCRIBER pada konfigurasi server). Dokumen belum disegel.',
  sealNotConfigured: 'Segel elektronik kantor belum dikonfigurasi (SIGNER=bsre dan BSRE_SEAL_ID_SUBSCRIBER).',
  stopped: (pesan: string) =>
    `Proses dihentikan: ${pesan} Surat yang tersisa belum ditandatangani; jalankan lagi untuk melanjutkan.`,
} as const;

export const KGB_MSG = {
  verified: 'Surat KGB berhasil diverifikasi',
  signed: 'Surat KGB berhasil ditandatangani',
  notPns: 'Guru ini tidak mengikuti KGB (hanya guru PNS, CPNS dan PPPK)',
  incomplete: 'TMT KGB berikutnya tidak dapat dihitung: riwayat KGB tanpa TMT dan NIP tidak memuat TMT CPNS',
  noDecree:
    'Belum ada SK KGB atau SK kenaikan pangkat yang terverifikasi di riwayat guru ini. Tambahkan di tab Riwayat KGB atau Kepangkatan, lalu verifikasi.',
  retiresFirst: (pensiun: string, tmt: string) =>
    `Guru pensiun (BUP) pada ${pensiun}, sebelum TMT KGB ${tmt}: tidak ada KGB`,
  topOfScale: (golongan: string, mkg: number) =>
    `Gaji pokok sudah di puncak skala golongan ${golongan} (MKG ${mkg} tahun): tidak ada kenaikan gaji berkala lagi`,
  noSalary: (golongan: string, tmt: string) =>
    `Tabel gaji pokok golongan ${golongan} yang berlaku pada TMT ${tmt} belum tersedia`,
  unverifiedData: (items: string[]) =>
    `Data surat ini belum diverifikasi: ${items.join('; ')}. Verifikasi datanya dahulu, atau nyatakan menerima data tersebut saat menandatangani.`,
  noCancellationNotice: 'Pemberitahuan pembatalan hanya untuk surat yang sudah ditandatangani lalu dibatalkan',
  noRaise: (lama: string, baru: string, tmt: string) =>
    `Gaji pokok baru (${baru}) tidak lebih tinggi dari gaji pokok yang dibayarkan sebelum TMT ${tmt} (${lama}): periksa golongan, MKG dan gaji pada SK terakhir di riwayat guru`,
  notDue: (from: string) => `Guru belum memasuki masa KGB (surat dapat dibuat mulai ${from})`,
  alreadyVerified: 'Surat KGB untuk TMT ini sudah diverifikasi',
  notVerified: 'Surat KGB belum diverifikasi; verifikasi dulu sebelum ditandatangani',
  alreadySigned: 'Surat KGB ini sudah atau sedang ditandatangani',
  wrongPassphrase: 'Passphrase salah. Tanda tangan tidak dibuat.',
  noOfficial: 'Belum ada pejabat penandatangan yang aktif. Daftarkan di menu Pejabat Penandatangan.',
  throttled: (minutes: number) => `Terlalu banyak passphrase salah. Coba lagi dalam ${minutes} menit.`,
  noLetter: 'Belum ada surat KGB untuk guru ini',
  documentNotFound: 'Dokumen dengan kode ini tidak ditemukan',
  documentThrottled: (minutes: number) =>
    `Terlalu banyak kode dokumen yang salah dari alamat ini. Coba lagi dalam ${minutes} menit.`,
  copyTooLarge: 'Ukuran salinan surat maksimal 2 MB',
  copyChecksThrottled: (minutes: number) =>
    `Terlalu banyak pemeriksaan salinan dari alamat ini. Coba lagi dalam ${minutes} menit.`,
  officialCreated: 'Pejabat penandatangan berhasil didaftarkan',
  officialActivated: 'Pejabat penandatangan aktif diganti',
  passphraseMismatch: 'Konfirmasi passphrase tidak sama',
  passphraseShort: `Passphrase minimal ${8} karakter`,
  p12Invalid: 'Berkas PKCS#12 tidak dapat dibuka dengan passphrase ini',
  p12TooComplex:
    'Berkas PKCS#12 ini meminta terlalu banyak iterasi kunci untuk dibuka; ekspor ulang kuncinya dengan pengaturan biasa',
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
