import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { asetBody, pageQuery, ruanganBody } from '#contract/sarpras.ts';
import { npsnParam } from '#contract/fields.ts';
import { idParam } from '#contract/user.ts';
import { MSG } from '#contract/messages.ts';
import { ok } from '../../lib/envelope.ts';
import { errors } from '../../lib/errors.ts';
import { currentUser } from '../../plugins/auth.ts';
import { requireOwned, requireSchool } from '../sekolah/school-access.ts';
import { keepSchool } from '../sekolah/school-property.ts';
import type { AppDeps } from '../../deps.ts';
import { publicAsset, ruanganRepository } from './ruangan.repository.ts';

const roomIdParam = z.object({ roomId: idParam.shape.id });

/** Rooms of a school (SPEC §7 "Rooms and assets") and the assets in each room. */
export function ruanganRoutes(base: FastifyInstance, deps: AppDeps): void {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { db } = deps.database;
  const repo = ruanganRepository(db);
  const user = { access: 'user' } as const;

  async function assertRoomType(id: number) {
    if (!(await repo.roomTypeExists(id))) throw errors.validation({ ruangan: MSG.roomTypeNotFound });
  }
  async function assertAssetType(id: number) {
    if (!(await repo.assetTypeExists(id))) throw errors.validation({ asset_id: MSG.assetTypeNotFound });
  }

  app.get(
    '/api/ruangan/:npsn',
    { config: user, schema: { params: npsnParam, querystring: pageQuery } },
    async (request) => {
      const school = await requireSchool(db, currentUser(request).user, request.params.npsn);
      return ok(await repo.roomsOfSchool(school.id, request.query.page));
    },
  );

  app.get('/api/sekolah/ruangan/detail/:id', { config: user, schema: { params: idParam } }, async (request) => {
    return ok(requireOwned(currentUser(request).user, await repo.findRoom(request.params.id), MSG.roomNotFound));
  });

  // SPEC §7: a room is added with PUT on the school's path.
  app.put(
    '/api/sekolah/ruangan/:npsn',
    { config: user, schema: { params: npsnParam, body: ruanganBody } },
    async (request) => {
      const school = await requireSchool(db, currentUser(request).user, request.params.npsn);
      await assertRoomType(request.body.ruangan);
      return ok(await repo.insertRoom(school.id, request.body), MSG.saved);
    },
  );

  app.put(
    '/api/sekolah/ruangan/edit/:id',
    { config: user, schema: { params: idParam, body: ruanganBody } },
    async (request) => {
      const room = requireOwned(currentUser(request).user, await repo.findRoom(request.params.id), MSG.roomNotFound);
      await assertRoomType(request.body.ruangan);
      return ok(await repo.updateRoom(room.id, request.body, deps.now()), MSG.updated);
    },
  );

  app.delete('/api/sekolah/ruangan/:id', { config: user, schema: { params: idParam } }, async (request) => {
    const room = requireOwned(currentUser(request).user, await repo.findRoom(request.params.id), MSG.roomNotFound);
    if (!(await repo.removeEmptyRoom(room.id))) throw errors.conflict('ruangan.has_assets', MSG.roomHasAssets);
    return ok(null, MSG.deleted);
  });

  // ----- assets -----

  app.get(
    '/api/aset-ruangan/:roomId',
    { config: user, schema: { params: roomIdParam, querystring: pageQuery } },
    async (request) => {
      const room = requireOwned(
        currentUser(request).user,
        await repo.findRoom(request.params.roomId),
        MSG.roomNotFound,
      );
      const p = await repo.assetsOfRoom(room.id, request.query.page);
      return ok({ ...p, data: p.data.map(publicAsset) });
    },
  );

  app.post('/api/aset', { config: user, schema: { body: asetBody } }, async (request) => {
    const b = request.body;
    requireOwned(currentUser(request).user, await repo.findRoom(b.ruangan_id), MSG.roomNotFound);
    await assertAssetType(b.asset_id);
    return ok(publicAsset(await repo.insertAsset(b)), MSG.saved);
  });

  app.put('/api/aset/:id', { config: user, schema: { params: idParam, body: asetBody } }, async (request) => {
    const { user: caller } = currentUser(request);
    const current = requireOwned(caller, await repo.findAsset(request.params.id));
    const b = request.body;
    // Moving an asset is allowed only to a room of the same school.
    if (b.ruangan_id !== current.ruangan_id) {
      const target = requireOwned(caller, await repo.findRoom(b.ruangan_id), MSG.roomNotFound);
      keepSchool(current.npsn, target.npsn, 'ruangan_id', MSG.roomNotFound);
    }
    await assertAssetType(b.asset_id);
    return ok(publicAsset(await repo.updateAsset(current.id, b, deps.now())), MSG.updated);
  });

  app.delete('/api/aset/:id', { config: user, schema: { params: idParam } }, async (request) => {
    const current = requireOwned(currentUser(request).user, await repo.findAsset(request.params.id));
    await repo.removeAsset(current.id);
    return ok(null, MSG.deleted);
  });
}
