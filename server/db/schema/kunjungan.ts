import { pgTable, integer, date, primaryKey } from 'drizzle-orm/pg-core';
import { users } from './auth.ts';

/**
 * Visits for the "Statistik Kunjungan" tab: a signed-in user counts once per day. The key leads
 * with the day, so the last-14-days count reads a short index range and the pair stays unique.
 */
export const kunjungan = pgTable(
  'kunjungan',
  {
    /** The visit day in the office's time zone (YYYY-MM-DD). */
    tanggal: date('tanggal', { mode: 'string' }).notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ name: 'kunjungan_pk', columns: [t.tanggal, t.userId] })],
);
