import type { FastifyInstance } from 'fastify';
import type { KunjunganTercatat } from '#contract/statistik.ts';
import { ok } from '../../lib/envelope.ts';
import { currentUser } from '../../plugins/auth.ts';
import type { AppDeps } from '../../deps.ts';
import { kunjunganRepository } from './kunjungan.repository.ts';

/**
 * POST api/kunjungan: the web app calls it once per signed-in page load and day; a user counts
 * once per day (the unique pair decides, so two tabs at once still count one visit).
 */
export function kunjunganRoutes(app: FastifyInstance, deps: AppDeps): void {
  const repo = kunjunganRepository(deps.database.db);
  app.post('/api/kunjungan', { config: { access: 'user' } }, async (request) => {
    const tanggal = deps.waktu.hariIni(deps.now());
    const baru = await repo.catat(currentUser(request).user.id, tanggal);
    const answer: KunjunganTercatat = { tanggal, baru };
    return ok(answer);
  });
}
