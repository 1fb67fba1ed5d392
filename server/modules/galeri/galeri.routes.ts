import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { galeriFields, galeriListQuery, GALERI_FOTO_EMPTY } from '#contract/sarpras.ts';
import { idParam } from '#contract/user.ts';
import { MSG } from '#contract/messages.ts';
import { FILE_MSG, IMAGE_MAX_UPLOAD_BYTES } from '#contract/files.ts';
import { ok } from '../../lib/envelope.ts';
import { errors } from '../../lib/errors.ts';
import { processImage, type ProcessedImage } from '../../lib/images.ts';
import { readCheckedMultipart } from '../../lib/multipart.ts';
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
   * Reads the form before the request's transaction opens: the text fields first (SPEC §5 order:
   * nama, jenis, desk, ket, then foto), then `allowed` (the school checks), then the photo. A bad
   * form or another school's NPSN costs no image work, and no connection is held while the photo
   * is checked.
   */
  function readForm<T>(
    request: FastifyRequest,
    fotoRequired: boolean,
    allowed: (fields: z.infer<typeof galeriFields>) => Promise<T>,
  ) {
    return readCheckedMultipart(request, IMAGE_MAX_UPLOAD_BYTES, FILE_MSG.imageTooLarge, async ({ fields, files }) => {
      const result = galeriFields.safeParse(fields);
      if (!result.success || (fotoRequired && !files.foto)) {
        const fieldErrors: Record<string, string> = {};
        for (const issue of result.success ? [] : result.error.issues)
          fieldErrors[String(issue.path[0] ?? '_')] ??= issue.message;
        if (fotoRequired && !files.foto) fieldErrors.foto = GALERI_FOTO_EMPTY;
        throw errors.validation(fieldErrors);
      }
      const parsed = parseWith(galeriFields, fields);
      const context = await allowed(parsed);
      return { fields: parsed, context, image: files.foto ? await processImage(files.foto.bytes) : null };
    });
  }

  async function store(image: ProcessedImage) {
    const fotoKey = await deps.files.put(image.image, 'jpg');
    const thumbKey = await deps.files.put(image.thumbnail, 'jpg');
    return { fotoKey, thumbKey };
  }

  app.get('/api/galeri', { config: user, schema: { querystring: galeriListQuery } }, async (request) => {
    const school = await requireSchool(db, currentUser(request).user, request.query.npsn);
    const p = await repo.pageOfSchool(school.id, request.query.page);
    return ok({ ...p, data: p.data.map(toGaleri) });
  });

  app.get('/api/galeri/:id', { config: user, schema: { params: idParam } }, async (request) =>
    ok(toGaleri(requireOwned(currentUser(request).user, await repo.find(request.params.id)))),
  );

  app.post('/api/galeri', { config: user }, async (request) => {
    const { user: caller } = currentUser(request);
    const { fields, context: school, image } = await readForm(request, true, (f) => requireSchool(db, caller, f.npsn));
    const keys = await store(image!);
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
  app.post(
    '/api/galeri/:id',
    { config: user, schema: { params: idParam, querystring: updateQuery } },
    async (request) => {
      const { user: caller } = currentUser(request);
      const current = requireOwned(caller, await repo.find(request.params.id));
      const { fields, image } = await readForm(request, false, async (f) =>
        keepSchool(current.npsn, f.npsn, 'npsn', 'Foto galeri tidak dapat dipindahkan ke sekolah lain'),
      );
      const keys = image ? await store(image) : null;
      const updated = await repo.update(current.id, fields, keys, deps.now());
      if (keys) {
        await deps.files.delete(current.fotoKey);
        await deps.files.delete(current.thumbKey);
      }
      return ok(toGaleri(updated), MSG.updated);
    },
  );

  app.delete('/api/galeri/:id', { config: user, schema: { params: idParam } }, async (request) => {
    const current = requireOwned(currentUser(request).user, await repo.find(request.params.id));
    await repo.remove(current.id);
    await deps.files.delete(current.fotoKey);
    await deps.files.delete(current.thumbKey);
    return ok(null, MSG.deleted);
  });
}
