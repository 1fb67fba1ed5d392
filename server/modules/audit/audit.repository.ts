import { and, count, desc, eq, gte, lt, sql, type SQL } from 'drizzle-orm';
import {
  AUDIT_PAGE_SIZE,
  changedColumns,
  type AuditAction,
  type AuditDetail,
  type AuditListQuery,
  type AuditRow,
} from '#contract/audit.ts';
import type { Page } from '#contract/paging.ts';
import type { Db } from '../../db/client.ts';
import { auditLog } from '../../db/schema/index.ts';
import { page } from '../../lib/envelope.ts';

type Json = Record<string, unknown> | null;

const columns = {
  id: auditLog.id,
  waktu: auditLog.waktu,
  user_id: auditLog.userId,
  username: auditLog.username,
  role: auditLog.role,
  npsn: auditLog.npsn,
  ip: auditLog.ip,
  metode: auditLog.metode,
  rute: auditLog.rute,
  tabel: auditLog.tabel,
  entitas_id: auditLog.entitasId,
  aksi: auditLog.aksi,
  request_id: auditLog.requestId,
  sebelum: auditLog.sebelum,
  sesudah: auditLog.sesudah,
};

// Days are the office's calendar days (WIT) in the office's zone `zona`, like the statistics.
const startOfDay = (day: string, zona: string) => sql`(${day}::date)::timestamp at time zone ${zona}`;
function where(q: AuditListQuery, zona: string): SQL | undefined {
  return and(
    q.tabel ? eq(auditLog.tabel, q.tabel) : undefined,
    q.aksi ? eq(auditLog.aksi, q.aksi) : undefined,
    q.username ? eq(auditLog.username, q.username) : undefined,
    q.entitas_id ? eq(auditLog.entitasId, q.entitas_id) : undefined,
    q.dari ? gte(auditLog.waktu, startOfDay(q.dari, zona)) : undefined,
    q.sampai ? lt(auditLog.waktu, sql`${startOfDay(q.sampai, zona)} + interval '1 day'`) : undefined,
  );
}

const toDetail = (
  r: { waktu: Date; aksi: string; sebelum: unknown; sesudah: unknown } & Omit<
    AuditDetail,
    'waktu' | 'aksi' | 'sebelum' | 'sesudah' | 'kolom' | 'tampilan'
  >,
): Omit<AuditDetail, 'tampilan'> => ({
  ...r,
  waktu: r.waktu.toISOString(),
  aksi: r.aksi as AuditAction,
  sebelum: r.sebelum as Json,
  sesudah: r.sesudah as Json,
  kolom: changedColumns(r.sebelum as Json, r.sesudah as Json),
});

/** The audit trail: newest first, filtered by table, action, user, row and office days. */
/** `zona`: the office's zone (AppDeps.waktu), whose days the filters mean. */
export function auditRepository(db: Db, zona: () => string) {
  return {
    async list(q: AuditListQuery): Promise<Page<AuditRow>> {
      const w = where(q, zona());
      const [{ total } = { total: 0 }] = await db.select({ total: count() }).from(auditLog).where(w);
      const rows = await db
        .select(columns)
        .from(auditLog)
        .where(w)
        .orderBy(desc(auditLog.waktu), desc(auditLog.id))
        .limit(AUDIT_PAGE_SIZE)
        .offset((q.page - 1) * AUDIT_PAGE_SIZE);
      const items: AuditRow[] = rows.map((r) => {
        const { sebelum: _s, sesudah: _a, request_id: _r, ...row } = toDetail(r);
        return row;
      });
      return page(items, total, q.page, AUDIT_PAGE_SIZE);
    },
    /** One entry with its values before and after, without the readable labels (labels.ts adds them). */
    async find(id: number): Promise<Omit<AuditDetail, 'tampilan'> | undefined> {
      const [row] = await db.select(columns).from(auditLog).where(eq(auditLog.id, id));
      return row && toDetail(row);
    },
  };
}
