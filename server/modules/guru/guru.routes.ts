import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  checkGuruCreate,
  guruListQuery,
  guruSearchQuery,
  guruUpdateBody,
  GURU_FOTO_EMPTY,
  GURU_PAGE_SIZE,
  statusKepegawaianBody,
} from '#contract/guru.ts';
import { idParam } from '#contract/user.ts';
import { MSG } from '#contract/messages.ts';
import { FILE_MSG, IMAGE_MAX_UPLOAD_BYTES } from '#contract/files.ts';
import { ok } from '../../lib/envelope.ts';
import { errors } from '../../lib/errors.ts';
import { readCheckedMultipart } from '../../lib/multipart.ts';
import { CONTENT_TYPES } from '../../lib/file-store.ts';
import { processImage } from '../../lib/images.ts';
import { currentUser } from '../../plugins/auth.ts';
import { ownNpsn } from '../../lib/scope.ts';
import { guruRepository } from './guru.repository.ts';
import { guruService } from './guru.service.ts';
import { cappedPage } from '../../lib/capped-count.ts';
import { assertGuruAccess, requireGuru } from './guru-access.ts';
import type { AppDeps } from '../../deps.ts';

export function guruRoutes(base: FastifyInstance, deps: AppDeps): void {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const repo = guruRepository(deps.database.db, deps.config.retirementAge);
  const service = guruService(deps, repo);

  // SPEC §7 writes the list path with a trailing slash (/api/guru/?bp&jenis_guru&page).
  for (const url of ['/api/guru', '/api/guru/']) {
    app.get(url, { config: { access: 'user' }, schema: { querystring: guruListQuery } }, async (request) => {
      const q = request.query;
      return ok(
        cappedPage(
          await repo.list(
            { bp: q.bp, jenisGuru: q.jenis_guru, npsn: ownNpsn(currentUser(request).user) },
            q.page,
            GURU_PAGE_SIZE,
          ),
          q.page,
          GURU_PAGE_SIZE,
        ),
      );
    });
  }

  app.get(
    '/api/guru/cari',
    { config: { access: 'user' }, schema: { querystring: guruSearchQuery } },
    async (request) => {
      const q = request.query;
      return ok(
        cappedPage(
          await repo.list({ search: q.guru, npsn: ownNpsn(currentUser(request).user) }, q.page, GURU_PAGE_SIZE),
          q.page,
          GURU_PAGE_SIZE,
        ),
      );
    },
  );

  app.get('/api/guru/:id', { config: { access: 'user' }, schema: { params: idParam } }, async (request) => {
    // One statement: the record carries its school, so the access check needs no query of its own.
    const found = await repo.find(request.params.id, deps.waktu.hariIni(deps.now()));
    assertGuruAccess(currentUser(request).user, found && { npsn: found.sekolah?.npsn });
    return ok(found);
  });

  // Employment life cycle: retired, moved out, stopped, deceased, or active again.
  // Administrators only; the audit trigger keeps who changed it and when.
  app.put(
    '/api/guru/:id/status-kepegawaian',
    { config: { access: 'admin' }, schema: { params: idParam, body: statusKepegawaianBody } },
    async (request) => {
      const id = request.params.id;
      await requireGuru(repo, currentUser(request).user, id);
      const b = request.body;
      await repo.setStatusKepegawaian(
        id,
        { status: b.status, tanggal: b.tanggal ?? null, keterangan: b.keterangan ?? null },
        deps.now(),
      );
      return ok(await repo.find(id, deps.waktu.hariIni(deps.now())), MSG.statusKepegawaianSaved);
    },
  );

  app.post('/api/guru', { config: { access: 'admin' } }, async (request) => {
    // The form's fields, then the photo, checked before the request's transaction opens.
    const { values, foto } = await readCheckedMultipart(
      request,
      IMAGE_MAX_UPLOAD_BYTES,
      FILE_MSG.imageTooLarge,
      async ({ fields, files }) => {
        const checked = checkGuruCreate(fields, !!files.foto);
        if (!checked.values) throw errors.validation(checked.errors);
        return { values: checked.values, foto: await processImage(files.foto!.bytes) };
      },
    );
    const id = await service.create(values, foto);
    return ok(await repo.find(id, deps.waktu.hariIni(new Date())), MSG.teacherCreated);
  });

  app.put(
    '/api/guru/:id',
    { config: { access: 'admin' }, schema: { params: idParam, body: guruUpdateBody } },
    async (request) => {
      const id = request.params.id;
      await requireGuru(repo, currentUser(request).user, id);
      await service.update(id, request.body);
      return ok(await repo.find(id, deps.waktu.hariIni(new Date())), MSG.updated);
    },
  );

  app.post('/api/guru/:id/foto', { config: { access: 'admin' }, schema: { params: idParam } }, async (request) => {
    const id = request.params.id;
    await requireGuru(repo, currentUser(request).user, id);
    const foto = await readCheckedMultipart(
      request,
      IMAGE_MAX_UPLOAD_BYTES,
      FILE_MSG.imageTooLarge,
      async ({ files }) => {
        if (!files.foto) throw errors.validation({ foto: GURU_FOTO_EMPTY });
        return processImage(files.foto.bytes);
      },
    );
    await service.setFoto(id, foto);
    return ok(await repo.find(id, deps.waktu.hariIni(new Date())), MSG.photoSaved);
  });

  // The photo is personal data: only to who may see the teacher, never cached by
  // anyone else; the browser fetches it with the token (web/components/ui/authed-image.tsx).
  app.get('/api/guru/:id/foto', { config: { access: 'user' }, schema: { params: idParam } }, async (request, reply) => {
    const id = request.params.id;
    await requireGuru(repo, currentUser(request).user, id);
    const key = await repo.fotoKeyOf(id);
    const bytes = key ? await deps.files.get(key) : null;
    if (!key || !bytes) throw errors.notFound(MSG.teacherPhotoMissing);
    return reply
      .header('content-type', CONTENT_TYPES[key.split('.').pop()!] ?? 'application/octet-stream')
      .header('content-disposition', `inline; filename="guru-${id}.${key.split('.').pop()}"`)
      .header('cache-control', 'private, no-store')
      .send(bytes);
  });

  app.put('/api/guru/verifikasi/:id', { config: { access: 'admin' }, schema: { params: idParam } }, async (request) => {
    const id = request.params.id;
    await requireGuru(repo, currentUser(request).user, id);
    // Only an unverified teacher can be verified: of concurrent attempts exactly one succeeds.
    await service.verify(id);
    return ok(await repo.find(id, deps.waktu.hariIni(new Date())), MSG.teacherVerified);
  });
}
