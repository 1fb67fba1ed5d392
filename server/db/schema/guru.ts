import {
  pgTable,
  serial,
  integer,
  varchar,
  smallint,
  date,
  bigint,
  text,
  timestamp,
  index,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { sekolah } from './sekolah.ts';
import { wilayah } from './wilayah.ts';

/**
 * Teacher master lists in one table (contract/master-guru.ts): `kategori` says which list,
 * `nama` is the name the API answers, `nama2` its second value (pangkat, printed level, tipe).
 */
export const referensi = pgTable(
  'referensi',
  {
    id: serial('id').primaryKey(),
    kategori: varchar('kategori', { length: 30 }).notNull(),
    nama: varchar('nama', { length: 200 }).notNull(),
    nama2: varchar('nama2', { length: 100 }),
    urutan: integer('urutan').notNull().default(0),
  },
  (t) => [
    uniqueIndex('referensi_kategori_nama_uq').on(t.kategori, t.nama, t.nama2),
    index('referensi_kategori_idx').on(t.kategori, t.urutan),
  ],
);

// Column keys are the API's field names (SPEC §3), so reading and writing map one to one.
export const guru = pgTable(
  'guru',
  {
    id: serial('id').primaryKey(),
    sekolah_id: integer('sekolah_id').references(() => sekolah.id),
    nama: varchar('nama', { length: 150 }).notNull(),
    gelar_depan: varchar('gelar_depan', { length: 30 }),
    gelar_belakang: varchar('gelar_belakang', { length: 50 }),
    nip: varchar('nip', { length: 18 }),
    /** Sensitive (UU PDP): detail answers only, never lists or logs. */
    nik: varchar('nik', { length: 16 }),
    nuptk: varchar('nuptk', { length: 16 }),
    jenis_kelamin: varchar('jenis_kelamin', { length: 10 }).notNull(),
    tempat_lahir: varchar('tempat_lahir', { length: 100 }),
    tgl_lahir: date('tgl_lahir', { mode: 'string' }).notNull(),
    status_nikah: varchar('status_nikah', { length: 10 }),
    goldar: varchar('goldar', { length: 5 }),
    no_hp: varchar('no_hp', { length: 15 }),
    email: varchar('email', { length: 200 }),
    instagram: varchar('instagram', { length: 60 }),
    hobi: varchar('hobi', { length: 200 }),
    /** nm_gol of the rank master, e.g. III/a; PNS only. */
    golongan: varchar('golongan', { length: 10 }),
    id_jabatan: integer('id_jabatan').references(() => referensi.id),
    /** Employment status: PNS, PPPK, GTY, GTT, Honor Daerah, Honor Sekolah. */
    status_guru: varchar('status_guru', { length: 50 }),
    pendidikan_terakhir: varchar('pendidikan_terakhir', { length: 20 }),
    sertifikasi: varchar('sertifikasi', { length: 5 }),
    mapel_1: varchar('mapel_1', { length: 100 }),
    mapel_2: varchar('mapel_2', { length: 100 }),
    gaji_pokok: bigint('gaji_pokok', { mode: 'number' }),
    gaji_pokok_lama: bigint('gaji_pokok_lama', { mode: 'number' }),
    no_karpeg: varchar('no_karpeg', { length: 30 }),
    mkg_tahun: integer('mkg_tahun'),
    mkg_bulan: integer('mkg_bulan'),
    tgl_kgb_terakhir: date('tgl_kgb_terakhir', { mode: 'string' }),
    /**
     * Months the next KGB is postponed (penundaan KGB): derived from kgb_penundaan rows
     * after the last KGB, kept here so the due list reads the postponed TMT from its index.
     */
    kgb_tunda_bulan: smallint('kgb_tunda_bulan').notNull().default(0),
    /**
     * Where the next KGB counts from (two years on) when it is not the last KGB (domain
     * `cycleAnchor`): a PPPK teacher's appointment (the NI PPPK carries no month), or after a
     * service-credit review (PMK) the date the MKG reaches the next step, less two years. Derived
     * from the record; null otherwise.
     */
    tmt_awal_kgb: date('tmt_awal_kgb', { mode: 'string' }),
    /**
     * Employment life cycle: aktif, pensiun, mutasi (moved out), berhenti, wafat. Only
     * active teachers are listed as due, counted and forecast; a civil servant past the retirement
     * age (BUP) counts as retired whatever is stored here.
     */
    status_kepegawaian: varchar('status_kepegawaian', { length: 10 }).notNull().default('aktif'),
    tgl_status_kepegawaian: date('tgl_status_kepegawaian', { mode: 'string' }),
    ket_status_kepegawaian: text('ket_status_kepegawaian'),
    /**
     * TMT of the newest verified rank decree (Kepangkatan), kept by the trigger riw_pangkat_kp_tmt
     * (migration 0031): the promotion period list selects its window from an index on it.
     */
    kp_tmt: date('kp_tmt', { mode: 'string' }),
    alamat_domisili: text('alamat_domisili'),
    kode_wilayah: varchar('kode_wilayah', { length: 13 }).references(() => wilayah.kodeWilayah),
    foto_key: varchar('foto_key', { length: 100 }),
    /** 0 = unverified (SPEC §4). */
    verifikasi: smallint('verifikasi').notNull().default(0),
    /** Raised by every change of the teacher's own data; an edit based on an older value gets 409. */
    versi: integer('versi').notNull().default(1),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('guru_nip_uq')
      .on(t.nip)
      .where(sql`${t.nip} is not null`),
    index('guru_sekolah_idx').on(t.sekolah_id),
    index('guru_nama_lower_idx').on(sql`lower(${t.nama})`),
    // The list's order (nama, id): a page and the keyset export read the index, not a sort. The
    // migration (0009) adds INCLUDE (sekolah_id), so a page of ids filtered by school level is an
    // index-only scan (drizzle cannot declare INCLUDE).
    index('guru_nama_list_idx').on(t.nama, t.id),
    // Name search (LIKE '%…%' on the lowered name) has its trigram index on `nama_cari`, a
    // generated column outside this schema (migration 0015).
    // NIP search is a prefix match.
    index('guru_nip_prefix_idx').on(sql`${t.nip} varchar_pattern_ops`),
    // The list filtered by teacher type, in list order; INCLUDE (sekolah_id) added by migration 0009.
    index('guru_status_list_idx').on(t.status_guru, t.nama, t.id),
    index('guru_tgl_lahir_idx').on(t.tgl_lahir),
    index('guru_kgb_idx').on(t.tgl_kgb_terakhir),
    // The promotion period list's window (active civil servants; docs/performance.md): its count
    // reads (kp_tmt, tgl_lahir) from this index alone, and a page of it in list order (nama, id)
    // reads the next one, to which the migration (0038) adds INCLUDE (kp_tmt, tgl_lahir, sekolah_id)
    // so that the window's conditions and the school-level filter are checked in the index too.
    index('guru_kp_tmt_idx')
      .on(t.kp_tmt, t.tgl_lahir)
      .where(sql`${t.status_guru} = 'PNS' and ${t.status_kepegawaian} = 'aktif'`),
    index('guru_kp_list_idx')
      .on(t.nama, t.id)
      .where(sql`${t.status_guru} = 'PNS' and ${t.status_kepegawaian} = 'aktif'`),
  ],
);
