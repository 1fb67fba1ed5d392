import { pgTable, varchar, smallint, index } from 'drizzle-orm/pg-core';

/**
 * Kemendagri administrative regions (idn-area-data): level 1 province (`82`), 2 regency/city
 * (`82.01`), 3 district (`82.01.01`), 4 village (`82.01.01.2001`).
 */
export const wilayah = pgTable(
  'wilayah',
  {
    kodeWilayah: varchar('kode_wilayah', { length: 13 }).primaryKey(),
    nama: varchar('nama', { length: 200 }).notNull(),
    level: smallint('level').notNull(),
    induk: varchar('induk', { length: 13 }),
  },
  (t) => [index('wilayah_induk_idx').on(t.induk)],
);
