import { pgTable, serial, varchar, uniqueIndex } from 'drizzle-orm/pg-core';

/** Education forms (SPEC: masterbp): TK, SD, SMP, SMA, SMK. */
export const bentukPendidikan = pgTable('bentuk_pendidikan', {
  id: serial('id').primaryKey(),
  nama: varchar('nama', { length: 20 }).notNull().unique(),
});

export const fasilitas = pgTable('fasilitas', {
  id: serial('id').primaryKey(),
  fasilitas: varchar('fasilitas', { length: 100 }).notNull().unique(),
});

/** Condition master (docs/domain/data-guru.md): Baik, Rusak Ringan, Rusak Sedang, Rusak Berat. */
export const kondisi = pgTable('kondisi', {
  id: serial('id').primaryKey(),
  nama: varchar('nama', { length: 50 }).notNull().unique(),
});

/** Room types (SPEC: api/ruangan), editable by administrators. */
export const jenisRuangan = pgTable(
  'jenis_ruangan',
  {
    id: serial('id').primaryKey(),
    nama: varchar('nama', { length: 100 }).notNull(),
  },
  (t) => [uniqueIndex('jenis_ruangan_nama_uq').on(t.nama)],
);

/** Asset types (SPEC: api/master-aset, api/asset), editable by administrators. */
export const masterAset = pgTable(
  'master_aset',
  {
    id: serial('id').primaryKey(),
    nama: varchar('nama', { length: 100 }).notNull(),
  },
  (t) => [uniqueIndex('master_aset_nama_uq').on(t.nama)],
);
