import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { asc, count, eq } from 'drizzle-orm';
import { lahanBody, pageQuery, PROPERTY_PAGE_SIZE, type Lahan } from '#contract/sarpras.ts';
import { npsnParam } from '#contract/fields.ts';
import { idParam } from '#contract/user.ts';
import { MSG } from '#contract/messages.ts';
import { ok, page } from '../../lib/envelope.ts';
import { errors } from '../../lib/errors.ts';
import { currentUser } from '../../plugins/auth.ts';
import { lahan, sekolah } from '../../db/schema/index.ts';
import { requireOwned, requireSchool } from '../sekolah/school-access.ts';
import type { AppDeps } from '../../deps.ts';

/** Land plots of a school (SPEC §7 "Land"). */
export function lahanRoutes(base: FastifyInstance, deps: AppDeps): void {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { db } = deps.database;
  const user = { access: 'user' } as const;

  const columns = {
    id: lahan.id,
    npsn: sekolah.npsn,
    nama: lahan.nama,
    luas: lahan.luas,
    tglperolehan: lahan.tglPerolehan,
    harga: lahan.harga,
    kondisi: lahan.kondisi,
    keterangan: lahan.keterangan,
  };
  const query = () => db.select(columns).from(lahan).innerJoin(sekolah, eq(sekolah.id, lahan.sekolahId));
  const find = async (id: number): Promise<Lahan | undefined> => (await query().where(eq(lahan.id, id)))[0];

  app.get('/api/list-lahan/:npsn', { config: user, schema: { params: npsnParam, querystring: pageQuery } }, async (request) => {
    const school = await requireSchool(db, currentUser(request).user, request.params.npsn);
    const p = request.query.page;
    const [{ total } = { total: 0 }] = await db.select({ total: count() }).from(lahan).where(eq(lahan.sekolahId, school.id));
    const rows = await query().where(eq(lahan.sekolahId, school.id)).orderBy(asc(lahan.tglPerolehan), asc(lahan.id)).limit(PROPERTY_PAGE_SIZE).offset((p - 1) * PROPERTY_PAGE_SIZE);
    return ok(page(rows, total, p, PROPERTY_PAGE_SIZE));
  });

  app.get('/api/lahan/:id', { config: user, schema: { params: idParam } }, async (request) => ok(requireOwned(currentUser(request).user, await find(request.params.id))));

  app.post('/api/lahan', { config: user, schema: { body: lahanBody } }, async (request) => {
    const b = request.body;
    const school = await requireSchool(db, currentUser(request).user, b.npsn);
    const [row] = await db
      .insert(lahan)
      .values({ sekolahId: school.id, nama: b.nama, luas: b.luas, tglPerolehan: b.tglperolehan, harga: b.harga, kondisi: b.kondisi, keterangan: b.keterangan })
      .returning({ id: lahan.id });
    return ok(await find(row!.id), MSG.saved);
  });

  app.put('/api/lahan/:id', { config: user, schema: { params: idParam, body: lahanBody } }, async (request) => {
    const { user: caller } = currentUser(request);
    const current = requireOwned(caller, await find(request.params.id));
    const b = request.body;
    // The plot stays with its school: a different npsn in the body is refused, not a transfer.
    if (b.npsn !== current.npsn) throw errors.validation({ npsn: 'Lahan tidak dapat dipindahkan ke sekolah lain' });
    await db
      .update(lahan)
      .set({ nama: b.nama, luas: b.luas, tglPerolehan: b.tglperolehan, harga: b.harga, kondisi: b.kondisi, keterangan: b.keterangan, updatedAt: deps.now() })
      .where(eq(lahan.id, current.id));
    return ok(await find(current.id), MSG.updated);
  });

  app.delete('/api/lahan/:id', { config: user, schema: { params: idParam } }, async (request) => {
    const current = requireOwned(currentUser(request).user, await find(request.params.id));
    await db.delete(lahan).where(eq(lahan.id, current.id));
    return ok(null, MSG.deleted);
  });
}
