import { z } from 'zod';
import { pageParam } from './paging.ts';
import {
  catalogueEmail,
  catalogueEnum,
  catalogueText,
  optionalNumber,
  optionalText,
  requiredDate,
  requiredEnum,
  requiredId,
  isRealDate,
  textMust,
} from './fields.ts';
import { asnProblems } from './asn.ts';
import { FILTER_BP } from './guru-values.ts';
import {
  GURU_BODY_FIELDS,
  GURU_CREATE_FIELDS,
  guruField,
  noun,
  type GuruCreateValues,
  type GuruField,
  type GuruFieldValues,
  type GuruListedValues,
} from './guru-fields.ts';
export {
  GURU_PAGE_SIZE,
  FILTER_BP,
  STATUS_NIKAH,
  SERTIFIKASI,
  VERIFIKASI_BELUM,
  VERIFIKASI_SUDAH,
} from './guru-values.ts';

/** GET /api/guru/?bp&jenis_guru&page. */
export const guruListQuery = z.object({
  bp: z.preprocess(
    (v) => (v === undefined || v === null ? '' : String(v).trim().toUpperCase()),
    z.enum(['', ...FILTER_BP], { error: 'bp harus TK, SD, SMP, SMA, SMK, SLB atau kosong' }),
  ),
  jenis_guru: z.string().trim().max(50, 'jenis_guru tidak valid').default(''),
  page: pageParam,
});

/** GET api/guru/cari?guru: name or NIP, at least 3 characters. */
export const guruSearchQuery = z.object({
  guru: z
    .string({ error: 'Kata kunci pencarian tidak boleh Kosong' })
    .trim()
    .min(1, 'Kata kunci pencarian tidak boleh Kosong')
    .max(100, 'Kata kunci pencarian terlalu panjang'),
  page: pageParam,
});

/** A row of the teacher list (SPEC §2): no NIK, salary or home address in lists. */
export interface GuruRow extends GuruListedValues {
  id: number;
  pangkat: string | null;
  jabatan: string | null;
  verifikasi: number;
  sekolah: { id: number; npsn: string; nama_sekolah: string } | null;
  /** Last education level (SPEC: tingkatpendidikan.print_tingpend). */
  tingkatpendidikan: { print_tingpend: string } | null;
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
  /** A signed KGB still ahead: the new salary and its TMT (gaji_pokok is what is paid until then). */
  gaji_pokok_berikutnya?: { gaji: number; tmt: string } | null;
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
  /** Employment life cycle. */
  status_kepegawaian: StatusKepegawaianInfo;
}

/** Employment states: only active teachers are due for KGB, counted and forecast. */
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
    tanggal: optionalText(10, 'Tanggal status').refine(
      (v) => v == null || isRealDate(v),
      'Tanggal status harus tanggal yang valid (YYYY-MM-DD)',
    ),
    keterangan: optionalText(500, 'Keterangan'),
  })
  .superRefine((b, ctx) => {
    if (b.status !== 'aktif' && !b.tanggal)
      ctx.addIssue({ code: 'custom', path: ['tanggal'], message: 'Tanggal status tidak boleh Kosong' });
  });

/** The zod rule of one catalogue field (guru-fields.ts): the same messages on every path. */
function fieldSchema(f: GuruField): z.ZodType {
  const label = noun(f.label);
  switch (f.type) {
    case 'int':
    case 'rupiah':
      return optionalNumber({ label, min: f.min, max: f.max, int: true });
    case 'sekolah':
      return requiredId(f.required!, label);
    case 'master':
      if (f.master!.by === 'id') return requiredId(f.required!, label);
      break;
    case 'date':
      if (f.required) return requiredDate(f.required, label, f.date);
      return textMust(
        textMust(optionalText(10, label), isRealDate, `${label} harus tanggal yang valid (YYYY-MM-DD)`),
        (v) => !f.date?.firstOfMonth || v.endsWith('-01'),
        f.date?.firstOfMonth ?? '',
      );
    case 'enum':
      return catalogueEnum(f, label);
    case 'digits':
      return textMust(
        optionalText(f.max, label),
        (v) => new RegExp(`^\\d{${f.max}}$`).test(v),
        `${label} harus ${f.max} digit angka`,
      );
    case 'email':
      return catalogueEmail(f, label);
  }
  return catalogueText(f, label);
}
const shapeOf = (fields: readonly GuruField[]) =>
  Object.fromEntries(fields.filter((f) => f.type !== 'foto').map((f) => [f.name, fieldSchema(f)]));
type ObjectOf<T> = z.ZodType<T> & { shape: Record<string, z.ZodType> };

/**
 * POST /api/guru (multipart with `foto`). SPEC §5 order: nama, tanggal lahir, nip, Jenis Kelamin,
 * golongan, jabatan, foto, sekolah. NIP and golongan are required for PNS teachers (the default
 * when `status_guru` is not sent); other teachers may have neither (docs/domain/data-guru.md).
 */
export const guruCreateFields = z.object(shapeOf(GURU_CREATE_FIELDS)) as unknown as ObjectOf<GuruCreateValues>;
export type GuruCreateFields = GuruCreateValues;
export const GURU_FOTO_EMPTY = guruField('foto').required!;
const CREATE_ORDER = GURU_CREATE_FIELDS.map((f) => f.name);

/**
 * Checks the add-teacher form in SPEC order, including the photo and the PNS-only rules; answers
 * the clean fields or every field's first message (first failing field first).
 */
export function checkGuruCreate(
  input: Record<string, unknown>,
  hasFoto: boolean,
): { values?: GuruCreateFields; errors: Record<string, string> } {
  const found: Record<string, string> = {};
  const result = guruCreateFields.safeParse(input);
  if (!result.success) for (const issue of result.error.issues) found[String(issue.path[0])] ??= issue.message;
  const text = (v: unknown) => (typeof v === 'string' ? v : null);
  const asn = asnProblems({
    status_guru: text(input.status_guru),
    nip: text(input.nip),
    golongan: text(input.golongan),
    tgl_lahir: result.data?.tgl_lahir,
    jenis_kelamin: result.data?.jenis_kelamin,
  });
  if (asn.nip) found.nip ??= asn.nip;
  if (asn.golongan) found.golongan ??= asn.golongan;
  if (!hasFoto) found.foto = GURU_FOTO_EMPTY;
  const errors: Record<string, string> = {};
  for (const key of CREATE_ORDER) if (found[key]) errors[key] = found[key];
  return Object.keys(errors).length || !result.success ? { errors } : { values: result.data, errors };
}

/** PUT /api/guru/{id}: every field of SPEC §3 plus kode_wilayah (the catalogue's body fields). */
export const guruUpdateBody = z.object({
  ...shapeOf(GURU_BODY_FIELDS),
  /**
   * The `versi` of the detail the form was filled from: when the teacher changed since (another
   * user, a signed KGB), the edit is refused with 409 instead of overwriting that change.
   */
  versi: z.coerce
    .number({ error: 'versi harus berupa angka' })
    .int('versi harus berupa angka')
    .min(1, 'versi tidak valid')
    .max(2_147_483_647, 'versi tidak valid')
    .optional(),
}) as unknown as ObjectOf<GuruUpdateBody>;
export type GuruUpdateBody = GuruFieldValues & { versi?: number };
