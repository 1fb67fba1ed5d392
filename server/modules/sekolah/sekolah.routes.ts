import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sekolahCreateBody, sekolahListQuery, sekolahSearchQuery, sekolahUpdateBody, type SekolahCreated } from '#contract/sekolah.ts';
import { npsnParam } from '#contract/fields.ts';
import { ownNpsn } from '../../lib/scope.ts';
import { MSG } from '#contract/messages.ts';
import { IMAGE_MAX_UPLOAD_BYTES } from '#contract/files.ts';
import { ok } from '../../lib/envelope.ts';
import { errors } from '../../lib/errors.ts';
import { cappedPage } from '../../lib/capped-count.ts';
import { isUniqueViolation } from '../../lib/db-errors.ts';
import { generatePassword, hashPassword } from '../../lib/password.ts';
import { processImage } from '../../lib/images.ts';
import { readMultipart } from '../../lib/multipart.ts';
import { assertSchoolAccess, currentUser } from '../../plugins/auth.ts';
import { sekolahRepository } from './sekolah.repository.ts';
import type { AppDeps } from '../../deps.ts';

/** An operator's own NPSN, or undefined for administrators (who see every school). */

export function sekolahRoutes(base: FastifyInstance, deps: AppDeps): void {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { db } = deps.database;
  const repo = sekolahRepository(db);

  app.get('/api/sekolah', { config: { access: 'user' }, schema: { querystring: sekolahListQuery } }, async (request) => {
    const q = request.query;
    return ok(cappedPage(await repo.list({ q: q.q, page: q.page, perPage: q.per_page, sortBy: q.sortby, desc: q.sortbydesc, onlyNpsn: ownNpsn(currentUser(request).user) }), q.page, q.per_page));
  });

  app.get('/api/sekolah/cari', { config: { access: 'user' }, schema: { querystring: sekolahSearchQuery } }, async (request) => {
    const q = request.query;
    return ok(cappedPage(await repo.list({ q: q.sekolah, page: q.page, perPage: 10, sortBy: 'nama_sekolah', desc: false, onlyNpsn: ownNpsn(currentUser(request).user) }), q.page, 10));
  });

  // Public fields of every school (name, address, position): pickers and the map.
  app.get('/api/semuasekolah', { config: { access: 'user' } }, async () => ok(await repo.all()));

  app.post('/api/sekolah', { config: { access: 'admin' }, schema: { body: sekolahCreateBody } }, async (request) => {
    const body = request.body;
    if (await repo.npsnExists(body.npsn)) throw errors.conflict('sekolah.npsn_taken', MSG.npsnTaken);
    const password = generatePassword();
    const passwordHash = await hashPassword(password);
    try {
      await repo.createWithOperator(body, passwordHash);
    } catch (err) {
      // Two administrators adding the same NPSN at once: the unique index decides.
      if (isUniqueViolation(err)) throw errors.conflict('sekolah.npsn_taken', MSG.npsnTaken);
      throw err;
    }
    const created: SekolahCreated = { sekolah: (await repo.findByNpsn(body.npsn))!, akun: { username: body.npsn, password } };
    return ok(created, MSG.schoolCreated);
  });

  app.get('/api/sekolah/:npsn', { config: { access: 'user' }, schema: { params: npsnParam } }, async (request) => {
    assertSchoolAccess(currentUser(request).user, request.params.npsn);
    const found = await repo.findByNpsn(request.params.npsn);
    if (!found) throw errors.notFound(MSG.schoolNotFound);
    return ok(found);
  });

  app.put('/api/sekolah/:npsn', { config: { access: 'user' }, schema: { params: npsnParam, body: sekolahUpdateBody } }, async (request) => {
    const { npsn } = request.params;
    assertSchoolAccess(currentUser(request).user, npsn);
    const record = await repo.recordByNpsn(npsn);
    if (!record) throw errors.notFound(MSG.schoolNotFound);
    const b = request.body;
    if (b.npsn !== undefined && b.npsn !== '' && b.npsn.toUpperCase() !== npsn) throw errors.validation({ npsn: MSG.npsnImmutable });
    if (b.kode_wilayah && !(await repo.villageExists(b.kode_wilayah))) throw errors.validation({ kode_wilayah: MSG.regionNotFound });
    const facilityIds = b.fasilitas === undefined ? undefined : [...new Set(b.fasilitas)];
    if (facilityIds && (await repo.existingFasilitas(facilityIds)).length !== facilityIds.length) throw errors.validation({ fasilitas: MSG.facilityNotFound });
    // Fields left out of the body keep their value; fields sent empty are cleared.
    await repo.update(record, b, facilityIds, deps.now());
    return ok(await repo.findByNpsn(npsn), MSG.updated);
  });

  app.post('/api/sekolah/:npsn/logo', { config: { access: 'user' }, schema: { params: npsnParam } }, async (request) => {
    const { npsn } = request.params;
    assertSchoolAccess(currentUser(request).user, npsn);
    const record = await repo.recordByNpsn(npsn);
    if (!record) throw errors.notFound(MSG.schoolNotFound);
    const { files } = await readMultipart(request, IMAGE_MAX_UPLOAD_BYTES);
    const file = files.foto ?? files.logo;
    if (!file) throw errors.validation({ foto: 'Logo tidak boleh Kosong' });
    const image = await processImage(file.bytes);
    const key = await deps.files.put(image.image, 'jpg');
    try {
      await repo.setLogo(record.id, key, deps.now());
    } catch (err) {
      await deps.files.delete(key);
      throw err;
    }
    if (record.logoKey) await deps.files.delete(record.logoKey);
    return ok(await repo.findByNpsn(npsn), MSG.logoSaved);
  });
}
