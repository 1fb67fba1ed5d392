import { index, integer, pgTable, serial, text, timestamp, varchar } from 'drizzle-orm/pg-core';
import { sekolah } from './sekolah.ts';
import { guru } from './guru.ts';

/**
 * Notices to a school's operators: a KGB draft sent back for correction with the
 * office's note, a letter signed. Written by the server in the transaction of the event; read and
 * marked read by the school's operators. (Upcoming KGB months are worked out when asked, not stored.)
 */
export const notifikasi = pgTable(
  'notifikasi',
  {
    id: serial('id').primaryKey(),
    sekolahId: integer('sekolah_id')
      .notNull()
      .references(() => sekolah.id, { onDelete: 'cascade' }),
    guruId: integer('guru_id').references(() => guru.id, { onDelete: 'set null' }),
    jenis: varchar('jenis', { length: 20 }).notNull(),
    judul: text('judul').notNull(),
    isi: text('isi').notNull(),
    dibuatPada: timestamp('dibuat_pada', { withTimezone: true }).notNull(),
    dibacaPada: timestamp('dibaca_pada', { withTimezone: true }),
  },
  (t) => [index('notifikasi_sekolah_idx').on(t.sekolahId, t.id)],
);
