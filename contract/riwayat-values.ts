import { PERIODE_SKP, PREDIKAT_SKP, TINGKAT_HUKDIS } from './kenaikan-pangkat-values.ts';

// The record kinds as plain values without zod, so the teacher page can name its tabs without
// downloading zod and the schemas of riwayat.ts. riwayat.ts re-exports them for the server.

// The record kinds of a teacher (the nine of SPEC, and the service-credit review (PMK)) (SPEC §2 "Teacher detail", §3, §5, §7), each defined once.
// The server derives its table, validation, routes and answers from these definitions, and the
// browser its tab, table, form and client checks. Field names are the API's (and the columns').

export type RecordKindKey =
  | 'riwpendidikan'
  | 'riwpendidikannon'
  | 'diklat-teknis'
  | 'riwpenghargaan'
  | 'riwkeahlianumum'
  | 'riwkeahlianbahasa'
  | 'riwpangkat'
  | 'riwpmk'
  | 'riwkaryatulis'
  | 'riwkgb'
  | 'riwskp'
  | 'riwhukdis'
  | 'riwkeluarga'
  | 'riwpak';

export type RecordFieldType =
  /** Free text; `max` characters. */
  | 'text'
  /** YYYY-MM-DD. */
  | 'date'
  /** Whole number between `min` and `max`. */
  | 'int'
  /** Number with at most `scale` decimals between `min` and `max`, written with a decimal comma ("112,5"). */
  | 'decimal'
  /** One of `values`. */
  | 'enum'
  /** Id of a master list item (`master` endpoint, `kategori` on the server). */
  | 'master'
  /** Id of another record of the same teacher (`record` kind). */
  | 'record'
  /** A golongan name (nm_gol) from the rank master. */
  | 'golongan'
  /** A PDF document, up to 10 MB. */
  | 'file';

export interface RecordField {
  name: string;
  label: string;
  type: RecordFieldType;
  /** The SPEC §5 message when empty; absent = optional. */
  required?: string;
  max?: number;
  min?: number;
  /** For 'decimal': digits after the comma, at most. */
  scale?: number;
  /** Master endpoint (path and query) and the teacher-master category it reads. */
  master?: { endpoint: string; kategori: string; labelField: string };
  /** For 'record': which kind, and which of its fields names a row. */
  record?: { kind: RecordKindKey; labelField: string };
  values?: { value: string; label: string }[];
  /** In answers, master/record ids also come as `{ [relation.as]: { [relation.labelField]: name } }`. */
  relation?: { as: string; labelField: string };
  /** A date that must not be before this other date field of the same record. */
  notBefore?: string;
  /** A TMT: always the first day of a month (PP 7/1977 art. 13(3); payroll pays by month). */
  firstOfMonth?: boolean;
}

export type ColumnFormat = 'text' | 'date' | 'jam' | 'rupiah' | 'relation' | 'file' | 'enum' | 'angka';

export interface RecordColumn {
  title: string;
  field: string;
  format?: ColumnFormat;
}

export interface RecordKind {
  key: RecordKindKey;
  /** Tab title (SPEC §2). */
  title: string;
  /** Table name on the server. */
  table: string;
  fields: RecordField[];
  columns: RecordColumn[];
  /** How the record is created and updated (SPEC §7 paths differ for karya tulis and KGB). */
  createPath: string;
  updateMethod: 'PUT' | 'POST';
  updatePath: string;
  /** Multipart (with a file) instead of JSON. */
  multipart?: boolean;
  /**
   * Rows carry a verification status (0 = unverified, shown red). An operator's row waits for the
   * office; a verified row is read-only to operators. Decrees that set the salary (rank, KGB) are
   * verifiable: only verified decrees may drive a KGB letter.
   */
  verifiable?: boolean;
  /**
   * Rows may be written by the server when a KGB letter is signed (`kgb_surat_id`, answered as
   * `dari_surat`): such a row mirrors the signed letter and nobody changes or deletes it here.
   */
  signedRows?: boolean;
  /**
   * The kind's verified rows set the basic salary (rank and KGB decrees): every change re-derives
   * the profile's golongan, MKG, salary and last KGB date, and the next KGB letter is planned from
   * them.
   */
  setsSalary?: boolean;
}

const TANGGAL = { type: 'date' } as const;
const masterOf = (endpoint: string, kategori: string, labelField: string) => ({ endpoint, kategori, labelField });
const PDF = 'PDF, maksimal 10 MB';

