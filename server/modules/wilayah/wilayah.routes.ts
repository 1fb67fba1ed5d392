import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { wilayahQuery } from '#contract/master.ts';
import { ok } from '../../lib/envelope.ts';
import type { AppDeps } from '../../deps.ts';
import { wilayahRepository } from './wilayah.repository.ts';

/** api/wilayah: provinces without kode_wilayah, the children of a code with it (Kemendagri). */
export function wilayahRoutes(base: FastifyInstance, deps: AppDeps): void {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const repo = wilayahRepository(deps.database.db);
  app.get('/api/wilayah', { config: { access: 'user' }, schema: { querystring: wilayahQuery } }, async (request) =>
    ok(await repo.children(request.query.kode_wilayah)),
  );
}
