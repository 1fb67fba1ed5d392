// The teacher's fields, each defined once, in the manner of the record kinds
// (riwayat-values.ts): label, rule, form section and widget, and whether the field is listed,
// exported, imported or sensitive. Plain values without zod, so a screen can read it without
// downloading zod: guru.ts builds the API bodies from it, impor.ts the template, the export route
// its columns, and the screens their form and profile. guru-fields.test.ts checks it against the
// guru table. Field names are the API's (and the columns').

import { JENIS_KELAMIN } from './nip.ts';
import { SERTIFIKASI, STATUS_NIKAH } from './guru-values.ts';

export type GuruFieldType =
  /** Free text up to `max` characters. */
  | 'text'
  /** Long free text (an address). */
  | 'textarea'
  /** Exactly `max` digits. */
  | 'digits'
  /** One of `values`. */
  | 'enum'
  /** YYYY-MM-DD. */
  | 'date'
  /** Whole number between `min` and `max`. */
  | 'int'
  /** Rupiah, whole. */
  | 'rupiah'
  /** A name (or, with `by: 'id'`, the id) from a master list. */
  | 'master'
  /** A golongan of the salary scale of the teacher's status (contract/asn.ts). */
  | 'golongan'
  /** A school's id. */
  | 'sekolah'
  /** A village code (kode wilayah) chosen with the region picker. */
  | 'wilayah'
  /** An email address. */
  | 'email'
  /** The teacher's photo (an upload, not part of the JSON body). */
  | 'foto';

export type GuruSection = 'identitas' | 'kepegawaian' | 'alamat';

export interface GuruField {
  name: string;
  /** Label on forms, the profile and as the default column header. */
  label: string;
  type: GuruFieldType;
  /** The SPEC §5 message when empty; absent = optional. */
  required?: string;
  max?: number;
  min?: number;
  values?: readonly string[];
  /** Master list: the form's endpoint, the server's category, and whether the value is the id or the name. */
  master?: { endpoint: string; kategori: string; by: 'id' | 'name' };
  /** A further check of the text. */
  pattern?: { re: RegExp; message: string };
  /** Date rules: not in the future, not before a year, and a TMT that is always the first of a month. */
  date?: { notFuture?: true; minYear?: number; firstOfMonth?: string };
  /** The form card (absent: not on the edit form). */
  section?: GuruSection;
  /** Help text under the field. */
  hint?: string;
  /** Position on the add form (SPEC §5 order). */
  create?: number;
  /** For civil servants the verified decrees decide it: read-only on the form. */
  fromRecord?: true;
  /** In list rows (GuruRow) and so in list answers and exports. */
  listed?: true;
  /** On the profile, shown inside the item of that field (titles with the name, place with the date of birth). */
  shownWith?: string;
  /** Personal data (UU PDP): the detail only, never lists, exports or logs. */
  sensitive?: true;
  /** A column of the teacher export: its position, width and (when not the label) header. */
  ekspor?: { at: number; width: number; header?: string };
  /** A column of the import template: its position, example and (when not the label or name) header and key. */
  impor?: { at: number; contoh: string; header?: string; key?: string };
}

/** Message label: the form label in sentence case, without a note in brackets ('Tempat Lahir' → 'Tempat lahir'; NIK, HP, MKG stay). */
export const noun = (label: string): string =>
  label
    .replace(/ \(.*\)$/, '')
    .split(' ')
    .map((w, i) => (i === 0 || /^[A-Z0-9/()]+$/.test(w) ? w : w.toLowerCase()))
    .join(' ');

