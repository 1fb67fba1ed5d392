import {
  pgTable,
  serial,
  varchar,
  integer,
  doublePrecision,
  timestamp,
  text,
  uniqueIndex,
  index,
} from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { wilayah } from './wilayah.ts';

export const sekolah = pgTable(
  'sekolah',
  {
    id: serial('id').primaryKey(),
    /** 8 characters, digits or capital letters; a string, never a number. */
    npsn: varchar('npsn', { length: 8 }).notNull(),
    namaSekolah: varchar('nama_sekolah', { length: 200 }).notNull(),
    /** Negeri or Swasta. */
    status: varchar('status', { length: 10 }).notNull(),
    /** TK, SD, SMP, SMA, SMK. */
    bentukPendidikan: varchar('bentuk_pendidikan', { length: 20 }).notNull(),
    alamat: text('alamat'),
    rtrw: varchar('rtrw', { length: 20 }),
    /** Village-level Kemendagri code; district, regency and province follow from it. */
    kodeWilayah: varchar('kode_wilayah', { length: 13 }).references(() => wilayah.kodeWilayah),
    kodePos: varchar('kode_pos', { length: 5 }),
    telpon: varchar('telpon', { length: 20 }),
    fax: varchar('fax', { length: 20 }),
    email: varchar('email', { length: 200 }),
    web: varchar('web', { length: 200 }),
    /** Student count, shown as 'Orang/Jiwa'. */
    rombel: integer('rombel'),
    lat: doublePrecision('lat'),
    long: doublePrecision('long'),
    /** Storage key of the school logo. */
    logoKey: varchar('logo_key', { length: 100 }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('sekolah_npsn_uq').on(t.npsn),
    // The list sorted by name (without regard to case, on every database: "SMA NEGERI 5" beside
    // "SMA Negeri 4") with id as tie-break: a page of ids straight from the index.
    index('sekolah_nama_id_idx').on(sql`lower(${t.namaSekolah})`, t.id),
    index('sekolah_bp_idx').on(t.bentukPendidikan),
    // GET /files/:key serves a key only when a school row names it (server/modules/files/files.repository.ts).
    index('sekolah_logo_key_idx').on(t.logoKey),
    index('sekolah_nama_lower_idx').on(sql`lower(${t.namaSekolah})`),
    // The school list's search `q` is a contains-match on name or NPSN (a province has 220,000 schools).
    index('sekolah_nama_trgm_idx').using('gin', sql`${t.namaSekolah} gin_trgm_ops`),
    index('sekolah_npsn_trgm_idx').using('gin', sql`${t.npsn} gin_trgm_ops`),
  ],
);
