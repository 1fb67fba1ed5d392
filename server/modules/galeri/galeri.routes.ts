import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { asc, count, eq } from 'drizzle-orm';
import { galeriFields, galeriListQuery, GALERI_FOTO_EMPTY, PROPERTY_PAGE_SIZE, type Galeri } from '#contract/sarpras.ts';
import { idParam } from '#contract/user.ts';
import { MSG } from '#contract/messages.ts';
import { IMAGE_MAX_UPLOAD_BYTES } from '#contract/files.ts';
import { ok, page } from '../../lib/envelope.ts';
import { errors } from '../../lib/errors.ts';
import { fileUrl } from '../../lib/file-store.ts';
import { processImage } from '../../lib/images.ts';
import { readMultipart } from '../../lib/multipart.ts';
import { parseWith } from '../../plugins/validation.ts';
import { currentUser } from '../../plugins/auth.ts';
import { galeri, sekolah } from '../../db/schema/index.ts';
import { requireOwned, requireSchool } from '../sekolah/school-access.ts';
import type { AppDeps } from '../../deps.ts';

const updateQuery = z.object({ _method: z.string().optional() });

/** The school's photo gallery (SPEC §7 "Gallery"): multipart with one image `foto`. */
export function galeriRoutes(base: FastifyInstance, deps: AppDeps): void {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { db } = deps.database;
  const user = { access: 'user' } as const;

  const columns = { id: galeri.id, npsn: sekolah.npsn, nama: galeri.nama, jenis: galeri.jenis, desk: galeri.desk, ket: galeri.ket, fotoKey: galeri.fotoKey, thumbKey: galeri.thumbKey };
  const query = () => db.select(columns).from(galeri).innerJoin(sekolah, eq(sekolah.id, galeri.sekolahId));
  type Row = Awaited<ReturnType<typeof query>>[number];
  const toGaleri = ({ fotoKey, thumbKey, ...rest }: Row): Galeri => ({ ...rest, foto: fileUrl(fotoKey), thumbnail: fileUrl(thumbKey) });
  const find = async (id: number) => (await query().where(eq(galeri.id, id)))[0];

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
    const p = request.query.page;
    const [{ total } = { total: 0 }] = await db.select({ total: count() }).from(galeri).where(eq(galeri.sekolahId, school.id));
    const rows = await query().where(eq(galeri.sekolahId, school.id)).orderBy(asc(galeri.id)).limit(PROPERTY_PAGE_SIZE).offset((p - 1) * PROPERTY_PAGE_SIZE);
    return ok(page(rows.map(toGaleri), total, p, PROPERTY_PAGE_SIZE));
  });

  app.get('/api/galeri/:id', { config: user, schema: { params: idParam } }, async (request) => ok(toGaleri(requireOwned(currentUser(request).user, await find(request.params.id)))));

  app.post('/api/galeri', { config: user }, async (request) => {
    const { user: caller } = currentUser(request);
    const { fields, foto } = await readForm(request, true);
    const school = await requireSchool(db, caller, fields.npsn);
    const keys = await store(await processImage(foto!));
    try {
      const [row] = await db.insert(galeri).values({ sekolahId: school.id, nama: fields.nama, jenis: fields.jenis, desk: fields.desk, ket: fields.ket, ...keys }).returning({ id: galeri.id });
      return ok(toGaleri((await find(row!.id))!), MSG.saved);
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
    const current = requireOwned(caller, await find(request.params.id));
    const { fields, foto } = await readForm(request, false);
    if (fields.npsn !== current.npsn) throw errors.validation({ npsn: 'Foto galeri tidak dapat dipindahkan ke sekolah lain' });
    const keys = foto ? await store(await processImage(foto)) : null;
    await db
      .update(galeri)
      .set({ nama: fields.nama, jenis: fields.jenis, desk: fields.desk, ket: fields.ket, ...(keys ?? {}), updatedAt: deps.now() })
      .where(eq(galeri.id, current.id));
    if (keys) {
      await deps.files.delete(current.fotoKey);
      await deps.files.delete(current.thumbKey);
    }
    return ok(toGaleri((await find(current.id))!), MSG.updated);
  });

  app.delete('/api/galeri/:id', { config: user, schema: { params: idParam } }, async (request) => {
    const current = requireOwned(currentUser(request).user, await find(request.params.id));
    await db.delete(galeri).where(eq(galeri.id, current.id));
    await deps.files.delete(current.fotoKey);
    await deps.files.delete(current.thumbKey);
    return ok(null, MSG.deleted);
  });
}
