import { z } from 'zod';
import { pageParam } from './paging.ts';
import { cariParam } from './list-query.ts';
import type { FasilitasItem } from './master.ts';
import { catalogueEmail, catalogueEnum, catalogueText, optionalNumber, optionalText, textMust } from './fields.ts';
import {
  nounOf,
  SEKOLAH_CREATE_FIELDS,
  SEKOLAH_FIELDS,
  type SekolahCreateValues,
  type SekolahField,
  type SekolahFieldValues,
} from './sekolah-fields.ts';
import { SEKOLAH_PER_PAGE } from './sekolah-values.ts';
export { SEKOLAH_PER_PAGE, markerOf } from './sekolah-values.ts';

/** GET api/sekolah: q, page, per_page, sortby, sortbydesc (default nama_sekolah descending). */
export const sekolahListQuery = z.object({
  q: cariParam,
  page: pageParam,
  per_page: z
    .preprocess((v) => (v === undefined || v === '' ? 10 : Number(v)), z.number())
    .refine((n) => (SEKOLAH_PER_PAGE as readonly number[]).includes(n), 'per_page harus 10, 25, 50 atau 100')
    .default(10),
  sortby: z.preprocess(
    (v) => (v === undefined || v === '' ? 'nama_sekolah' : v),
    z.enum(['npsn', 'nama_sekolah'], { error: 'sortby harus npsn atau nama_sekolah' }),
  ),
  sortbydesc: z.preprocess(
    (v) => (v === undefined || v === '' ? 'true' : String(v).toLowerCase()),
    z
      .enum(['true', 'false', '1', '0', 'desc', 'asc'], { error: 'sortbydesc harus true atau false' })
      .transform((v) => v === 'true' || v === '1' || v === 'desc'),
  ),
});

export const sekolahSearchQuery = z.object({
  sekolah: cariParam,
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

/** The zod rule of one catalogue field (sekolah-fields.ts): the same messages on every path. */
function fieldSchema(f: SekolahField): z.ZodType {
  const label = nounOf(f);
  switch (f.type) {
    case 'npsn':
      return z.preprocess(
        (v) => (typeof v === 'string' ? v.trim().toUpperCase() : v),
        z.string({ error: f.required }).min(1, f.required).regex(f.pattern!.re, f.pattern!.message),
      );
    case 'enum':
      return catalogueEnum(f, label);
    case 'int':
    case 'coord':
      return optionalNumber({ label, min: f.min, max: f.max, int: f.type === 'int' });
    case 'digits': {
      const min = f.min ?? f.max!;
      return textMust(
        optionalText(f.max, label),
        (v) => new RegExp(`^\\d{${min},${f.max}}$`).test(v),
        `${label} harus ${min === f.max ? min : `${min}-${f.max}`} digit angka`,
      );
    }
    case 'email':
      return catalogueEmail(f, label);
    case 'fasilitas':
      return z
        .array(
          z.coerce
            .number({ error: `${label} tidak valid` })
            .int()
            .positive(),
          { error: `${label} harus berupa daftar` },
        )
        .max(f.max!, `${label} terlalu banyak`)
        .optional();
  }
  return catalogueText(f, label);
}
const shapeOf = (fields: readonly SekolahField[]) => Object.fromEntries(fields.map((f) => [f.name, fieldSchema(f)]));
type ObjectOf<T> = z.ZodType<T> & { shape: Record<string, z.ZodType> };

/** POST api/sekolah, fields in the order of SPEC §5 "Add school". */
export const sekolahCreateBody = z.object(shapeOf(SEKOLAH_CREATE_FIELDS)) as unknown as ObjectOf<SekolahCreateBody>;
export type SekolahCreateBody = SekolahCreateValues;

export interface SekolahCreated {
  sekolah: Sekolah;
  /** The operator account made with the school; the password is shown once. */
  akun: { username: string; password: string };
}

/**
 * PUT api/sekolah/{npsn}: the identity form (SPEC §7), every field of the catalogue in its order.
 * The NPSN cannot be changed here: the body may repeat it (the route refuses another one).
 */
export const sekolahUpdateBody = z.object({
  ...shapeOf(SEKOLAH_FIELDS),
  npsn: z.string().optional(),
}) as unknown as ObjectOf<SekolahUpdateBody>;
export type SekolahUpdateBody = SekolahFieldValues & { npsn?: string; fasilitas?: number[] };
