import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { lahanBody, pageQuery } from '#contract/sarpras.ts';
import { npsnParam } from '#contract/fields.ts';
import { idParam } from '#contract/user.ts';
import { MSG } from '#contract/messages.ts';
import { ok } from '../../lib/envelope.ts';
import { currentUser } from '../../plugins/auth.ts';
import { requireOwned, requireSchool } from '../sekolah/school-access.ts';
import { keepSchool } from '../sekolah/school-property.ts';
import type { AppDeps } from '../../deps.ts';
import { lahanRepository } from './lahan.repository.ts';

/** Land plots of a school (SPEC §7 "Land"). */
export function lahanRoutes(base: FastifyInstance, deps: AppDeps): void {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { db } = deps.database;
  const repo = lahanRepository(db);
  const user = { access: 'user' } as const;

  app.get(
    '/api/list-lahan/:npsn',
    { config: user, schema: { params: npsnParam, querystring: pageQuery } },
    async (request) => {
      const school = await requireSchool(db, currentUser(request).user, request.params.npsn);
      return ok(await repo.pageOfSchool(school.id, request.query.page));
    },
  );

  app.get('/api/lahan/:id', { config: user, schema: { params: idParam } }, async (request) =>
    ok(requireOwned(currentUser(request).user, await repo.find(request.params.id))),
  );

  app.post('/api/lahan', { config: user, schema: { body: lahanBody } }, async (request) => {
    const school = await requireSchool(db, currentUser(request).user, request.body.npsn);
    return ok(await repo.insert(school.id, request.body), MSG.saved);
  });

  app.put('/api/lahan/:id', { config: user, schema: { params: idParam, body: lahanBody } }, async (request) => {
    const current = requireOwned(currentUser(request).user, await repo.find(request.params.id));
    keepSchool(current.npsn, request.body.npsn, 'npsn', 'Lahan tidak dapat dipindahkan ke sekolah lain');
    return ok(await repo.update(current.id, request.body, deps.now()), MSG.updated);
  });

  app.delete('/api/lahan/:id', { config: user, schema: { params: idParam } }, async (request) => {
    const current = requireOwned(currentUser(request).user, await repo.find(request.params.id));
    await repo.remove(current.id);
    return ok(null, MSG.deleted);
  });
}