/** A choice among fixed values, each shown as it is stored. */
const enumField = (name: string, label: string, values: readonly string[], required: string): RecordField => ({
  name,
  label,
  type: 'enum',
  values: values.map((v) => ({ value: v, label: v })),
  required,
});

/** A skill level (master 'level'), answered as `{ [as]: { keahlian_level_nama } }`. */
const levelField = (name: string, label: string, as: string, required: string): RecordField => ({
  name,
  label,
  type: 'master',
  master: masterOf('masterlevel', 'level', 'keahlian_level_nama'),
  relation: { as, labelField: 'keahlian_level_nama' },
  required,
});

/** Both skill kinds end alike: since when, where it was learnt (the teacher's own rows), predikat. */
const SKILL_SINCE_AND_SOURCES: RecordField[] = [
  { name: 'riw_keahlian_sejak', label: 'Sejak', ...TANGGAL, required: 'tanggal sejak tidak boleh Kosong' },
  {
    name: 'pend_formal_id',
    label: 'Pendidikan Formal',
    type: 'record',
    record: { kind: 'riwpendidikan', labelField: 'riw_pendidikan_nm' },
    relation: { as: 'pendidikan_formal', labelField: 'riw_pendidikan_nm' },
  },
  {
    name: 'pend_non_id',
    label: 'Pendidikan Non Formal',
    type: 'record',
    record: { kind: 'riwpendidikannon', labelField: 'non_nama' },
    relation: { as: 'pendidikan_non', labelField: 'non_nama' },
  },
  // A diklat is named by its master name (its diklat_id), not its STTP number.
  {
    name: 'pend_diklat_id',
    label: 'Diklat',
    type: 'record',
    record: { kind: 'diklat-teknis', labelField: 'diklat_id' },
    relation: { as: 'diklat', labelField: 'diklat_teknis_nm' },
  },
  { name: 'predikat', label: 'Predikat', type: 'text', max: 100, required: 'predikat tidak boleh Kosong' },
];
const SKILL_SOURCE_COLUMNS: RecordColumn[] = [
  { title: 'Pendidikan Formal', field: 'pendidikan_formal', format: 'relation' },
  { title: 'Pendidikan Non Formal', field: 'pendidikan_non', format: 'relation' },
  { title: 'Diklat', field: 'diklat', format: 'relation' },
  { title: 'Predikat', field: 'predikat' },
];

/**
 * What a decree that sets the golongan and the MKG records (the rank decree, and the PMK that sets
 * the MKG anew within the golongan, PP 7/1977 as amended): the golongan, the decree's number, date
 * and signer, and the MKG in years and months. `prefix` begins the kind's column names; `baru`
 * follows the MKG labels of a PMK, whose MKG replaces the one before.
 */
const golonganMkgFields = (prefix: string, baru = ''): RecordField[] => [
  { name: 'golongan', label: 'Golongan', type: 'golongan', required: 'Golongan tidak boleh Kosong' },
  { name: `${prefix}_sk`, label: 'Nomor SK', type: 'text', max: 100, required: 'Nomor SK tidak boleh Kosong' },
  { name: `${prefix}_sktgl`, label: 'Tanggal SK', ...TANGGAL, required: 'Tanggal SK tidak boleh Kosong' },
  {
    name: `${prefix}_pejabat`,
    label: 'Jabatan Penandatangan SK',
    type: 'text',
    max: 150,
    required: 'Jabatan Penandatangan SK tidak boleh Kosong',
  },
  {
    name: `${prefix}_thn`,
    label: `MKG Tahun${baru}`,
    type: 'int',
    min: 0,
    max: 45,
    required: 'MKG Tahun tidak boleh Kosong',
  },
  {
    name: `${prefix}_bln`,
    label: `MKG Bulan${baru}`,
    type: 'int',
    min: 0,
    max: 11,
    required: 'MKG Bulan tidak boleh Kosong',
  },
];
const golonganMkgColumns = (prefix: string): RecordColumn[] => [
  { title: 'Golongan', field: 'golongan' },
  { title: 'Nomor SK', field: `${prefix}_sk` },
  { title: 'Tanggal SK', field: `${prefix}_sktgl`, format: 'date' },
  { title: 'Penandatangan', field: `${prefix}_pejabat` },
  { title: 'MKG Tahun', field: `${prefix}_thn` },
  { title: 'MKG Bulan', field: `${prefix}_bln` },
];

