import {
  pgTable,
  serial,
  integer,
  varchar,
  numeric,
  bigint,
  date,
  text,
  timestamp,
  index,
  primaryKey,
} from 'drizzle-orm/pg-core';
import { sekolah } from './sekolah.ts';
import { fasilitas, jenisRuangan, masterAset } from './master.ts';

export const sekolahFasilitas = pgTable(
  'sekolah_fasilitas',
  {
    sekolahId: integer('sekolah_id')
      .notNull()
      .references(() => sekolah.id, { onDelete: 'cascade' }),
    fasilitasId: integer('fasilitas_id')
      .notNull()
      .references(() => fasilitas.id),
  },
  (t) => [primaryKey({ columns: [t.sekolahId, t.fasilitasId] })],
);

export const ruangan = pgTable(
  'ruangan',
  {
    id: serial('id').primaryKey(),
    sekolahId: integer('sekolah_id')
      .notNull()
      .references(() => sekolah.id, { onDelete: 'cascade' }),
    jenisRuanganId: integer('jenis_ruangan_id')
      .notNull()
      .references(() => jenisRuangan.id),
    nama: varchar('nama', { length: 100 }).notNull(),
    /** Metres. */
    panjang: numeric('panjang', { precision: 8, scale: 2, mode: 'number' }).notNull(),
    lebar: numeric('lebar', { precision: 8, scale: 2, mode: 'number' }).notNull(),
    tinggi: numeric('tinggi', { precision: 6, scale: 2, mode: 'number' }).notNull(),
    keterangan: text('keterangan').notNull(),
    /** The room's condition (kondisi master name). */
    status: varchar('status', { length: 50 }).notNull().default('Baik'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('ruangan_sekolah_idx').on(t.sekolahId), index('ruangan_jenis_idx').on(t.jenisRuanganId)],
);

export const aset = pgTable(
  'aset',
  {
    id: serial('id').primaryKey(),
    ruanganId: integer('ruangan_id')
      .notNull()
      .references(() => ruangan.id),
    masterAsetId: integer('master_aset_id')
      .notNull()
      .references(() => masterAset.id),
    nama: varchar('nama', { length: 150 }).notNull(),
    jumlah: integer('jumlah').notNull(),
    /** Rupiah per unit. */
    harga: bigint('harga', { mode: 'number' }).notNull(),
    kondisi: varchar('kondisi', { length: 50 }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('aset_ruangan_idx').on(t.ruanganId), index('aset_master_idx').on(t.masterAsetId)],
);

export const lahan = pgTable(
  'lahan',
  {
    id: serial('id').primaryKey(),
    sekolahId: integer('sekolah_id')
      .notNull()
      .references(() => sekolah.id, { onDelete: 'cascade' }),
    nama: varchar('nama', { length: 150 }).notNull(),
    /** Square metres. */
    luas: numeric('luas', { precision: 14, scale: 2, mode: 'number' }).notNull(),
    tglPerolehan: date('tglperolehan', { mode: 'string' }).notNull(),
    harga: bigint('harga', { mode: 'number' }).notNull(),
    kondisi: varchar('kondisi', { length: 50 }).notNull(),
    keterangan: text('keterangan').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('lahan_sekolah_idx').on(t.sekolahId)],
);

export const galeri = pgTable(
  'galeri',
  {
    id: serial('id').primaryKey(),
    sekolahId: integer('sekolah_id')
      .notNull()
      .references(() => sekolah.id, { onDelete: 'cascade' }),
    nama: varchar('nama', { length: 150 }).notNull(),
    /** 'sekolah' or 'ruangan'. */
    jenis: varchar('jenis', { length: 20 }).notNull(),
    desk: text('desk').notNull(),
    ket: text('ket').notNull(),
    /** Storage keys of the re-encoded image and its thumbnail. */
    fotoKey: varchar('foto_key', { length: 100 }).notNull(),
    thumbKey: varchar('thumb_key', { length: 100 }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('galeri_sekolah_idx').on(t.sekolahId),
    // GET /files/:key serves a key only when a school row names it (server/modules/files/files.repository.ts).
    index('galeri_foto_key_idx').on(t.fotoKey),
    index('galeri_thumb_key_idx').on(t.thumbKey),
  ],
);
