import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, serial, text, timestamp, varchar } from 'drizzle-orm/pg-core';
import { users } from './auth.ts';

/**
 * A teacher import run in the background (docs/domain/dapodik.md, "Impor besar"): many files (one per
 * school) or one file of up to 100,000 rows. The files sit in the file store; the rows are written
 * in batches, each batch in its own transaction together with the run's position (`posisi`), so a
 * stopped run (cancelled, the server stopped, a failure) goes on from the first batch not written.
 * A run whose `diperbarui` stops moving while 'berjalan' was interrupted. Progress only: every
 * teacher it writes is audited on `guru`.
 */
export const imporTugas = pgTable(
  'impor_tugas',
  {
    id: serial('id').primaryKey(),
    status: varchar('status', { length: 12 }).notNull(),
    /** The files: [{ nama, key, npsn, baris (rows read, null until read), selesai }]. */
    berkas: jsonb('berkas').notNull(),
    /** Where the run goes on: the file's index and the rows of it already written. */
    posisiBerkas: integer('posisi_berkas').notNull().default(0),
    posisiBaris: integer('posisi_baris').notNull().default(0),
    dibuat: integer('dibuat').notNull().default(0),
    diubah: integer('diubah').notNull().default(0),
    sama: integer('sama').notNull().default(0),
    galat: integer('galat').notNull().default(0),
    tendik: integer('tendik').notNull().default(0),
    konflik: integer('konflik').notNull().default(0),
    /** The rows that need the office's eye (errors, conflicts, staff, teachers missing from a school's file), at most a cap. */
    laporan: jsonb('laporan')
      .notNull()
      .default(sql`'[]'::jsonb`),
    batal: boolean('batal').notNull().default(false),
    dibuatOleh: integer('dibuat_oleh').references(() => users.id),
    mulai: timestamp('mulai', { withTimezone: true }).notNull(),
    diperbarui: timestamp('diperbarui', { withTimezone: true }).notNull(),
    selesai: timestamp('selesai', { withTimezone: true }),
    pesan: text('pesan'),
  },
  (t) => [index('impor_tugas_mulai_idx').on(t.mulai)],
);