/** Relations in the family record (the DPCP and the BKN's daftar susunan keluarga). */
export const HUBUNGAN_KELUARGA = ['Suami', 'Istri', 'Anak Kandung', 'Anak Tiri', 'Anak Angkat'] as const;
export const HUBUNGAN_PASANGAN: readonly string[] = ['Suami', 'Istri'];
/** Whether the person is alive and, for a spouse, still married (a widow's pension needs it). */
export const KEADAAN_KELUARGA = ['Hidup', 'Meninggal', 'Cerai'] as const;
const YA_TIDAK = [
  { value: 'Ya', label: 'Ya' },
  { value: 'Tidak', label: 'Tidak' },
];

// Family (docs/domain/pensiun.md): spouses and children, for the pension proposal (DPCP) and the
// family allowance. Verifiable: the BKN checks the family against its own data.
const KELUARGA: RecordKind = {
  key: 'riwkeluarga',
  title: 'Keluarga',
  table: 'riw_keluarga',
  verifiable: true,
  multipart: true,
  createPath: 'riwkeluarga',
  updateMethod: 'PUT',
  updatePath: 'riwkeluarga/{id}',
  fields: [
    { name: 'nama', label: 'Nama', type: 'text', max: 150, required: 'Nama tidak boleh Kosong' },
    enumField('hubungan', 'Hubungan', HUBUNGAN_KELUARGA, 'Hubungan tidak boleh Kosong'),
    { name: 'tgl_lahir', label: 'Tanggal Lahir', ...TANGGAL, required: 'Tanggal Lahir tidak boleh Kosong' },
    { name: 'tgl_nikah', label: 'Tanggal Nikah (suami/istri)', ...TANGGAL },
    enumField('keadaan', 'Keadaan', KEADAAN_KELUARGA, 'Keadaan tidak boleh Kosong'),
    {
      name: 'tunjangan',
      label: 'Masih Mendapat Tunjangan',
      type: 'enum',
      values: YA_TIDAK,
      required: 'Tunjangan tidak boleh Kosong',
    },
    { name: 'file_keluarga', label: `Akta Nikah/Lahir (${PDF}, boleh menyusul)`, type: 'file' },
  ],
  columns: [
    { title: 'Nama', field: 'nama' },
    { title: 'Hubungan', field: 'hubungan' },
    { title: 'Tanggal Lahir', field: 'tgl_lahir', format: 'date' },
    { title: 'Tanggal Nikah', field: 'tgl_nikah', format: 'date' },
    { title: 'Keadaan', field: 'keadaan' },
    { title: 'Tunjangan', field: 'tunjangan' },
    { title: 'Dokumen', field: 'file_keluarga', format: 'file' },
  ],
};

