import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { asc, eq } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { masterNamaBody } from '#contract/master.ts';
import { idParam } from '#contract/user.ts';
import { MSG } from '#contract/messages.ts';
import { ok } from '../../lib/envelope.ts';
import { errors } from '../../lib/errors.ts';
import { isForeignKeyViolation, isUniqueViolation } from '../../lib/db-errors.ts';
import { bentukPendidikan, fasilitas, jenisRuangan, kondisi, masterAset } from '../../db/schema/index.ts';
import type { AppDeps } from '../../deps.ts';

type NamedTable = PgTable & { id: PgColumn; nama: PgColumn };
const named = (t: unknown) => t as NamedTable;

/**
 * Master lists of SPEC §7. Reading is for every signed-in user; the two editable lists (room types
 * and asset types) are for administrators, and a type still in use cannot be deleted (409).
 */
export function masterRoutes(base: FastifyInstance, deps: AppDeps): void {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { db } = deps.database;
  const read = { access: 'user' } as const;
  const admin = { access: 'admin' } as const;

  const list = (table: NamedTable, by: 'id' | 'nama') =>
    db.select({ id: table.id, nama: table.nama }).from(table).orderBy(asc(by === 'id' ? table.id : table.nama));

  app.get('/api/masterbp', { config: read }, async () => ok(await list(named(bentukPendidikan), 'id')));
  app.get('/api/kondisi', { config: read }, async () => ok(await list(named(kondisi), 'id')));
  app.get('/api/fasilitas', { config: read }, async () => ok(await db.select().from(fasilitas).orderBy(asc(fasilitas.fasilitas))));
  // SPEC §7 names: room types are read and created at api/ruangan and changed at api/ruangan/{id};
  // asset types are read at api/master-aset and written at api/asset, api/asset/{id}.
  app.get('/api/ruangan', { config: read }, async () => ok(await list(named(jenisRuangan), 'nama')));
  app.get('/api/master-aset', { config: read }, async () => ok(await list(named(masterAset), 'nama')));
  writes(named(jenisRuangan), '/api/ruangan', '/api/ruangan/:id');
  writes(named(masterAset), '/api/asset', '/api/asset/:id');

  /** POST create, PUT rename, DELETE (409 while in use) of an editable master list. */
  function writes(table: NamedTable, createPath: string, itemPath: string) {
    const unique = async <T>(run: () => Promise<T>): Promise<T> => {
      try {
        return await run();
      } catch (err) {
        if (isUniqueViolation(err)) throw errors.conflict('master.duplicate', MSG.masterDuplicate);
        throw err;
      }
    };

    app.post(createPath, { config: admin, schema: { body: masterNamaBody } }, async (request) => {
      const [row] = await unique(() => db.insert(table).values({ nama: request.body.nama } as never).returning({ id: table.id, nama: table.nama }));
      return ok(row, MSG.saved);
    });

    app.put(itemPath, { config: admin, schema: { params: idParam, body: masterNamaBody } }, async (request) => {
      const [row] = await unique(() => db.update(table).set({ nama: request.body.nama } as never).where(eq(table.id, request.params.id)).returning({ id: table.id, nama: table.nama }));
      if (!row) throw errors.notFound();
      return ok(row, MSG.updated);
    });

    app.delete(itemPath, { config: admin, schema: { params: idParam } }, async (request) => {
      let deleted: unknown[];
      try {
        deleted = await db.delete(table).where(eq(table.id, request.params.id)).returning({ id: table.id });
      } catch (err) {
        if (isForeignKeyViolation(err)) throw errors.conflict('master.in_use', MSG.masterInUse);
        throw err;
      }
      if (!deleted.length) throw errors.notFound();
      return ok(null, MSG.deleted);
    });
  }
}
