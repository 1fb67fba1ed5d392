import { z } from 'zod';
import { pageParam } from './paging.ts';
import { optionalNumber, optionalText, requiredDate, requiredEnum, requiredId, requiredText, isRealDate } from './fields.ts';
import { JENIS_KELAMIN } from './nip.ts';
import { asnProblems } from './asn.ts';
import { FILTER_BP, STATUS_NIKAH, SERTIFIKASI } from './guru-values.ts';
export { GURU_PAGE_SIZE, FILTER_BP, STATUS_NIKAH, SERTIFIKASI, VERIFIKASI_BELUM, VERIFIKASI_SUDAH } from './guru-values.ts';

/** GET /api/guru/?bp&jenis_guru&page. */
export const guruListQuery = z.object({
  bp: z.preprocess((v) => (v === undefined || v === null ? '' : String(v).trim().toUpperCase()), z.enum(['', ...FILTER_BP], { error: 'bp harus TK, SD, SMP, SMA, SMK atau kosong' })),
  jenis_guru: z.string().trim().max(50, 'jenis_guru tidak valid').default(''),
  page: pageParam,
});

/** GET api/guru/cari?guru: name or NIP, at least 3 characters. */
export const guruSearchQuery = z.object({
  guru: z.string({ error: 'Kata kunci pencarian tidak boleh Kosong' }).trim().min(1, 'Kata kunci pencarian tidak boleh Kosong').max(100, 'Kata kunci pencarian terlalu panjang'),
  page: pageParam,
});

/** A row of the teacher list (SPEC §2): no NIK, salary or home address in lists. */
export interface GuruRow {
  id: number;
  nip: string | null;
  nama: string;
  gelar_depan: string | null;
  gelar_belakang: string | null;
  jenis_kelamin: string;
  tempat_lahir: string | null;
  tgl_lahir: string;
  golongan: string | null;
  pangkat: string | null;
  jabatan: string | null;
  status_guru: string | null;
  verifikasi: number;
  sekolah_id: number | null;
  sekolah: { id: number; npsn: string; nama_sekolah: string } | null;
  /** Last education level (SPEC: tingkatpendidikan.print_tingpend). */
  tingkatpendidikan: { print_tingpend: string } | null;
  pendidikan_terakhir: string | null;
}

/** SPEC §3 Guru, as GET /api/guru/{id} answers it (with the computed, read-only dates). */
export interface Guru extends GuruRow {
  nik: string | null;
  nuptk: string | null;
  status_nikah: string | null;
  goldar: string | null;
  no_hp: string | null;
  email: string | null;
  instagram: string | null;
  hobi: string | null;
  id_jabatan: number | null;
  detailjabatan: { id: number; nama: string } | null;
  sertifikasi: string | null;
  mapel_1: string | null;
  mapel_2: string | null;
  gaji_pokok: number | null;
  gaji_pokok_lama: number | null;
  no_karpeg: string | null;
  mkg_tahun: number | null;
  mkg_bulan: number | null;
  tgl_kgb_terakhir: string | null;
  alamat_domisili: string | null;
  kode_wilayah: string | null;
  dusun_kel: string | null;
  desa_kec: string | null;
  kota_asal: string | null;
  provinsi: string | null;
  foto: string | null;
  link_foto: string | null;
  /** Raised by every change of the teacher; send it back with an edit (see guruUpdateBody). */
  versi: number;
  /** Retirement date (BUP): first day of the month after the retirement-age birthday. */
  tgl_pensiun: string;
  /** Next KGB date (TMT) for PNS teachers with a last KGB date, else null. */
  tgl_kgb_berikutnya: string | null;
  /** Employment life cycle (issue 22.4). */
  status_kepegawaian: StatusKepegawaianInfo;
}

/** Employment states (issue 22.4): only active teachers are due for KGB, counted and forecast. */
export const STATUS_KEPEGAWAIAN = {
  aktif: 'Aktif',
  pensiun: 'Pensiun',
  mutasi: 'Mutasi keluar',
  berhenti: 'Berhenti',
  wafat: 'Meninggal dunia',
} as const;
export type StatusKepegawaian = keyof typeof STATUS_KEPEGAWAIAN;
export const STATUS_KEPEGAWAIAN_KODE = Object.keys(STATUS_KEPEGAWAIAN) as [StatusKepegawaian, ...StatusKepegawaian[]];

