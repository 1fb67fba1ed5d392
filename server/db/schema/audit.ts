import { sql } from 'drizzle-orm';
import { bigserial, index, integer, jsonb, pgTable, smallint, text, timestamp, varchar } from 'drizzle-orm/pg-core';

/**
 * One row per changed database row, written by the `sidasek_audit()` trigger in the same
 * transaction as the change (migration 0008). Who, from where and through which call come from
 * the transaction setting `sidasek.audit`, set by the per-request transaction
 * (server/db/request-context.ts). Secrets and NIKs are masked by the trigger, never stored.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    waktu: timestamp('waktu', { withTimezone: true }).notNull().defaultNow(),
    userId: integer('user_id'),
    username: varchar('username', { length: 100 }),
    role: smallint('role'),
    /** The operator's school (NPSN); empty for administrators. */
    npsn: varchar('npsn', { length: 8 }),
    ip: varchar('ip', { length: 64 }),
    requestId: varchar('request_id', { length: 64 }),
    metode: varchar('metode', { length: 8 }),
    rute: varchar('rute', { length: 200 }),
    tabel: varchar('tabel', { length: 63 }).notNull(),
    entitasId: text('entitas_id'),
    /** INSERT, UPDATE or DELETE. */
    aksi: varchar('aksi', { length: 6 }).notNull(),
    sebelum: jsonb('sebelum'),
    sesudah: jsonb('sesudah'),
  },
  (t) => [
    index('audit_log_waktu_idx').on(t.waktu.desc(), t.id.desc()),
    index('audit_log_entitas_idx').on(t.tabel, t.entitasId),
    index('audit_log_user_idx').on(t.userId, t.waktu.desc()),
    index('audit_log_request_idx').on(t.requestId),
    // The retention pass finds old security events by it (server/modules/audit/retention.ts).
    index('audit_log_keamanan_waktu_idx')
      .on(t.waktu)
      .where(sql`${t.tabel} = 'keamanan'`),
  ],
);
