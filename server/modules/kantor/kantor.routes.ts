import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { KANTOR_MSG, profilKantorBody } from '#contract/kantor.ts';
import { FILE_MSG, IMAGE_MAX_UPLOAD_BYTES } from '#contract/files.ts';
import { ok } from '../../lib/envelope.ts';
import { errors } from '../../lib/errors.ts';
import { processImage } from '../../lib/images.ts';
import { readCheckedMultipart } from '../../lib/multipart.ts';
import type { AppDeps } from '../../deps.ts';
import { kantorRepository } from './kantor.repository.ts';

/** The office profile: administrators edit it; the letters and their times follow it. */
export function kantorRoutes(base: FastifyInstance, deps: AppDeps): void {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const repo = kantorRepository(deps.database.db, deps.files, deps.config.officeTimezone);
  const admin = { access: 'admin' } as const;

  // A saved profile's zone wins over OFFICE_TIMEZONE (README): the app's clock follows it, read at
  // start and again when the database announces a change (kantor-zone.ts, server/db/caches.ts);
  // a profile saved here sets it at once.

  app.get('/api/pengaturan/kantor', { config: admin }, async () => ok(await repo.toAnswer()));

  app.put('/api/pengaturan/kantor', { config: admin, schema: { body: profilKantorBody } }, async (request) => {
    await repo.save(request.body);
    deps.waktu.setZona(request.body.zona_waktu);
    return ok(await repo.toAnswer(), KANTOR_MSG.saved);
  });

  // The logo is an image checked by its bytes and re-encoded (server/lib/images.ts), as photos are.
  app.put('/api/pengaturan/kantor/logo', { config: admin }, async (request) => {
    const image = await readCheckedMultipart(
      request,
      IMAGE_MAX_UPLOAD_BYTES,
      FILE_MSG.imageTooLarge,
      async ({ files }) => {
        if (!files.logo) throw errors.validation({ logo: KANTOR_MSG.logoEmpty });
        return processImage(files.logo.bytes);
      },
    );
    const key = await deps.files.put(image.image, 'jpg');
    const old = await repo.setLogo(key);
    if (old) await deps.files.delete(old);
    return ok(await repo.toAnswer(), KANTOR_MSG.logoSaved);
  });

  app.delete('/api/pengaturan/kantor/logo', { config: admin }, async () => {
    const old = await repo.setLogo(null);
    if (old) await deps.files.delete(old);
    return ok(await repo.toAnswer(), KANTOR_MSG.logoDeleted);
  });

  app.get('/api/pengaturan/kantor/logo', { config: admin }, async (_request, reply) => {
    const bytes = await repo.logo();
    if (!bytes) throw errors.notFound(KANTOR_MSG.noLogo);
    return reply.header('content-type', 'image/jpeg').header('cache-control', 'private, no-store').send(bytes);
  });
}
