import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { galeriFields, galeriListQuery, GALERI_FOTO_EMPTY } from '#contract/sarpras.ts';
import { idParam } from '#contract/user.ts';
import { MSG } from '#contract/messages.ts';
import { IMAGE_MAX_UPLOAD_BYTES } from '#contract/files.ts';
import { ok } from '../../lib/envelope.ts';
import { errors } from '../../lib/errors.ts';
import { processImage } from '../../lib/images.ts';
import { readMultipart } from '../../lib/multipart.ts';
import { parseWith } from '../../plugins/validation.ts';
import { currentUser } from '../../plugins/auth.ts';
import { requireOwned, requireSchool } from '../sekolah/school-access.ts';
import { keepSchool } from '../sekolah/school-property.ts';
import { galeriRepository, toGaleri } from './galeri.repository.ts';
import type { AppDeps } from '../../deps.ts';

const updateQuery = z.object({ _method: z.string().optional() });

/** The school's photo gallery (SPEC §7 "Gallery"): multipart with one image `foto`. */
export function galeriRoutes(base: FastifyInstance, deps: AppDeps): void {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { db } = deps.database;
  const user = { access: 'user' } as const;

  const repo = galeriRepository(db);

  /**
   * Validates the text fields first (SPEC §5 order: nama, jenis, desk, ket, then foto). The photo
   * is processed by the caller only after the fields are known good and the school is checked,
   * so a bad form or another school's NPSN costs no image work.
   */
  async function readForm(request: Parameters<typeof readMultipart>[0], fotoRequired: boolean) {
    const { fields, files } = await readMultipart(request, IMAGE_MAX_UPLOAD_BYTES);
    const result = galeriFields.safeParse(fields);
    if (!result.success || (fotoRequired && !files.foto)) {
      const fieldErrors: Record<string, string> = {};
      for (const issue of result.success ? [] : result.error.issues) fieldErrors[String(issue.path[0] ?? '_')] ??= issue.message;
      if (fotoRequired && !files.foto) fieldErrors.foto = GALERI_FOTO_EMPTY;
      throw errors.validation(fieldErrors);
    }
    return { fields: parseWith(galeriFields, fields), foto: files.foto?.bytes };
  }

  async function store(image: Awaited<ReturnType<typeof processImage>>) {
    const fotoKey = await deps.files.put(image.image, 'jpg');
    const thumbKey = await deps.files.put(image.thumbnail, 'jpg');
    return { fotoKey, thumbKey };
  }

  app.get('/api/galeri', { config: user, schema: { querystring: galeriListQuery } }, async (request) => {
    const school = await requireSchool(db, currentUser(request).user, request.query.npsn);
    const p = await repo.pageOfSchool(school.id, request.query.page);
    return ok({ ...p, data: p.data.map(toGaleri) });
  });

  app.get('/api/galeri/:id', { config: user, schema: { params: idParam } }, async (request) => ok(toGaleri(requireOwned(currentUser(request).user, await repo.find(request.params.id)))));

  app.post('/api/galeri', { config: user }, async (request) => {
    const { user: caller } = currentUser(request);
    const { fields, foto } = await readForm(request, true);
    const school = await requireSchool(db, caller, fields.npsn);
    const keys = await store(await processImage(foto!));
    try {
      return ok(toGaleri(await repo.insert(school.id, fields, keys)), MSG.saved);
    } catch (err) {
      // Nothing half-saved: the stored files go when the row could not be written.
      await deps.files.delete(keys.fotoKey);
      await deps.files.delete(keys.thumbKey);
      throw err;
    }
  });

  // SPEC §7: the update is POST api/galeri/{id}?_method=put, multipart; the photo is optional.
  app.post('/api/galeri/:id', { config: user, schema: { params: idParam, querystring: updateQuery } }, async (request) => {
    const { user: caller } = currentUser(request);
    const current = requireOwned(caller, await repo.find(request.params.id));
    const { fields, foto } = await readForm(request, false);
    keepSchool(current.npsn, fields.npsn, 'npsn', 'Foto galeri tidak dapat dipindahkan ke sekolah lain');
    const keys = foto ? await store(await processImage(foto)) : null;
    const updated = await repo.update(current.id, fields, keys, deps.now());
    if (keys) {
      await deps.files.delete(current.fotoKey);
      await deps.files.delete(current.thumbKey);
    }
    return ok(toGaleri(updated), MSG.updated);
  });

  app.delete('/api/galeri/:id', { config: user, schema: { params: idParam } }, async (request) => {
    const current = requireOwned(currentUser(request).user, await repo.find(request.params.id));
    await repo.remove(current.id);
    await deps.files.delete(current.fotoKey);
    await deps.files.delete(current.thumbKey);
    return ok(null, MSG.deleted);
  });
}
