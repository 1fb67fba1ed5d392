import { bigint, customType, integer, pgTable, primaryKey, timestamp, varchar } from 'drizzle-orm/pg-core';

/** PostgreSQL bytea: Buffer on node-postgres, Uint8Array on PGlite. */
const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({ dataType: () => 'bytea' });

/**
 * The file store in the database (FILE_STORE=postgres, the default with DATABASE_URL; decision
 * 0041): one row per stored file, named by its key (server/lib/file-store.ts FILE_KEY_PATTERN),
 * with its size and SHA-256, and its content in `berkas_bagian`.
 */
export const berkas = pgTable('berkas', {
  key: varchar('key', { length: 40 }).primaryKey(),
  ukuran: bigint('ukuran', { mode: 'number' }).notNull(),
  sha256: varchar('sha256', { length: 64 }).notNull(),
  dibuatPada: timestamp('dibuat_pada', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * A file's content in parts of at most 256 KB (`urutan` from 0), so a large file is written and
 * read part by part, never as one value. Stored uncompressed (images and PDFs do not shrink).
 */
export const berkasBagian = pgTable(
  'berkas_bagian',
  {
    key: varchar('key', { length: 40 })
      .notNull()
      .references(() => berkas.key, { onDelete: 'cascade' }),
    urutan: integer('urutan').notNull(),
    isi: bytea('isi').notNull(),
  },
  (t) => [primaryKey({ columns: [t.key, t.urutan] })],
);
