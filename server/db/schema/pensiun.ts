import { date, index, integer, pgTable, serial, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { users } from './auth.ts';
import { guru } from './guru.ts';

/**
 * A teacher's pension proposal (usul pensiun BUP, docs/domain/pensiun.md) and its state:
 * disiapkan (being prepared), diusulkan (sent to BKD with the covering letter), dikembalikan
 * (returned, with the reason), ditetapkan (the pension SK entered: number, date, TMT; the teacher's
 * status becomes pensiun at the TMT). One proposal per teacher; `versi` rises on every change, so
 * two people changing it at once cannot both win.
 */
export const pensiunUsul = pgTable(
  'pensiun_usul',
  {
    id: serial('id').primaryKey(),
    guru_id: integer('guru_id')
      .notNull()
      .references(() => guru.id, { onDelete: 'cascade' }),
    status: varchar('status', { length: 12 }).notNull().default('disiapkan'),
    alasan: text('alasan'),
    nomor_surat: varchar('nomor_surat', { length: 100 }),
    tanggal_surat: date('tanggal_surat', { mode: 'string' }),
    sk_nomor: varchar('sk_nomor', { length: 100 }),
    sk_tanggal: date('sk_tanggal', { mode: 'string' }),
    sk_tmt: date('sk_tmt', { mode: 'string' }),
    versi: integer('versi').notNull().default(1),
    diubah_oleh: integer('diubah_oleh').references(() => users.id, { onDelete: 'set null' }),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('pensiun_usul_guru_uq').on(t.guru_id), index('pensiun_usul_status_idx').on(t.status)],
);