export const GURU_FIELDS = [
  // Identitas
  {
    name: 'gelar_depan',
    label: 'Gelar Depan',
    type: 'text',
    max: 30,
    section: 'identitas',
    listed: true,
    shownWith: 'nama',
    impor: { at: 3, contoh: '' },
  },
  {
    name: 'nama',
    label: 'Nama',
    type: 'text',
    max: 150,
    required: 'nama tidak boleh Kosong',
    section: 'identitas',
    create: 1,
    listed: true,
    ekspor: { at: 2, width: 34 },
    impor: { at: 2, contoh: 'Abdullah Umar' },
  },
  {
    name: 'gelar_belakang',
    label: 'Gelar Belakang',
    type: 'text',
    max: 50,
    section: 'identitas',
    listed: true,
    shownWith: 'nama',
    impor: { at: 4, contoh: 'S.Pd.' },
  },
  {
    name: 'nip',
    label: 'NIP',
    type: 'text',
    max: 18,
    section: 'identitas',
    create: 3,
    listed: true,
    ekspor: { at: 1, width: 21 },
    impor: { at: 1, contoh: '198609262015051001' },
  },
  {
    name: 'nik',
    label: 'NIK',
    type: 'digits',
    max: 16,
    section: 'identitas',
    hint: '16 digit, sesuai KTP',
    sensitive: true,
    impor: { at: 13, contoh: '8271012609860001' },
  },
  {
    name: 'nuptk',
    label: 'NUPTK',
    type: 'digits',
    max: 16,
    section: 'identitas',
    impor: { at: 14, contoh: '1234567890123456' },
  },
  {
    name: 'jenis_kelamin',
    label: 'Jenis Kelamin',
    type: 'enum',
    values: JENIS_KELAMIN,
    max: 10,
    required: 'Jenis Kelamin tidak boleh Kosong',
    section: 'identitas',
    create: 4,
    listed: true,
    ekspor: { at: 3, width: 5, header: 'JK' },
    impor: { at: 5, contoh: 'Laki-laki' },
  },
  {
    name: 'tempat_lahir',
    label: 'Tempat Lahir',
    type: 'text',
    max: 100,
    section: 'identitas',
    listed: true,
    shownWith: 'tgl_lahir',
    ekspor: { at: 4, width: 16 },
    impor: { at: 6, contoh: 'Ternate' },
  },
  {
    name: 'tgl_lahir',
    label: 'Tanggal Lahir',
    type: 'date',
    required: 'tanggal lahir tidak boleh Kosong',
    date: { notFuture: true, minYear: 1940 },
    section: 'identitas',
    create: 2,
    listed: true,
    ekspor: { at: 5, width: 14 },
    impor: { at: 7, contoh: '1986-09-26' },
  },
  { name: 'status_nikah', label: 'Status Nikah', type: 'enum', values: STATUS_NIKAH, max: 10, section: 'identitas' },
  {
    name: 'goldar',
    label: 'Golongan Darah',
    type: 'master',
    max: 5,
    master: { endpoint: 'golongandarah', kategori: 'goldar', by: 'name' },
    section: 'identitas',
  },
  {
    name: 'no_hp',
    label: 'Nomor HP',
    type: 'text',
    max: 15,
    pattern: { re: /^(\+62|0)8\d{7,11}$/, message: 'Nomor HP tidak valid (contoh: 081234567890)' },
    section: 'identitas',
    hint: 'Contoh: 081234567890',
    impor: { at: 15, contoh: '081234567890', header: 'No HP' },
  },
  {
    name: 'email',
    label: 'Email',
    type: 'email',
    max: 200,
    section: 'identitas',
    impor: { at: 16, contoh: 'abdullah@guru.sch.id' },
  },
  {
    name: 'instagram',
    label: 'Instagram',
    type: 'text',
    max: 60,
    pattern: { re: /^@?[A-Za-z0-9._]{1,30}$/, message: 'Nama pengguna Instagram tidak valid' },
    section: 'identitas',
  },
  { name: 'hobi', label: 'Hobi', type: 'text', max: 200, section: 'identitas' },
  // Kepegawaian
  {
    name: 'sekolah_id',
    label: 'Sekolah',
    type: 'sekolah',
    required: 'sekolah tidak boleh Kosong',
    section: 'kepegawaian',
    create: 8,
    listed: true,
    impor: { at: 8, contoh: '60200338', header: 'NPSN Sekolah', key: 'npsn' },
  },
  {
    name: 'status_guru',
    label: 'Jenis Guru',
    type: 'master',
    max: 50,
    master: { endpoint: 'jenisguru', kategori: 'jenisguru', by: 'name' },
    section: 'kepegawaian',
    create: 9,
    listed: true,
    ekspor: { at: 8, width: 14 },
    impor: { at: 9, contoh: 'PNS' },
  },
  {
    name: 'golongan',
    label: 'Golongan',
    type: 'golongan',
    max: 10,
    master: { endpoint: 'golongan', kategori: 'golongan', by: 'name' },
    section: 'kepegawaian',
    create: 5,
    fromRecord: true,
    listed: true,
    ekspor: { at: 9, width: 10 },
    impor: { at: 10, contoh: 'III/b' },
  },
  {
    name: 'id_jabatan',
    label: 'Jabatan',
    type: 'master',
    required: 'jabatan tidak boleh Kosong',
    master: { endpoint: 'jabatanguru', kategori: 'jabatan', by: 'id' },
    section: 'kepegawaian',
    create: 6,
    impor: { at: 11, contoh: 'Guru Mata Pelajaran', key: 'jabatan' },
  },
  {
    name: 'pendidikan_terakhir',
    label: 'Pendidikan Terakhir',
    type: 'master',
    max: 20,
    master: { endpoint: 'pendidikanterakhir', kategori: 'pendidikanterakhir', by: 'name' },
    section: 'kepegawaian',
    listed: true,
    ekspor: { at: 12, width: 12 },
    impor: { at: 12, contoh: 'S1' },
  },
  {
    name: 'sertifikasi',
    label: 'Sertifikasi',
    type: 'enum',
    values: SERTIFIKASI,
    max: 5,
    section: 'kepegawaian',
    impor: { at: 17, contoh: 'Ya' },
  },
  {
    name: 'mapel_1',
    label: 'Mata Pelajaran 1',
    type: 'master',
    max: 100,
    master: { endpoint: 'mapel', kategori: 'mapel', by: 'name' },
    section: 'kepegawaian',
    impor: { at: 18, contoh: 'Matematika', header: 'Mata Pelajaran' },
  },
  {
    name: 'mapel_2',
    label: 'Mata Pelajaran 2',
    type: 'master',
    max: 100,
    master: { endpoint: 'mapel', kategori: 'mapel', by: 'name' },
    section: 'kepegawaian',
  },
  { name: 'no_karpeg', label: 'Nomor Karpeg', type: 'text', max: 30, section: 'kepegawaian' },
  {
    name: 'gaji_pokok',
    label: 'Gaji Pokok',
    type: 'rupiah',
    min: 0,
    max: 100_000_000,
    section: 'kepegawaian',
    fromRecord: true,
    sensitive: true,
    impor: { at: 22, contoh: '3390500' },
  },
  {
    name: 'gaji_pokok_lama',
    label: 'Gaji Pokok Lama',
    type: 'rupiah',
    min: 0,
    max: 100_000_000,
    section: 'kepegawaian',
    sensitive: true,
  },
  {
    name: 'mkg_tahun',
    label: 'MKG Tahun',
    type: 'int',
    min: 0,
    max: 45,
    section: 'kepegawaian',
    fromRecord: true,
    impor: { at: 20, contoh: '10' },
  },
  {
    name: 'mkg_bulan',
    label: 'MKG Bulan',
    type: 'int',
    min: 0,
    max: 11,
    section: 'kepegawaian',
    fromRecord: true,
    shownWith: 'mkg_tahun',
    impor: { at: 21, contoh: '0' },
  },
  {
    name: 'tgl_kgb_terakhir',
    label: 'Tanggal KGB Terakhir (TMT)',
    type: 'date',
    date: { firstOfMonth: 'Tanggal KGB terakhir (TMT) harus tanggal 1: TMT selalu awal bulan' },
    section: 'kepegawaian',
    fromRecord: true,
    impor: { at: 19, contoh: '2025-05-01', header: 'TMT KGB Terakhir' },
  },
  // Alamat
  { name: 'alamat_domisili', label: 'Alamat Domisili', type: 'textarea', max: 500, section: 'alamat', sensitive: true },
  {
    name: 'kode_wilayah',
    label: 'Kode Wilayah',
    type: 'wilayah',
    max: 13,
    pattern: { re: /^\d{2}\.\d{2}\.\d{2}\.\d{4}$/, message: 'Pilih wilayah sampai kelurahan/desa' },
    section: 'alamat',
  },
  // The photo: on the add form; the edit page changes it on its own.
  { name: 'foto', label: 'Foto', type: 'foto', required: 'foto tidak boleh Kosong', create: 7 },
] as const satisfies readonly GuruField[];

