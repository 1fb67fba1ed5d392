// The school's fields, each defined once, as the teacher's are (guru-fields.ts): label,
// rule, place on the identity form and read view, and whether the field is listed or exported.
// Plain values without zod, so the school page and list can read it without downloading zod:
// sekolah.ts builds the API bodies from it, the export route its columns, the screens their forms,
// read view and list columns, the audit its labels. sekolah-fields.test.ts checks it against the
// sekolah table. Entries are in the order of the PUT body (SPEC §7), which is the order of its
// messages; field names are the API's (and the columns').

import { BENTUK_PENDIDIKAN, STATUS_SEKOLAH } from './master-values.ts';
import { NPSN_PATTERN } from './sekolah-values.ts';

export type SekolahFieldType =
  /** 8 characters, digits or capital letters: given when the school is added, never changed. */
  | 'npsn'
  /** Free text up to `max` characters. */
  | 'text'
  /** Long free text (the address). */
  | 'textarea'
  /** `min` to `max` digits (`min` absent: exactly `max`). */
  | 'digits'
  /** One of `values`. */
  | 'enum'
  /** Whole number between `min` and `max`. */
  | 'int'
  /** A coordinate in degrees between `min` and `max`. */
  | 'coord'
  /** An email address. */
  | 'email'
  /** A village code (kode wilayah) chosen with the region picker. */
  | 'wilayah'
  /** Ids of the facilities master list (kept in sekolah_fasilitas, not a column). */
  | 'fasilitas';

/** Parts of the identity form: the main card, then the region picker and the location on the map. */
export type SekolahSection = 'identitas' | 'wilayah' | 'lokasi';

export interface SekolahField {
  name: string;
  /** Label on the forms and the read view, the default list and export header, the audit label. */
  label: string;
  /** The field's name in messages when not the label ('Status Sekolah tidak boleh Kosong'). */
  noun?: string;
  type: SekolahFieldType;
  /** The SPEC §5 message when empty; absent = optional. */
  required?: string;
  /** Text: most characters; digits: most digits; numbers: largest value; facilities: most items. */
  max?: number;
  /** Digits: fewest digits; numbers: smallest value. */
  min?: number;
  values?: readonly string[];
  /** The form's options come from this master list (GET api/<master>) rather than `values`. */
  master?: string;
  /** A further check of the text. */
  pattern?: { re: RegExp; message: string };
  /** Help text under the field on the add form. */
  hint?: string;
  placeholder?: string;
  /** Unit after a number ('540 Orang/Jiwa'). */
  unit?: string;
  /** Position on the add form (SPEC §5 order). */
  create?: number;
  /** Part of the identity form (absent: not on it). */
  section?: SekolahSection;
  /** Position on the identity form (within its section) and on the read view. */
  at?: number;
  /** In list rows (SekolahRow), and so a column of the school list, under `header` when not the label. */
  listed?: { header?: string };
  /** A column of the school export: its position, width and (when not the label) header. */
  ekspor?: { at: number; width: number; header?: string };
}

