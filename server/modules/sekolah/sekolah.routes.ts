import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sekolahCreateBody, sekolahListQuery, sekolahSearchQuery, sekolahUpdateBody } from '#contract/sekolah.ts';
import { npsnParam } from '#contract/fields.ts';
import { ownNpsn } from '../../lib/scope.ts';
import { MSG } from '#contract/messages.ts';
import { FILE_MSG, IMAGE_MAX_UPLOAD_BYTES } from '#contract/files.ts';
import { ok } from '../../lib/envelope.ts';
import { errors } from '../../lib/errors.ts';
import { cappedPage } from '../../lib/capped-count.ts';
import { readCheckedMultipart } from '../../lib/multipart.ts';
import { processImage } from '../../lib/images.ts';
import { assertSchoolAccess, currentUser } from '../../plugins/auth.ts';
import { sekolahRepository } from './sekolah.repository.ts';
import { sekolahService } from './sekolah.service.ts';
import type { AppDeps } from '../../deps.ts';

export function sekolahRoutes(base: FastifyInstance, deps: AppDeps): void {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { db } = deps.database;
  const repo = sekolahRepository(db);
  const service = sekolahService(deps, repo);

  /** A page of the schools the user may see: an operator only their own. */
  const listPage = async (request: FastifyRequest, opts: Omit<Parameters<typeof repo.list>[0], 'onlyNpsn'>) =>
    ok(cappedPage(await repo.list({ ...opts, onlyNpsn: ownNpsn(currentUser(request).user) }), opts.page, opts.perPage));

  app.get(
    '/api/sekolah',
    { config: { access: 'user' }, schema: { querystring: sekolahListQuery } },
    async (request) => {
      const q = request.query;
      return listPage(request, { q: q.q, page: q.page, perPage: q.per_page, sortBy: q.sortby, desc: q.sortbydesc });
    },
  );

  app.get(
    '/api/sekolah/cari',
    { config: { access: 'user' }, schema: { querystring: sekolahSearchQuery } },
    async (request) => {
      const q = request.query;
      return listPage(request, { q: q.sekolah, page: q.page, perPage: 10, sortBy: 'nama_sekolah', desc: false });
    },
  );

  // Public fields of every school (name, address, position): pickers and the map.
  app.get('/api/semuasekolah', { config: { access: 'user' } }, async () => ok(await repo.all()));

  app.post('/api/sekolah', { config: { access: 'admin' }, schema: { body: sekolahCreateBody } }, async (request) =>
    ok(await service.create(request.body), MSG.schoolCreated),
  );

  app.get('/api/sekolah/:npsn', { config: { access: 'user' }, schema: { params: npsnParam } }, async (request) => {
    assertSchoolAccess(currentUser(request).user, request.params.npsn);
    const found = await repo.findByNpsn(request.params.npsn);
    if (!found) throw errors.notFound(MSG.schoolNotFound);
    return ok(found);
  });

  app.put(
    '/api/sekolah/:npsn',
    { config: { access: 'user' }, schema: { params: npsnParam, body: sekolahUpdateBody } },
    async (request) => {
      const { npsn } = request.params;
      assertSchoolAccess(currentUser(request).user, npsn);
      const record = await repo.recordByNpsn(npsn);
      if (!record) throw errors.notFound(MSG.schoolNotFound);
      await service.update(record, request.body);
      return ok(await repo.findByNpsn(npsn), MSG.updated);
    },
  );

  app.post(
    '/api/sekolah/:npsn/logo',
    { config: { access: 'user' }, schema: { params: npsnParam } },
    async (request) => {
      const { npsn } = request.params;
      assertSchoolAccess(currentUser(request).user, npsn);
      const record = await repo.recordByNpsn(npsn);
      if (!record) throw errors.notFound(MSG.schoolNotFound);
      const logo = await readCheckedMultipart(
        request,
        IMAGE_MAX_UPLOAD_BYTES,
        FILE_MSG.imageTooLarge,
        async ({ files }) => {
          const file = files.foto ?? files.logo;
          if (!file) throw errors.validation({ foto: 'Logo tidak boleh Kosong' });
          return processImage(file.bytes);
        },
      );
      await service.setLogo(record, logo);
      return ok(await repo.findByNpsn(npsn), MSG.logoSaved);
    },
  );
}