export type GuruFieldName = (typeof GURU_FIELDS)[number]['name'];
type Def = (typeof GURU_FIELDS)[number];
/** The fields the verified decrees decide for civil servants (`fromRecord`). */
export type GuruFromRecordName = Extract<Def, { fromRecord: true }>['name'];

/** The value a field holds in the API: ids and numbers as numbers, the rest as text. */
type ValueOf<F> = F extends { type: 'int' | 'rupiah' | 'sekolah' } | { master: { by: 'id' } }
  ? number
  : F extends { values: readonly (infer V)[] }
    ? V
    : string;
type BodyFields = Exclude<Def, { type: 'foto' }>;

type Values<D extends { name: string }> = { [F in Extract<D, { required: string }> as F['name']]: ValueOf<F> } & {
  [F in Exclude<D, { required: string }> as F['name']]?: ValueOf<F> | null;
};
/** PUT /api/guru/{id}: every field of the catalogue but the photo; optional ones may be null. */
export type GuruFieldValues = Values<BodyFields>;
/** The add form's fields (without the photo). */
export type GuruCreateValues = Values<Extract<BodyFields, { create: number }>>;
/** The listed fields as a list row holds them (GuruRow): a required text is always there; a teacher may have no school. */
type RowValue<F> = F extends { type: 'sekolah' }
  ? number | null
  : F extends { required: string }
    ? string
    : string | null;
