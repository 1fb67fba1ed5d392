import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { and, asc, count, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { asetBody, pageQuery, PROPERTY_PAGE_SIZE, ruanganBody, type Aset, type Ruangan } from '#contract/sarpras.ts';
import { npsnParam } from '#contract/fields.ts';
import { idParam } from '#contract/user.ts';
import { MSG } from '#contract/messages.ts';
import { ok, page } from '../../lib/envelope.ts';
import { errors } from '../../lib/errors.ts';
import { currentUser } from '../../plugins/auth.ts';
import { aset, jenisRuangan, masterAset, ruangan, sekolah } from '../../db/schema/index.ts';
import { requireOwned, requireSchool } from '../sekolah/school-access.ts';
import type { AppDeps } from '../../deps.ts';

const roomIdParam = z.object({ roomId: idParam.shape.id });

/** Rooms of a school (SPEC §7 "Rooms and assets") and the assets in each room. */
export function ruanganRoutes(base: FastifyInstance, deps: AppDeps): void {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { db } = deps.database;
  const user = { access: 'user' } as const;

  const roomColumns = {
    id: ruangan.id,
    npsn: sekolah.npsn,
    nama: ruangan.nama,
    jenisruangan: { id: jenisRuangan.id, nama: jenisRuangan.nama },
    panjang: ruangan.panjang,
    lebar: ruangan.lebar,
    tinggi: ruangan.tinggi,
    keterangan: ruangan.keterangan,
    status: ruangan.status,
    jumlah_aset: sql<number>`(select count(*)::int from ${aset} where ${aset.ruanganId} = ${ruangan.id})`,
  };
  const roomQuery = () => db.select(roomColumns).from(ruangan).innerJoin(sekolah, eq(sekolah.id, ruangan.sekolahId)).innerJoin(jenisRuangan, eq(jenisRuangan.id, ruangan.jenisRuanganId));

  async function findRoom(id: number): Promise<Ruangan | undefined> {
    const [row] = await roomQuery().where(eq(ruangan.id, id));
    return row;
  }

  async function assertRoomType(id: number) {
    const [row] = await db.select({ id: jenisRuangan.id }).from(jenisRuangan).where(eq(jenisRuangan.id, id));
    if (!row) throw errors.validation({ ruangan: MSG.roomTypeNotFound });
  }

  app.get('/api/ruangan/:npsn', { config: user, schema: { params: npsnParam, querystring: pageQuery } }, async (request) => {
    const school = await requireSchool(db, currentUser(request).user, request.params.npsn);
    const p = request.query.page;
    const [{ total } = { total: 0 }] = await db.select({ total: count() }).from(ruangan).where(eq(ruangan.sekolahId, school.id));
    const rows = await roomQuery().where(eq(ruangan.sekolahId, school.id)).orderBy(asc(ruangan.nama), asc(ruangan.id)).limit(PROPERTY_PAGE_SIZE).offset((p - 1) * PROPERTY_PAGE_SIZE);
    return ok(page(rows, total, p, PROPERTY_PAGE_SIZE));
  });

  app.get('/api/sekolah/ruangan/detail/:id', { config: user, schema: { params: idParam } }, async (request) => {
    return ok(requireOwned(currentUser(request).user, await findRoom(request.params.id), MSG.roomNotFound));
  });

  // SPEC §7: a room is added with PUT on the school's path.
  app.put('/api/sekolah/ruangan/:npsn', { config: user, schema: { params: npsnParam, body: ruanganBody } }, async (request) => {
    const school = await requireSchool(db, currentUser(request).user, request.params.npsn);
    const b = request.body;
    await assertRoomType(b.ruangan);
    const [row] = await db
      .insert(ruangan)
      .values({ sekolahId: school.id, jenisRuanganId: b.ruangan, nama: b.nama, panjang: b.panjang, lebar: b.lebar, tinggi: b.tinggi, keterangan: b.keterangan, status: b.status })
      .returning({ id: ruangan.id });
    return ok(await findRoom(row!.id), MSG.saved);
  });

  app.put('/api/sekolah/ruangan/edit/:id', { config: user, schema: { params: idParam, body: ruanganBody } }, async (request) => {
    requireOwned(currentUser(request).user, await findRoom(request.params.id), MSG.roomNotFound);
    const b = request.body;
    await assertRoomType(b.ruangan);
    await db
      .update(ruangan)
      .set({ jenisRuanganId: b.ruangan, nama: b.nama, panjang: b.panjang, lebar: b.lebar, tinggi: b.tinggi, keterangan: b.keterangan, status: b.status, updatedAt: deps.now() })
      .where(eq(ruangan.id, request.params.id));
    return ok(await findRoom(request.params.id), MSG.updated);
  });

  app.delete('/api/sekolah/ruangan/:id', { config: user, schema: { params: idParam } }, async (request) => {
    const room = requireOwned(currentUser(request).user, await findRoom(request.params.id), MSG.roomNotFound);
    // Checked and deleted in one statement, so an asset added meanwhile cannot be orphaned.
    const deleted = await db
      .delete(ruangan)
      .where(and(eq(ruangan.id, room.id), sql`not exists (select 1 from ${aset} where ${aset.ruanganId} = ${ruangan.id})`))
      .returning({ id: ruangan.id });
    if (!deleted.length) throw errors.conflict('ruangan.has_assets', MSG.roomHasAssets);
    return ok(null, MSG.deleted);
  });

  // ----- assets -----

  const assetColumns = {
    id: aset.id,
    nama: aset.nama,
    asset_id: aset.masterAsetId,
    masterasset: { id: masterAset.id, nama: masterAset.nama },
    jumlah: aset.jumlah,
    harga: aset.harga,
    kondisi: aset.kondisi,
    ruangan_id: aset.ruanganId,
    npsn: sekolah.npsn,
  };
  const assetQuery = () =>
    db.select(assetColumns).from(aset).innerJoin(masterAset, eq(masterAset.id, aset.masterAsetId)).innerJoin(ruangan, eq(ruangan.id, aset.ruanganId)).innerJoin(sekolah, eq(sekolah.id, ruangan.sekolahId));
  const publicAsset = ({ npsn: _npsn, ...row }: Aset & { npsn: string }): Aset => row;

  async function findAsset(id: number) {
    const [row] = await assetQuery().where(eq(aset.id, id));
    return row;
  }

  async function assertAssetType(id: number) {
    const [row] = await db.select({ id: masterAset.id }).from(masterAset).where(eq(masterAset.id, id));
    if (!row) throw errors.validation({ asset_id: MSG.assetTypeNotFound });
  }

  app.get('/api/aset-ruangan/:roomId', { config: user, schema: { params: roomIdParam, querystring: pageQuery } }, async (request) => {
    const room = requireOwned(currentUser(request).user, await findRoom(request.params.roomId), MSG.roomNotFound);
    const p = request.query.page;
    const [{ total } = { total: 0 }] = await db.select({ total: count() }).from(aset).where(eq(aset.ruanganId, room.id));
    const rows = await assetQuery().where(eq(aset.ruanganId, room.id)).orderBy(asc(aset.nama), asc(aset.id)).limit(PROPERTY_PAGE_SIZE).offset((p - 1) * PROPERTY_PAGE_SIZE);
    return ok(page(rows.map(publicAsset), total, p, PROPERTY_PAGE_SIZE));
  });

  app.post('/api/aset', { config: user, schema: { body: asetBody } }, async (request) => {
    const b = request.body;
    requireOwned(currentUser(request).user, await findRoom(b.ruangan_id), MSG.roomNotFound);
    await assertAssetType(b.asset_id);
    const [row] = await db.insert(aset).values({ ruanganId: b.ruangan_id, masterAsetId: b.asset_id, nama: b.nama, jumlah: b.jumlah, harga: b.harga, kondisi: b.kondisi }).returning({ id: aset.id });
    return ok(publicAsset((await findAsset(row!.id))!), MSG.saved);
  });

  app.put('/api/aset/:id', { config: user, schema: { params: idParam, body: asetBody } }, async (request) => {
    const { user: caller } = currentUser(request);
    const current = requireOwned(caller, await findAsset(request.params.id));
    const b = request.body;
    // Moving an asset is allowed only to a room of the same school.
    if (b.ruangan_id !== current.ruangan_id) {
      const target = requireOwned(caller, await findRoom(b.ruangan_id), MSG.roomNotFound);
      if (target.npsn !== current.npsn) throw errors.validation({ ruangan_id: MSG.roomNotFound });
    }
    await assertAssetType(b.asset_id);
    await db
      .update(aset)
      .set({ ruanganId: b.ruangan_id, masterAsetId: b.asset_id, nama: b.nama, jumlah: b.jumlah, harga: b.harga, kondisi: b.kondisi, updatedAt: deps.now() })
      .where(eq(aset.id, current.id));
    return ok(publicAsset((await findAsset(current.id))!), MSG.updated);
  });

  app.delete('/api/aset/:id', { config: user, schema: { params: idParam } }, async (request) => {
    const current = requireOwned(currentUser(request).user, await findAsset(request.params.id));
    await db.delete(aset).where(eq(aset.id, current.id));
    return ok(null, MSG.deleted);
  });
}
