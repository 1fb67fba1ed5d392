import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { asc, eq, isNull, and } from 'drizzle-orm';
import { wilayahQuery, type WilayahItem } from '#contract/master.ts';
import { ok } from '../../lib/envelope.ts';
import { wilayah } from '../../db/schema/index.ts';
import type { AppDeps } from '../../deps.ts';

/** api/wilayah: provinces without kode_wilayah, the children of a code with it (Kemendagri). */
export function wilayahRoutes(base: FastifyInstance, deps: AppDeps): void {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { db } = deps.database;
  app.get('/api/wilayah', { config: { access: 'user' }, schema: { querystring: wilayahQuery } }, async (request) => {
    const parent = request.query.kode_wilayah;
    const rows: WilayahItem[] = await db
      .select({ kode_wilayah: wilayah.kodeWilayah, nama: wilayah.nama, level: wilayah.level })
      .from(wilayah)
      .where(parent ? eq(wilayah.induk, parent) : and(isNull(wilayah.induk), eq(wilayah.level, 1)))
      .orderBy(asc(wilayah.nama));
    return ok(rows);
  });
}
