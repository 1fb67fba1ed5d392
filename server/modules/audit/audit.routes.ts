import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { auditListQuery, type AuditDetail } from '#contract/audit.ts';
import { idParam } from '#contract/user.ts';
import { ok } from '../../lib/envelope.ts';
import { errors } from '../../lib/errors.ts';
import type { AppDeps } from '../../deps.ts';
import { auditRepository } from './audit.repository.ts';
import { auditTampilan } from './labels.ts';

/** The audit trail for administrators: who changed what, when and from where. */
export function auditRoutes(base: FastifyInstance, deps: AppDeps): void {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { db } = deps.database;
  const repo = auditRepository(db, deps.waktu.zona);
  const admin = { access: 'admin' } as const;

  app.get('/api/audit', { config: admin, schema: { querystring: auditListQuery } }, async (request) =>
    ok(await repo.list(request.query)),
  );

  app.get('/api/audit/:id', { config: admin, schema: { params: idParam } }, async (request) => {
    const detail = await repo.find(request.params.id);
    if (!detail) throw errors.notFound('Catatan audit tidak ditemukan');
    const answer: AuditDetail = {
      ...detail,
      tampilan: await auditTampilan(db, detail.tabel, detail.sebelum, detail.sesudah),
    };
    return ok(answer);
  });
}