export const SEKOLAH_FIELDS = [
  {
    name: 'npsn',
    label: 'NPSN',
    type: 'npsn',
    max: 8,
    required: 'NPSN tidak boleh Kosong',
    pattern: { re: NPSN_PATTERN, message: 'NPSN harus 8 karakter (angka atau huruf kapital)' },
    hint: '8 karakter angka (atau huruf kapital)',
    create: 1,
    section: 'identitas',
    at: 1,
    listed: {},
    ekspor: { at: 1, width: 12 },
  },
  {
    name: 'nama_sekolah',
    label: 'Nama Sekolah',
    type: 'text',
    max: 200,
    required: 'Nama Sekolah tidak boleh Kosong',
    create: 2,
    section: 'identitas',
    at: 2,
    listed: {},
    ekspor: { at: 2, width: 40 },
  },
  {
    name: 'bentuk_pendidikan',
    label: 'Bentuk Pendidikan',
    type: 'enum',
    values: BENTUK_PENDIDIKAN,
    master: 'masterbp',
    max: 20,
    required: 'Bentuk Pendidikan tidak boleh Kosong',
    create: 3,
    section: 'identitas',
    at: 3,
    listed: { header: 'Tingkat' },
    ekspor: { at: 3, width: 9, header: 'Tingkat' },
  },
  {
    name: 'status',
    label: 'Status',
    noun: 'Status Sekolah',
    type: 'enum',
    values: STATUS_SEKOLAH,
    max: 10,
    required: 'Status Sekolah tidak boleh Kosong',
    create: 4,
    section: 'identitas',
    at: 4,
    listed: { header: 'Jenis' },
    ekspor: { at: 4, width: 10 },
  },
  { name: 'alamat', label: 'Alamat', type: 'textarea', max: 500, section: 'identitas', at: 5 },
  {
    name: 'rtrw',
    label: 'RT/RW',
    type: 'text',
    max: 20,
    pattern: { re: /^\d{1,3}\s*\/\s*\d{1,3}$/, message: 'RT/RW ditulis seperti 002/001' },
    placeholder: '002/001',
    section: 'identitas',
    at: 6,
  },
  { name: 'kode_pos', label: 'Kode Pos', type: 'digits', max: 5, section: 'identitas', at: 8 },
  { name: 'telpon', label: 'Telepon', type: 'digits', min: 6, max: 15, section: 'identitas', at: 9 },
  {
    name: 'rombel',
    label: 'Jumlah Siswa (rombel)',
    noun: 'Jumlah siswa',
    type: 'int',
    min: 0,
    max: 100_000,
    unit: 'Orang/Jiwa',
    section: 'identitas',
    at: 13,
  },
  { name: 'fax', label: 'Fax', type: 'digits', min: 6, max: 15, section: 'identitas', at: 10 },
  { name: 'email', label: 'Email', type: 'email', max: 200, section: 'identitas', at: 11 },
  {
    name: 'web',
    label: 'Website',
    type: 'text',
    max: 200,
    pattern: { re: /^(https?:\/\/)?[\w-]+(\.[\w-]+)+([/?#].*)?$/i, message: 'Alamat website tidak valid' },
    placeholder: 'https://…',
    section: 'identitas',
    at: 12,
  },
  { name: 'lat', label: 'Lintang (lat)', type: 'coord', min: -11, max: 6, section: 'lokasi', at: 14 },
  { name: 'long', label: 'Bujur (long)', type: 'coord', min: 94, max: 142, section: 'lokasi', at: 15 },
  {
    name: 'kode_wilayah',
    label: 'Kode Wilayah',
    noun: 'Kode wilayah',
    type: 'wilayah',
    max: 13,
    pattern: { re: /^\d{2}\.\d{2}\.\d{2}\.\d{4}$/, message: 'Pilih wilayah sampai kelurahan/desa' },
    section: 'wilayah',
    at: 7,
  },
  {
    name: 'fasilitas',
    label: 'Fasilitas',
    type: 'fasilitas',
    max: 100,
    placeholder: 'Pilih fasilitas',
    section: 'identitas',
    at: 16,
  },
] as const satisfies readonly SekolahField[];

export type SekolahFieldName = (typeof SEKOLAH_FIELDS)[number]['name'];
type Def = (typeof SEKOLAH_FIELDS)[number];
/** The fields of a list row. */
export type SekolahListedName = Extract<Def, { listed: object }>['name'];

/** The value a field holds in the API: numbers as numbers, facilities as ids, the rest as text. */
type ValueOf<F> = F extends { type: 'int' | 'coord' }
  ? number
  : F extends { type: 'fasilitas' }
    ? number[]
    : F extends { values: readonly (infer V)[] }
      ? V
      : string;
type Values<D extends { name: string }> = { [F in Extract<D, { required: string }> as F['name']]: ValueOf<F> } & {
  [F in Exclude<D, { required: string }> as F['name']]?: ValueOf<F> | null;
};
/** POST api/sekolah: the add form's fields. */
export type SekolahCreateValues = Values<Extract<Def, { create: number }>>;
/** The identity form's fields but the NPSN (which the PUT body may only repeat) and the facilities (a list, never null). */
export type SekolahFieldValues = Values<Exclude<Def, { type: 'npsn' | 'fasilitas' }>>;

const all: readonly SekolahField[] = SEKOLAH_FIELDS;
/** Message name of a field: 'Status Sekolah', 'Jumlah siswa'. */
export const nounOf = (f: SekolahField): string => f.noun ?? f.label;
/** The add form's fields in SPEC §5 order. */
export const SEKOLAH_CREATE_FIELDS = all.filter((f) => f.create !== undefined).sort((a, b) => a.create! - b.create!);
/** The fields of one part of the identity form, in order. */
export const sekolahSection = (section: SekolahSection): SekolahField[] =>
  all.filter((f) => f.section === section).sort((a, b) => a.at! - b.at!);
/** The read view's fields, in order. */
export const SEKOLAH_SHOWN = all.filter((f) => f.at !== undefined).sort((a, b) => a.at! - b.at!);
/** The list's fields (list rows, list columns), in order. */
export const SEKOLAH_LISTED = all.filter((f) => f.listed);