export interface StatusKepegawaianInfo {
  kode: StatusKepegawaian;
  label: string;
  /** Since when (for aktif: null). */
  tanggal: string | null;
  keterangan: string | null;
  /** Retired by age (BUP) while the record still says aktif: a civil servant past the BUP date. */
  otomatis: boolean;
}

/** PUT api/guru/{id}/status-kepegawaian (administrators). */
export const statusKepegawaianBody = z
  .object({
    status: requiredEnum(STATUS_KEPEGAWAIAN_KODE, 'Status kepegawaian tidak boleh Kosong', 'Status kepegawaian'),
    tanggal: optionalText(10, 'Tanggal status').refine((v) => v == null || isRealDate(v), 'Tanggal status harus tanggal yang valid (YYYY-MM-DD)'),
    keterangan: optionalText(500, 'Keterangan'),
  })
  .superRefine((b, ctx) => {
    if (b.status !== 'aktif' && !b.tanggal) ctx.addIssue({ code: 'custom', path: ['tanggal'], message: 'Tanggal status tidak boleh Kosong' });
  });

const digitsField = (label: string, n: number) =>
  optionalText(n, label).refine((v) => v == null || new RegExp(`^\\d{${n}}$`).test(v), `${label} harus ${n} digit angka`);

/**
 * POST /api/guru (multipart with `foto`). SPEC §5 order: nama, tanggal lahir, nip, Jenis Kelamin,
 * golongan, jabatan, foto, sekolah. NIP and golongan are required for PNS teachers (the default
 * when `status_guru` is not sent); other teachers may have neither (DOMAIN.md).
 */
export const guruCreateFields = z.object({
  nama: requiredText('nama tidak boleh Kosong', 150, 'Nama'),
  tgl_lahir: requiredDate('tanggal lahir tidak boleh Kosong', 'Tanggal lahir', { notFuture: true, minYear: 1940 }),
  nip: optionalText(18, 'NIP'),
  jenis_kelamin: requiredEnum(JENIS_KELAMIN, 'Jenis Kelamin tidak boleh Kosong', 'Jenis kelamin'),
  golongan: optionalText(10, 'Golongan'),
  id_jabatan: requiredId('jabatan tidak boleh Kosong', 'Jabatan'),
  sekolah_id: requiredId('sekolah tidak boleh Kosong', 'Sekolah'),
  status_guru: optionalText(50, 'Jenis guru'),
});
export type GuruCreateFields = z.infer<typeof guruCreateFields>;
export const GURU_FOTO_EMPTY = 'foto tidak boleh Kosong';
const CREATE_ORDER = ['nama', 'tgl_lahir', 'nip', 'jenis_kelamin', 'golongan', 'id_jabatan', 'foto', 'sekolah_id', 'status_guru'];

/**
 * Checks the add-teacher form in SPEC order, including the photo and the PNS-only rules; answers
 * the clean fields or every field's first message (first failing field first).
 */
export function checkGuruCreate(input: Record<string, unknown>, hasFoto: boolean): { values?: GuruCreateFields; errors: Record<string, string> } {
  const found: Record<string, string> = {};
  const result = guruCreateFields.safeParse(input);
  if (!result.success) for (const issue of result.error.issues) found[String(issue.path[0])] ??= issue.message;
  const text = (v: unknown) => (typeof v === 'string' ? v : null);
  const asn = asnProblems({ status_guru: text(input.status_guru), nip: text(input.nip), golongan: text(input.golongan), tgl_lahir: result.data?.tgl_lahir, jenis_kelamin: result.data?.jenis_kelamin });
  if (asn.nip) found.nip ??= asn.nip;
  if (asn.golongan) found.golongan ??= asn.golongan;
  if (!hasFoto) found.foto = GURU_FOTO_EMPTY;
  const errors: Record<string, string> = {};
  for (const key of CREATE_ORDER) if (found[key]) errors[key] = found[key];
  return Object.keys(errors).length || !result.success ? { errors } : { values: result.data, errors };
}

