import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { kualitasParams, kualitasQuery } from '#contract/kualitas.ts';
import { ok } from '../../lib/envelope.ts';
import type { AppDeps } from '../../deps.ts';
import { kualitasRepository } from './kualitas.repository.ts';

/** Data-quality counts and drill-down lists (administrators). */
export function kualitasRoutes(base: FastifyInstance, deps: AppDeps): void {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const repo = kualitasRepository(deps.database.db);
  const admin = { access: 'admin' } as const;

  app.get('/api/kualitas-data', { config: admin }, async () => ok(await repo.counts()));

  app.get(
    '/api/kualitas-data/:kode',
    { config: admin, schema: { params: kualitasParams, querystring: kualitasQuery } },
    async (request) => ok(await repo.failing(request.params.kode, request.query.page)),
  );
}
