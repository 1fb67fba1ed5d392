import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { and, count, desc, eq, gte, lt, sql, type SQL } from 'drizzle-orm';
import { auditListQuery, AUDIT_PAGE_SIZE, changedColumns, type AuditAction, type AuditDetail, type AuditListQuery, type AuditRow } from '#contract/audit.ts';
import { idParam } from '#contract/user.ts';
import { ok, page } from '../../lib/envelope.ts';
import { errors } from '../../lib/errors.ts';
import { auditLog } from '../../db/schema/index.ts';
import { zonaKantor } from '../../domain/waktu-kantor.ts';
import type { AppDeps } from '../../deps.ts';
import { auditTampilan } from './labels.ts';

type Json = Record<string, unknown> | null;

/** The audit trail for administrators (issue 8): who changed what, when and from where. */
export function auditRoutes(base: FastifyInstance, deps: AppDeps): void {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { db } = deps.database;
  const admin = { access: 'admin' } as const;

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

  // Days are the office's calendar days (WIT), like the statistics.
  const startOfDay = (day: string) => sql`(${day}::date)::timestamp at time zone ${zonaKantor()}`;
  function where(q: AuditListQuery): SQL | undefined {
    return and(
      q.tabel ? eq(auditLog.tabel, q.tabel) : undefined,
      q.aksi ? eq(auditLog.aksi, q.aksi) : undefined,
      q.username ? eq(auditLog.username, q.username) : undefined,
      q.entitas_id ? eq(auditLog.entitasId, q.entitas_id) : undefined,
      q.dari ? gte(auditLog.waktu, startOfDay(q.dari)) : undefined,
      q.sampai ? lt(auditLog.waktu, sql`${startOfDay(q.sampai)} + interval '1 day'`) : undefined,
    );
  }

  const toDetail = (r: { waktu: Date; aksi: string; sebelum: unknown; sesudah: unknown } & Omit<AuditDetail, 'waktu' | 'aksi' | 'sebelum' | 'sesudah' | 'kolom' | 'tampilan'>): Omit<AuditDetail, 'tampilan'> => ({
    ...r,
    waktu: r.waktu.toISOString(),
    aksi: r.aksi as AuditAction,
    sebelum: r.sebelum as Json,
    sesudah: r.sesudah as Json,
    kolom: changedColumns(r.sebelum as Json, r.sesudah as Json),
  });

  app.get('/api/audit', { config: admin, schema: { querystring: auditListQuery } }, async (request) => {
    const q = request.query;
    const w = where(q);
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
    return ok(page(items, total, q.page, AUDIT_PAGE_SIZE));
  });

  app.get('/api/audit/:id', { config: admin, schema: { params: idParam } }, async (request) => {
    const [row] = await db.select(columns).from(auditLog).where(eq(auditLog.id, request.params.id));
    if (!row) throw errors.notFound('Catatan audit tidak ditemukan');
    const detail = toDetail(row);
    const answer: AuditDetail = { ...detail, tampilan: await auditTampilan(db, detail.tabel, detail.sebelum, detail.sesudah) };
    return ok(answer);
  });
}
