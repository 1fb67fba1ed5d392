import { z } from 'zod';
import { pageParam } from './paging.ts';
import { BENTUK_PENDIDIKAN, STATUS_SEKOLAH, type FasilitasItem } from './master.ts';
import { NPSN_PATTERN, optionalNumber, optionalText, requiredEnum, requiredText } from './fields.ts';
import { SEKOLAH_PER_PAGE } from './sekolah-values.ts';
export { SEKOLAH_PER_PAGE, markerOf } from './sekolah-values.ts';

/** GET api/sekolah: q, page, per_page, sortby, sortbydesc (default nama_sekolah descending). */
export const sekolahListQuery = z.object({
  q: z.string().trim().max(100, 'Kata kunci pencarian terlalu panjang').default(''),
  page: pageParam,
  per_page: z
    .preprocess((v) => (v === undefined || v === '' ? 10 : Number(v)), z.number())
    .refine((n) => (SEKOLAH_PER_PAGE as readonly number[]).includes(n), 'per_page harus 10, 25, 50 atau 100')
    .default(10),
  sortby: z.preprocess((v) => (v === undefined || v === '' ? 'nama_sekolah' : v), z.enum(['npsn', 'nama_sekolah'], { error: 'sortby harus npsn atau nama_sekolah' })),
  sortbydesc: z.preprocess(
    (v) => (v === undefined || v === '' ? 'true' : String(v).toLowerCase()),
    z.enum(['true', 'false', '1', '0', 'desc', 'asc'], { error: 'sortbydesc harus true atau false' }).transform((v) => v === 'true' || v === '1' || v === 'desc'),
  ),
});

export const sekolahSearchQuery = z.object({
  sekolah: z.string().trim().max(100, 'Kata kunci pencarian terlalu panjang').default(''),
  page: pageParam,
});

/** A row of the school list (SPEC §2 "School list": No, NPSN, Nama Sekolah, Tingkat, Jenis). */
export interface SekolahRow {
  id: number;
  npsn: string;
  nama_sekolah: string;
  bentuk_pendidikan: string;
  status: string;
  kota_asal: string | null;
}

/** GET api/semuasekolah: every school, public fields (pickers, map). */
export interface SekolahRingkas {
  id: number;
  npsn: string;
  nama_sekolah: string;
  bentuk_pendidikan: string;
  alamat: string | null;
  lat: number | null;
  long: number | null;
  link_marker: string;
}

/** SPEC §3 Sekolah, as GET api/sekolah/{npsn} answers it. */
export interface Sekolah {
  id: number;
  npsn: string;
  nama_sekolah: string;
  status: string;
  bentuk_pendidikan: string;
  alamat: string | null;
  rtrw: string | null;
  /** Village-level Kemendagri code; the names below are resolved from it. */
  kode_wilayah: string | null;
  /** Village / kelurahan name. */
  dusun_kel: string | null;
  /** District (kecamatan) name. */
  desa_kec: string | null;
  /** Regency or city name. */
  kota_asal: string | null;
  provinsi: string | null;
  kode_pos: string | null;
  telpon: string | null;
  fax: string | null;
  email: string | null;
  web: string | null;
  /** Student count ('Orang/Jiwa'). */
  rombel: number | null;
  lat: number | null;
  long: number | null;
  link_logo: string | null;
  link_marker: string;
  fasilitas: FasilitasItem[];
}

const npsnField = z.preprocess(
  (v) => (typeof v === 'string' ? v.trim().toUpperCase() : v),
  z.string({ error: 'NPSN tidak boleh Kosong' }).min(1, 'NPSN tidak boleh Kosong').regex(NPSN_PATTERN, 'NPSN harus 8 karakter (angka atau huruf kapital)'),
);

/** POST api/sekolah, fields in the order of SPEC §5 "Add school". */
export const sekolahCreateBody = z.object({
  npsn: npsnField,
  nama_sekolah: requiredText('Nama Sekolah tidak boleh Kosong', 200, 'Nama Sekolah'),
  bentuk_pendidikan: requiredEnum(BENTUK_PENDIDIKAN, 'Bentuk Pendidikan tidak boleh Kosong', 'Bentuk Pendidikan'),
  status: requiredEnum(STATUS_SEKOLAH, 'Status Sekolah tidak boleh Kosong', 'Status Sekolah'),
});
export type SekolahCreateBody = z.infer<typeof sekolahCreateBody>;

export interface SekolahCreated {
  sekolah: Sekolah;
  /** The operator account made with the school; the password is shown once. */
  akun: { username: string; password: string };
}

const digits = (label: string, min: number, max: number) =>
  optionalText(max, label).refine((v) => v == null || new RegExp(`^\\d{${min},${max}}$`).test(v), `${label} harus ${min === max ? min : `${min}-${max}`} digit angka`);

/** PUT api/sekolah/{npsn}: the identity form (SPEC §7). The NPSN cannot be changed here. */
export const sekolahUpdateBody = z.object({
  npsn: z.string().optional(),
  nama_sekolah: requiredText('Nama Sekolah tidak boleh Kosong', 200, 'Nama Sekolah'),
  bentuk_pendidikan: requiredEnum(BENTUK_PENDIDIKAN, 'Bentuk Pendidikan tidak boleh Kosong', 'Bentuk Pendidikan'),
  status: requiredEnum(STATUS_SEKOLAH, 'Status Sekolah tidak boleh Kosong', 'Status Sekolah'),
  alamat: optionalText(500, 'Alamat'),
  rtrw: optionalText(20, 'RT/RW').refine((v) => v == null || /^\d{1,3}\s*\/\s*\d{1,3}$/.test(v), 'RT/RW ditulis seperti 002/001'),
  kode_pos: digits('Kode Pos', 5, 5),
  telpon: digits('Telepon', 6, 15),
  rombel: optionalNumber({ label: 'Jumlah siswa', min: 0, max: 100_000, int: true }),
  fax: digits('Fax', 6, 15),
  email: optionalText(200, 'Email').refine((v) => v == null || z.email().safeParse(v).success, 'Email tidak valid'),
  web: optionalText(200, 'Website').refine((v) => v == null || /^(https?:\/\/)?[\w-]+(\.[\w-]+)+([/?#].*)?$/i.test(v), 'Alamat website tidak valid'),
  lat: optionalNumber({ label: 'Lintang (lat)', min: -11, max: 6 }),
  long: optionalNumber({ label: 'Bujur (long)', min: 94, max: 142 }),
  kode_wilayah: optionalText(13, 'Kode wilayah').refine((v) => v == null || /^\d{2}\.\d{2}\.\d{2}\.\d{4}$/.test(v), 'Pilih wilayah sampai kelurahan/desa'),
  fasilitas: z
    .array(z.coerce.number({ error: 'Fasilitas tidak valid' }).int().positive(), { error: 'Fasilitas harus berupa daftar' })
    .max(100, 'Fasilitas terlalu banyak')
    .optional(),
});
export type SekolahUpdateBody = z.infer<typeof sekolahUpdateBody>;