/** PUT /api/guru/{id}: every field of SPEC §3 plus kode_wilayah. */
export const guruUpdateBody = z.object({
  nama: requiredText('nama tidak boleh Kosong', 150, 'Nama'),
  tgl_lahir: requiredDate('tanggal lahir tidak boleh Kosong', 'Tanggal lahir', { notFuture: true, minYear: 1940 }),
  nip: optionalText(18, 'NIP'),
  jenis_kelamin: requiredEnum(JENIS_KELAMIN, 'Jenis Kelamin tidak boleh Kosong', 'Jenis kelamin'),
  golongan: optionalText(10, 'Golongan'),
  id_jabatan: requiredId('jabatan tidak boleh Kosong', 'Jabatan'),
  sekolah_id: requiredId('sekolah tidak boleh Kosong', 'Sekolah'),
  gelar_depan: optionalText(30, 'Gelar depan'),
  gelar_belakang: optionalText(50, 'Gelar belakang'),
  tempat_lahir: optionalText(100, 'Tempat lahir'),
  nik: digitsField('NIK', 16),
  nuptk: digitsField('NUPTK', 16),
  status_nikah: optionalText(10, 'Status nikah').refine((v) => v == null || (STATUS_NIKAH as readonly string[]).includes(v), 'Status nikah harus Single atau Nikah'),
  goldar: optionalText(5, 'Golongan darah'),
  no_hp: optionalText(15, 'Nomor HP').refine((v) => v == null || /^(\+62|0)8\d{7,11}$/.test(v), 'Nomor HP tidak valid (contoh: 081234567890)'),
  email: optionalText(200, 'Email').refine((v) => v == null || z.email().safeParse(v).success, 'Email tidak valid'),
  instagram: optionalText(60, 'Instagram').refine((v) => v == null || /^@?[A-Za-z0-9._]{1,30}$/.test(v), 'Nama pengguna Instagram tidak valid'),
  hobi: optionalText(200, 'Hobi'),
  status_guru: optionalText(50, 'Jenis guru'),
  pendidikan_terakhir: optionalText(20, 'Pendidikan terakhir'),
  sertifikasi: optionalText(5, 'Sertifikasi').refine((v) => v == null || (SERTIFIKASI as readonly string[]).includes(v), 'Sertifikasi harus Ya atau Tidak'),
  mapel_1: optionalText(100, 'Mata pelajaran 1'),
  mapel_2: optionalText(100, 'Mata pelajaran 2'),
  gaji_pokok: optionalNumber({ label: 'Gaji pokok', min: 0, max: 100_000_000, int: true }),
  gaji_pokok_lama: optionalNumber({ label: 'Gaji pokok lama', min: 0, max: 100_000_000, int: true }),
  no_karpeg: optionalText(30, 'Nomor karpeg'),
  mkg_tahun: optionalNumber({ label: 'MKG tahun', min: 0, max: 45, int: true }),
  mkg_bulan: optionalNumber({ label: 'MKG bulan', min: 0, max: 11, int: true }),
  tgl_kgb_terakhir: optionalText(10, 'Tanggal KGB terakhir')
    .refine((v) => v == null || isRealDate(v), 'Tanggal KGB terakhir harus tanggal yang valid (YYYY-MM-DD)')
    .refine((v) => v == null || v.endsWith('-01'), 'Tanggal KGB terakhir (TMT) harus tanggal 1: TMT selalu awal bulan'),
  alamat_domisili: optionalText(500, 'Alamat domisili'),
  kode_wilayah: optionalText(13, 'Kode wilayah').refine((v) => v == null || /^\d{2}\.\d{2}\.\d{2}\.\d{4}$/.test(v), 'Pilih wilayah sampai kelurahan/desa'),
  /**
   * The `versi` of the detail the form was filled from: when the teacher changed since (another
   * user, a signed KGB), the edit is refused with 409 instead of overwriting that change.
   */
  versi: z.coerce.number({ error: 'versi harus berupa angka' }).int('versi harus berupa angka').min(1, 'versi tidak valid').max(2_147_483_647, 'versi tidak valid').optional(),
});
export type GuruUpdateBody = z.infer<typeof guruUpdateBody>;
