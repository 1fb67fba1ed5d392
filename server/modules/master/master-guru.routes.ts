import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { REFERENSI_ENDPOINTS } from '#contract/master-guru.ts';
import { ok } from '../../lib/envelope.ts';
import type { AppDeps } from '../../deps.ts';
import { masterRepository } from './master.repository.ts';

const keahlianQuery = z.object({
  keahlian_tipe: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z.enum(['umum', 'bahasa'], { error: 'keahlian_tipe harus umum atau bahasa' }).optional(),
  ),
});

/** The teacher master lists of SPEC §7, each with its own answer field names. */
export function masterGuruRoutes(base: FastifyInstance, deps: AppDeps): void {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const repo = masterRepository(deps.database.db);
  for (const ep of REFERENSI_ENDPOINTS) {
    const schema = ep.path === 'masterkeahlian' ? { querystring: keahlianQuery } : {};
    app.get(`/api/${ep.path}`, { config: { access: 'user' }, schema }, async (request) => {
      const tipe = (request.query as { keahlian_tipe?: string }).keahlian_tipe;
      const rows = await repo.referensi(ep.kategori, tipe);
      return ok(
        rows.map((r) => ({ id: r.id, [ep.nameField]: r.nama, ...(ep.extraField ? { [ep.extraField]: r.nama2 } : {}) })),
      );
    });
  }
}