export type GuruListedValues = { [F in Extract<Def, { listed: true }> as F['name']]: RowValue<F> };

const all: readonly GuruField[] = GURU_FIELDS;
export const guruField = (name: GuruFieldName): GuruField => all.find((f) => f.name === name)!;
/** The fields of the JSON body (all but the photo). */
export const GURU_BODY_FIELDS = all.filter((f) => f.type !== 'foto');
/** The add form's fields in SPEC §5 order (the photo included). */
export const GURU_CREATE_FIELDS = all.filter((f) => f.create !== undefined).sort((a, b) => a.create! - b.create!);
/** The fields of each card of the edit form, in order. */
export const guruSection = (section: GuruSection): GuruField[] => all.filter((f) => f.section === section);
/** Fields a list row (and so a list answer or an export) never carries. */
export const GURU_SENSITIVE = all.filter((f) => f.sensitive).map((f) => f.name);
export const GURU_LISTED = all.filter((f) => f.listed).map((f) => f.name);

/** Always required on the add form (with the photo) and the edit form; NIP and golongan are required for PNS, CPNS and PPPK (asn.ts). */
export const GURU_CREATE_REQUIRED = GURU_CREATE_FIELDS.filter((f) => f.required).map((f) => f.name);
export const GURU_UPDATE_REQUIRED = GURU_BODY_FIELDS.filter((f) => f.required).map((f) => f.name);

/** A column of the import template: the field's name, or the key its `impor` names (npsn, jabatan). */
export type ImporKey = {
  [F in Def as F['name']]: F extends { impor: { key: infer K } } ? K : F extends { impor: object } ? F['name'] : never;
}[GuruFieldName];

/** Import template columns, in order: the spreadsheet row's key, header and example. */
export const GURU_IMPOR = all
  .filter((f) => f.impor)
  .sort((a, b) => a.impor!.at - b.impor!.at)
  .map((f) => ({
    field: f,
    key: (f.impor!.key ?? f.name) as ImporKey,
    header: f.impor!.header ?? f.label,
    contoh: f.impor!.contoh,
  }));
