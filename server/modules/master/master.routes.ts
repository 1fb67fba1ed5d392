import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { masterNamaBody } from '#contract/master.ts';
import { idParam } from '#contract/user.ts';
import { MSG } from '#contract/messages.ts';
import { ok } from '../../lib/envelope.ts';
import { errors } from '../../lib/errors.ts';
import type { AppDeps } from '../../deps.ts';
import { masterRepository, type MasterTable } from './master.repository.ts';

/**
 * Master lists of SPEC §7. Reading is for every signed-in user; the two editable lists (room types
 * and asset types) are for administrators, and a type still in use cannot be deleted (409).
 */
export function masterRoutes(base: FastifyInstance, deps: AppDeps): void {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const repo = masterRepository(deps.database.db);
  const read = { access: 'user' } as const;
  const admin = { access: 'admin' } as const;
  // The teacher master lists are kept in memory (referensi-cache.ts, emptied through
  // server/db/caches.ts); the lists here are read each time.

  app.get('/api/masterbp', { config: read }, async () => ok(await repo.list('bentukPendidikan', 'id')));
  app.get('/api/kondisi', { config: read }, async () => ok(await repo.list('kondisi', 'id')));
  app.get('/api/fasilitas', { config: read }, async () => ok(await repo.fasilitas()));
  // SPEC §7 names: room types are read and created at api/ruangan and changed at api/ruangan/{id};
  // asset types are read at api/master-aset and written at api/asset, api/asset/{id}.
  app.get('/api/ruangan', { config: read }, async () => ok(await repo.list('jenisRuangan', 'nama')));
  app.get('/api/master-aset', { config: read }, async () => ok(await repo.list('masterAset', 'nama')));
  writes('jenisRuangan', '/api/ruangan', '/api/ruangan/:id');
  writes('masterAset', '/api/asset', '/api/asset/:id');

  /** POST create, PUT rename, DELETE (409 while in use) of an editable master list. */
  function writes(table: MasterTable, createPath: string, itemPath: string) {
    app.post(createPath, { config: admin, schema: { body: masterNamaBody } }, async (request) =>
      ok(await repo.create(table, request.body.nama), MSG.saved),
    );

    app.put(itemPath, { config: admin, schema: { params: idParam, body: masterNamaBody } }, async (request) => {
      const row = await repo.rename(table, request.params.id, request.body.nama);
      if (!row) throw errors.notFound();
      return ok(row, MSG.updated);
    });

    app.delete(itemPath, { config: admin, schema: { params: idParam } }, async (request) => {
      if (!(await repo.remove(table, request.params.id))) throw errors.notFound();
      return ok(null, MSG.deleted);
    });
  }
}