export const RECORD_KINDS: RecordKind[] = [
  {
    key: 'riwpendidikan',
    title: 'Riwayat Pendidikan Formal',
    table: 'riw_pendidikan',
    verifiable: true,
    createPath: 'riwpendidikan',
    updateMethod: 'PUT',
    updatePath: 'riwpendidikan/{id}',
    fields: [
      {
        name: 'riw_pendidikan_nm',
        label: 'Nama Pendidikan',
        type: 'text',
        max: 150,
        required: 'Nama Pendidikan tidak boleh Kosong',
      },
      {
        name: 'riw_pendidikan_sttb_ijazah',
        label: 'Nomor STTB/Ijazah',
        type: 'text',
        max: 60,
        required: 'Nomor STTB IJAZAH tidak boleh Kosong',
      },
      {
        name: 'riw_pendidikan_tgl',
        label: 'Tanggal Lulus',
        ...TANGGAL,
        required: 'Pendidikan Tanggal tidak boleh Kosong',
      },
      { name: 'riw_pendidikan_lokasi', label: 'Lokasi', type: 'text', max: 150 },
      {
        name: 'riw_pendidikan_pejabat',
        label: 'Pejabat Penandatangan',
        type: 'text',
        max: 150,
        required: 'Pendidikan Pejabat tidak boleh Kosong',
      },
      {
        name: 'jurusan_id',
        label: 'Jurusan',
        type: 'master',
        master: masterOf('jurusan', 'jurusan', 'jurusan_nm'),
        relation: { as: 'jurusan', labelField: 'jurusan_nm' },
        required: 'Jurusan tidak boleh Kosong',
      },
      {
        name: 'tingpend_id',
        label: 'Tingkat Pendidikan',
        type: 'master',
        master: masterOf('tingkatpendidikan', 'tingkatpendidikan', 'nm_tingpend'),
        relation: { as: 'tingkatpendidikan', labelField: 'nm_tingpend' },
        required: 'Tingkat Pendidikan tidak boleh Kosong',
      },
      {
        name: 'luar_negeri',
        label: 'Luar Negeri',
        type: 'enum',
        values: [
          { value: 't', label: 'Ya' },
          { value: 'f', label: 'Tidak' },
        ],
        required: 'Luar Negeri tidak boleh Kosong',
      },
    ],
    columns: [
      { title: 'Tingkat', field: 'tingkatpendidikan', format: 'relation' },
      { title: 'Nama Pendidikan', field: 'riw_pendidikan_nm' },
      { title: 'Jurusan', field: 'jurusan', format: 'relation' },
      { title: 'Nomor Ijazah', field: 'riw_pendidikan_sttb_ijazah' },
      { title: 'Tanggal', field: 'riw_pendidikan_tgl', format: 'date' },
      { title: 'Lokasi', field: 'riw_pendidikan_lokasi' },
      { title: 'Luar Negeri', field: 'luar_negeri', format: 'enum' },
    ],
  },
  {
    key: 'riwpendidikannon',
    title: 'Pendidikan Non Formal',
    table: 'riw_pendidikan_non',
    createPath: 'riwpendidikannon',
    updateMethod: 'PUT',
    updatePath: 'riwpendidikannon/{id}',
    fields: [
      {
        name: 'non_nama',
        label: 'Nama Kursus/Seminar/Lokakarya',
        type: 'text',
        max: 200,
        required: 'Nama Kursus/Seminar/LokaKarya Tidak Boleh Kosong',
      },
      { name: 'non_tgl_mulai', label: 'Tanggal Mulai', ...TANGGAL },
      { name: 'non_tgl_selesai', label: 'Tanggal Selesai', ...TANGGAL, notBefore: 'non_tgl_mulai' },
      {
        name: 'non_sttp',
        label: 'Nomor Ijazah/Tanda Lulus/Surat Keterangan',
        type: 'text',
        max: 100,
        required: 'Nomor Ijazah/Tanda Lulus/Surat Keterangan Tidak Boleh Kosong',
      },
      { name: 'non_sttp_tanggal', label: 'Tanggal Surat', ...TANGGAL },
      {
        name: 'non_sttp_pejabat',
        label: 'Jabatan Penandatangan',
        type: 'text',
        max: 150,
        required: 'Jabatan Penandatangan Tidak Boleh Kosong',
      },
      {
        name: 'non_penyelenggara',
        label: 'Instansi Penyelenggara',
        type: 'text',
        max: 150,
        required: 'Instansi Penyelenggara Tidak Boleh Kosong',
      },
      {
        name: 'non_tempat',
        label: 'Tempat Penyelenggara',
        type: 'text',
        max: 150,
        required: 'Tempat Penyelenggara Tidak Boleh Kosong',
      },
    ],
    columns: [
      { title: 'Nama', field: 'non_nama' },
      { title: 'Mulai', field: 'non_tgl_mulai', format: 'date' },
      { title: 'Selesai', field: 'non_tgl_selesai', format: 'date' },
      { title: 'Nomor', field: 'non_sttp' },
      { title: 'Penyelenggara', field: 'non_penyelenggara' },
      { title: 'Tempat', field: 'non_tempat' },
    ],
  },
  {
    key: 'diklat-teknis',
    title: 'Riwayat Diklat Teknis',
    table: 'riw_diklat_teknis',
    createPath: 'diklat-teknis',
    updateMethod: 'PUT',
    updatePath: 'diklat-teknis/{id}',
    fields: [
      {
        name: 'diklat_id',
        label: 'Nama Diklat',
        type: 'master',
        master: masterOf('namadiklatteknis', 'diklatteknis', 'diklat_teknis_nm'),
        relation: { as: 'namadiklat', labelField: 'diklat_teknis_nm' },
        required: 'Nama Diklat tidak boleh Kosong',
      },
      { name: 'diklat_mulai', label: 'Tanggal Mulai', ...TANGGAL },
      { name: 'diklat_selesai', label: 'Tanggal Selesai', ...TANGGAL, notBefore: 'diklat_mulai' },
      {
        name: 'diklat_penyelenggara',
        label: 'Penyelenggara',
        type: 'text',
        max: 150,
        required: 'diklat_penyelenggara tidak boleh Kosong',
      },
      { name: 'diklat_tempat', label: 'Tempat', type: 'text', max: 150, required: 'diklat_tempat tidak boleh Kosong' },
      {
        name: 'diklat_sttp_no',
        label: 'Nomor STTP',
        type: 'text',
        max: 100,
        required: 'diklat_sttp_no tidak boleh Kosong',
      },
      { name: 'diklat_sttp_tgl', label: 'Tanggal STTP', ...TANGGAL },
      {
        name: 'diklat_sttp_pej',
        label: 'Pejabat STTP',
        type: 'text',
        max: 150,
        required: 'diklat_sttp_pej tidak boleh Kosong',
      },
      {
        name: 'diklat_jumlah_jam',
        label: 'Durasi (jam)',
        type: 'int',
        min: 1,
        max: 5000,
        required: 'diklat_jumlah_jam tidak boleh Kosong',
      },
    ],
    columns: [
      { title: 'Nama Diklat', field: 'namadiklat', format: 'relation' },
      { title: 'Penyelenggara', field: 'diklat_penyelenggara' },
      { title: 'Tempat', field: 'diklat_tempat' },
      { title: 'Durasi', field: 'diklat_jumlah_jam', format: 'jam' },
      { title: 'Nomor STTP', field: 'diklat_sttp_no' },
      { title: 'STTP Pejabat', field: 'diklat_sttp_pej' },
    ],
  },
  {
    key: 'riwpenghargaan',
    title: 'Penghargaan',
    table: 'riw_penghargaan',
    createPath: 'riwpenghargaan',
    updateMethod: 'PUT',
    updatePath: 'riwpenghargaan/{id}',
    fields: [
      {
        name: 'penghargaan_id',
        label: 'Nama Penghargaan',
        type: 'master',
        master: masterOf('namapenghargaan', 'penghargaan', 'penghargaan_nm'),
        relation: { as: 'penghargaan', labelField: 'penghargaan_nm' },
        required: 'penghargaan tidak boleh kosong',
      },
      { name: 'riw_usul_no', label: 'Nomor', type: 'text', max: 100, required: 'nomor tidak boleh kosong' },
      { name: 'riw_penghargaan_tglsk', label: 'Tanggal SK', ...TANGGAL, required: 'tanggal tidak boleh kosong' },
      {
        name: 'riw_penghargaan_jabatan',
        label: 'Jabatan',
        type: 'text',
        max: 150,
        required: 'jabatan tidak boleh kosong',
      },
      {
        name: 'riw_penghargaan_instansi',
        label: 'Instansi',
        type: 'text',
        max: 150,
        required: 'instansi tidak boleh kosong',
      },
      {
        name: 'riw_penghargaan_lokasi',
        label: 'Tempat',
        type: 'text',
        max: 150,
        required: 'lokasi tidak boleh kosong',
      },
    ],
    columns: [
      { title: 'Nama Penghargaan', field: 'penghargaan', format: 'relation' },
      { title: 'Nomor', field: 'riw_usul_no' },
      { title: 'Tanggal', field: 'riw_penghargaan_tglsk', format: 'date' },
      { title: 'Jabatan', field: 'riw_penghargaan_jabatan' },
      { title: 'Instansi', field: 'riw_penghargaan_instansi' },
      { title: 'Tempat', field: 'riw_penghargaan_lokasi' },
    ],
  },
  {
    key: 'riwkeahlianumum',
    title: 'Keahlian Umum',
    table: 'riw_keahlian_umum',
    createPath: 'riwkeahlianumum',
    updateMethod: 'PUT',
    updatePath: 'riwkeahlianumum/{id}',
    fields: [
      {
        name: 'keahlian_id',
        label: 'Keahlian',
        type: 'master',
        master: masterOf('masterkeahlian?keahlian_tipe=umum', 'keahlian:umum', 'keahlian_nama'),
        relation: { as: 'keahlian', labelField: 'keahlian_nama' },
        required: 'keahlian tidak boleh Kosong',
      },
      levelField('keahlian_level_id', 'Level', 'level', 'level keahlian tidak boleh Kosong'),
      ...SKILL_SINCE_AND_SOURCES,
    ],
    columns: [
      { title: 'Keahlian', field: 'keahlian', format: 'relation' },
      { title: 'Level', field: 'level', format: 'relation' },
      ...SKILL_SOURCE_COLUMNS,
    ],
  },
  {
    key: 'riwkeahlianbahasa',
    title: 'Keahlian Bahasa',
    table: 'riw_keahlian_bahasa',
    createPath: 'riwkeahlianbahasa',
    updateMethod: 'PUT',
    updatePath: 'riwkeahlianbahasa/{id}',
    fields: [
      {
        name: 'keahlian_id',
        label: 'Bahasa',
        type: 'master',
        master: masterOf('masterkeahlian?keahlian_tipe=bahasa', 'keahlian:bahasa', 'keahlian_nama'),
        relation: { as: 'keahlian', labelField: 'keahlian_nama' },
        required: 'keahlian tidak boleh Kosong',
      },
      levelField('bicara_level_id', 'Berbicara', 'bicara', 'level berbicara tidak boleh Kosong'),
      levelField('mendengarkan_level_id', 'Mendengarkan', 'mendengarkan', 'level mendengarkan tidak boleh Kosong'),
      levelField('menulis_level_id', 'Menulis', 'menulis', 'level menulis tidak boleh Kosong'),
      levelField('membaca_level_id', 'Membaca', 'membaca', 'level membaca tidak boleh Kosong'),
      ...SKILL_SINCE_AND_SOURCES,
    ],
    columns: [
      { title: 'Bahasa', field: 'keahlian', format: 'relation' },
      { title: 'Berbicara', field: 'bicara', format: 'relation' },
      { title: 'Mendengarkan', field: 'mendengarkan', format: 'relation' },
      { title: 'Menulis', field: 'menulis', format: 'relation' },
      { title: 'Membaca', field: 'membaca', format: 'relation' },
      ...SKILL_SOURCE_COLUMNS,
    ],
  },
  {
    key: 'riwpangkat',
    title: 'Kepangkatan',
    table: 'riw_pangkat',
    verifiable: true,
    setsSalary: true,
    createPath: 'riwpangkat',
    updateMethod: 'PUT',
    updatePath: 'riwpangkat/{id}',
    fields: [
      ...golonganMkgFields('riw_pangkat'),
      { name: 'riw_pangkat_tmt', label: 'TMT', ...TANGGAL, firstOfMonth: true, required: 'TMT tidak boleh Kosong' },
    ],
    columns: [...golonganMkgColumns('riw_pangkat'), { title: 'TMT', field: 'riw_pangkat_tmt', format: 'date' }],
  },
  {
    // Peninjauan masa kerja (PMK): a decree that credits earlier service and so sets the
    // MKG, and with it the basic salary, within the teacher's golongan (BKN, PP 7/1977 as amended).
    key: 'riwpmk',
    title: 'Peninjauan Masa Kerja',
    table: 'riw_pmk',
    verifiable: true,
    setsSalary: true,
    createPath: 'riwpmk',
    updateMethod: 'PUT',
    updatePath: 'riwpmk/{id}',
    fields: [
      ...golonganMkgFields('pmk', ' (baru)'),
      {
        name: 'pmk_gaji',
        label: 'Gaji Pokok (baru)',
        type: 'int',
        min: 0,
        max: 100_000_000,
        required: 'Gaji Pokok tidak boleh Kosong',
      },
      { name: 'pmk_tmt', label: 'TMT', ...TANGGAL, firstOfMonth: true, required: 'TMT tidak boleh Kosong' },
    ],
    columns: [
      ...golonganMkgColumns('pmk'),
      { title: 'Gaji Pokok', field: 'pmk_gaji', format: 'rupiah' },
      { title: 'TMT', field: 'pmk_tmt', format: 'date' },
    ],
  },
  {
    key: 'riwkaryatulis',
    title: 'Karya Tulis',
    table: 'riw_karya_tulis',
    multipart: true,
    // SPEC §7: the create path has a trailing slash.
    createPath: 'riwkaryatulis/',
    updateMethod: 'PUT',
    updatePath: 'riwkaryatulis/{id}',
    fields: [
      {
        name: 'jenis_kt_id',
        label: 'Jenis Karya Tulis',
        type: 'master',
        master: masterOf('masterjeniskaryatulis', 'jeniskaryatulis', 'nama'),
        relation: { as: 'jenis_kt', labelField: 'nama' },
        required: 'Jenis Karya Tulis Tidak Boleh Kosong',
      },
      { name: 'judul', label: 'Judul', type: 'text', max: 300, required: 'Judul Karya Tulis Tidak Boleh Kosong' },
      { name: 'tgl_penerbitan', label: 'Tanggal Terbit', ...TANGGAL },
      { name: 'file', label: `File (${PDF})`, type: 'file', required: 'File Karya Tulis Harus Di Isi' },
    ],
    columns: [
      { title: 'Jenis', field: 'jenis_kt', format: 'relation' },
      { title: 'Judul', field: 'judul' },
      { title: 'Tanggal Terbit', field: 'tgl_penerbitan', format: 'date' },
      { title: 'File', field: 'file', format: 'file' },
    ],
  },
  {
    key: 'riwkgb',
    title: 'Riwayat KGB',
    table: 'riw_kgb',
    verifiable: true,
    signedRows: true,
    setsSalary: true,
    multipart: true,
    createPath: 'riwkgb/',
    updateMethod: 'POST',
    updatePath: 'updateriwkgb/{id}',
    fields: [
      { name: 'no_kgb', label: 'Nomor KGB', type: 'text', max: 100, required: 'Nomor KGB Tidak Boleh Kosong' },
      { name: 'perihal', label: 'Perihal', type: 'text', max: 200 },
      { name: 'ttgl_kgb', label: 'TMT KGB', ...TANGGAL, firstOfMonth: true },
      {
        name: 'gpl_kgb',
        label: 'Gaji Pokok',
        type: 'int',
        min: 0,
        max: 100_000_000,
        required: 'Gaji Pokok Tidak Boleh Kosong',
      },
      { name: 'file_kgb', label: `File SK (${PDF})`, type: 'file', required: 'File Tidak Boleh Kosong' },
      { name: 'gol_kgb', label: 'Golongan', type: 'golongan', required: 'Golongan Tidak Boleh Kosong' },
      { name: 'nosk_kgb', label: 'Nomor SK KGB', type: 'text', max: 100, required: 'Nomor SK KGB Tidak Boleh Kosong' },
      { name: 'tglsk_kgb', label: 'Tanggal SK', ...TANGGAL },
      { name: 'mkg_tahun', label: 'MKG Tahun', type: 'int', min: 0, max: 45, required: 'MKG Tahun Tidak Boleh Kosong' },
      { name: 'mkg_bulan', label: 'MKG Bulan', type: 'int', min: 0, max: 11, required: 'MKG Bulan Tidak Boleh Kosong' },
      // Who issued the decree, printed as "Oleh Pejabat" on the next letter (blank when not recorded).
      { name: 'pejabat_kgb', label: 'Pejabat yang Menetapkan', type: 'text', max: 150 },
    ],
    columns: [
      { title: 'Nomor', field: 'no_kgb' },
      { title: 'Perihal', field: 'perihal' },
      { title: 'TMT', field: 'ttgl_kgb', format: 'date' },
      { title: 'Tanggal SK', field: 'tglsk_kgb', format: 'date' },
      { title: 'Status File', field: 'statusfile_kgb', format: 'enum' },
      { title: 'File', field: 'file_link', format: 'file' },
    ],
  },
  // Performance ratings and disciplinary penalties: what rank promotion (and the KGB due list)
  // checks besides the rank decrees (docs/domain/kenaikan-pangkat.md).
  {
    key: 'riwskp',
    title: 'Penilaian Kinerja / SKP',
    table: 'riw_skp',
    verifiable: true,
    multipart: true,
    createPath: 'riwskp',
    updateMethod: 'PUT',
    updatePath: 'riwskp/{id}',
    fields: [
      { name: 'tahun', label: 'Tahun', type: 'int', min: 2000, max: 2100, required: 'Tahun tidak boleh Kosong' },
      enumField('periode', 'Periode', PERIODE_SKP, 'Periode tidak boleh Kosong'),
      enumField('predikat', 'Predikat', PREDIKAT_SKP, 'Predikat tidak boleh Kosong'),
      { name: 'nilai', label: 'Nilai', type: 'text', max: 10 },
      {
        name: 'penilai',
        label: 'Pejabat Penilai',
        type: 'text',
        max: 150,
        required: 'Pejabat Penilai tidak boleh Kosong',
      },
      { name: 'file_skp', label: `Dokumen SKP (${PDF}, boleh menyusul)`, type: 'file' },
    ],
    columns: [
      { title: 'Tahun', field: 'tahun' },
      { title: 'Periode', field: 'periode' },
      { title: 'Predikat', field: 'predikat' },
      { title: 'Nilai', field: 'nilai' },
      { title: 'Pejabat Penilai', field: 'penilai' },
      { title: 'Dokumen', field: 'file_skp', format: 'file' },
    ],
  },
  {
    key: 'riwhukdis',
    title: 'Hukuman Disiplin',
    table: 'riw_hukdis',
    verifiable: true,
    createPath: 'riwhukdis',
    updateMethod: 'PUT',
    updatePath: 'riwhukdis/{id}',
    fields: [
      enumField('tingkat', 'Tingkat', TINGKAT_HUKDIS, 'Tingkat Hukuman tidak boleh Kosong'),
      { name: 'jenis', label: 'Jenis Hukuman', type: 'text', max: 150, required: 'Jenis Hukuman tidak boleh Kosong' },
      { name: 'hukdis_sk', label: 'Nomor SK', type: 'text', max: 100, required: 'Nomor SK tidak boleh Kosong' },
      { name: 'hukdis_sktgl', label: 'Tanggal SK', ...TANGGAL, required: 'Tanggal SK tidak boleh Kosong' },
      { name: 'hukdis_tmt', label: 'Berlaku Mulai', ...TANGGAL, required: 'Tanggal Berlaku tidak boleh Kosong' },
      { name: 'hukdis_selesai', label: 'Berlaku Sampai', ...TANGGAL, notBefore: 'hukdis_tmt' },
    ],
    columns: [
      { title: 'Tingkat', field: 'tingkat' },
      { title: 'Jenis', field: 'jenis' },
      { title: 'Nomor SK', field: 'hukdis_sk' },
      { title: 'Tanggal SK', field: 'hukdis_sktgl', format: 'date' },
      { title: 'Mulai', field: 'hukdis_tmt', format: 'date' },
      { title: 'Sampai', field: 'hukdis_selesai', format: 'date' },
    ],
  },
  KELUARGA,
  // The credit points a functional teacher has, as the last PAK (Penetapan Angka Kredit) sets them:
  // the rank promotion rule counts from it (docs/domain/kenaikan-pangkat.md, "Credit points").
  {
    key: 'riwpak',
    title: 'Penetapan Angka Kredit (PAK)',
    table: 'riw_pak',
    verifiable: true,
    multipart: true,
    createPath: 'riwpak',
    updateMethod: 'PUT',
    updatePath: 'riwpak/{id}',
    fields: [
      { name: 'pak_nomor', label: 'Nomor PAK', type: 'text', max: 100, required: 'Nomor PAK tidak boleh Kosong' },
      { name: 'pak_tgl', label: 'Tanggal PAK', ...TANGGAL, required: 'Tanggal PAK tidak boleh Kosong' },
      {
        name: 'pak_sampai',
        label: 'Dinilai Sampai',
        ...TANGGAL,
        required: 'Tanggal Akhir Penilaian tidak boleh Kosong',
      },
      {
        name: 'ak_kumulatif',
        label: 'Angka Kredit Kumulatif',
        type: 'decimal',
        scale: 3,
        min: 0,
        max: 2000,
        required: 'Angka Kredit Kumulatif tidak boleh Kosong',
      },
      { name: 'pak_pejabat', label: 'Pejabat Penetap', type: 'text', max: 150 },
      { name: 'file_pak', label: `Dokumen PAK (${PDF}, boleh menyusul)`, type: 'file' },
    ],
    columns: [
      { title: 'Nomor PAK', field: 'pak_nomor' },
      { title: 'Tanggal', field: 'pak_tgl', format: 'date' },
      { title: 'Dinilai Sampai', field: 'pak_sampai', format: 'date' },
      { title: 'AK Kumulatif', field: 'ak_kumulatif', format: 'angka' },
      { title: 'Dokumen', field: 'file_pak', format: 'file' },
    ],
  },
];

export const RECORD_KIND = Object.fromEntries(RECORD_KINDS.map((k) => [k.key, k])) as Record<RecordKindKey, RecordKind>;

export const DOCUMENT_MAX_BYTES = 10 * 1024 * 1024;
export const DOCUMENT_MSG = {
  type: 'File harus berupa PDF',
  tooLarge: 'Ukuran file maksimal 10 MB',
  unreadable: 'File PDF rusak atau tidak dapat dibaca',
  encrypted: 'File PDF terkunci atau terenkripsi; simpan ulang tanpa kata sandi lalu unggah lagi',
  active: 'File PDF tidak boleh memuat JavaScript atau tindakan otomatis',
  tooComplex: 'File PDF terlalu rumit untuk diperiksa; cetak ulang sebagai PDF biasa lalu unggah lagi',
} as const;
