import {
  date,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { users } from './auth.ts';
import { guru } from './guru.ts';
import { riwPangkat } from './riwayat.ts';

/**
 * A rank-promotion proposal batch (usul kenaikan pangkat) to the regional personnel agency (BKD) for
 * one period: its covering letter's number and date. The teachers in it are kp_usulan_guru rows.
 */
export const kpUsulan = pgTable(
  'kp_usulan',
  {
    id: serial('id').primaryKey(),
    /** The period's TMT (first day of the month). */
    periode: date('periode', { mode: 'string' }).notNull(),
    nomor_surat: varchar('nomor_surat', { length: 100 }).notNull(),
    tanggal_surat: date('tanggal_surat', { mode: 'string' }).notNull(),
    dibuat_oleh: integer('dibuat_oleh').references(() => users.id, { onDelete: 'set null' }),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('kp_usulan_periode_idx').on(t.periode, t.id)],
);

/**
 * One teacher in a proposal and their state: diusulkan (proposed), bts (returned for correction,
 * with the reason), tms (not eligible, with the reason), ditetapkan (decided: the SK entered, which
 * wrote the verified Kepangkatan row `riw_pangkat_id`). A teacher is in at most one proposal a period.
 */
export const kpUsulanGuru = pgTable(
  'kp_usulan_guru',
  {
    id: serial('id').primaryKey(),
    usulan_id: integer('usulan_id')
      .notNull()
      .references(() => kpUsulan.id, { onDelete: 'cascade' }),
    guru_id: integer('guru_id')
      .notNull()
      .references(() => guru.id, { onDelete: 'cascade' }),
    periode: date('periode', { mode: 'string' }).notNull(),
    golongan_lama: varchar('golongan_lama', { length: 10 }).notNull(),
    golongan_baru: varchar('golongan_baru', { length: 10 }).notNull(),
    status: varchar('status', { length: 12 }).notNull().default('diusulkan'),
    alasan: text('alasan'),
    /** Document checklist: key of DOKUMEN_KP → present (true), missing (false); absent = not needed. */
    dokumen: jsonb('dokumen').$type<Record<string, boolean>>().notNull().default({}),
    sk_nomor: varchar('sk_nomor', { length: 100 }),
    sk_tanggal: date('sk_tanggal', { mode: 'string' }),
    sk_tmt: date('sk_tmt', { mode: 'string' }),
    sk_pejabat: varchar('sk_pejabat', { length: 150 }),
    riw_pangkat_id: integer('riw_pangkat_id').references(() => riwPangkat.id, { onDelete: 'set null' }),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('kp_usulan_guru_periode_uq').on(t.guru_id, t.periode),
    index('kp_usulan_guru_usulan_idx').on(t.usulan_id),
    index('kp_usulan_guru_periode_idx').on(t.periode, t.status),
  ],
);
