import type { FastifyInstance } from 'fastify';
import type { Dashboard } from '#contract/dashboard.ts';
import { ok } from '../../lib/envelope.ts';
import type { AppDeps } from '../../deps.ts';
import { statCacheOf } from '../statistik/statistik.cache.ts';
import { kgbTerakhirPaling } from '../../domain/periode.ts';
import { lahirBelumPensiun, lahirPensiunDalam } from '../../domain/pensiun.ts';
import { dashboardRepository } from './dashboard.repository.ts';

/** GET api/dashboard (SPEC §7): the administrator's nine count cards; operators 403. */
export function dashboardRoutes(app: FastifyInstance, deps: AppDeps): void {
  const repo = dashboardRepository(deps.database.db);
  const cache = statCacheOf(app, deps);
  app.get('/api/dashboard', { config: { access: 'admin' } }, async () => {
    const today = deps.waktu.hariIni(deps.now());
    const data: Dashboard = await cache.get(`dashboard:${today}`, () =>
      repo.counts({
        today,
        kgbTerakhirPaling: kgbTerakhirPaling(today),
        lahirPensiun: lahirPensiunDalam(today, deps.config.retirementAge, 12),
        lahirBelumPensiun: lahirBelumPensiun(today, deps.config.retirementAge),
        usiaPensiun: deps.config.retirementAge,
      }),
    );
    return ok(data);
  });
}
