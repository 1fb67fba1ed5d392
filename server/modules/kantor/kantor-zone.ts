import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../deps.ts';
import { kantorRepository } from './kantor.repository.ts';

/**
 * Makes the app's office clock (AppDeps.waktu) follow the saved office profile: a saved profile's
 * zone wins over OFFICE_TIMEZONE (README): "today" and letter times follow it. The app starts
 * without its database (docs/reliability.md): until the profile can be read the configured zone
 * holds, and the read is tried again every 30 s. Answers the re-read, run when the database
 * announces a change to `pengaturan` (a profile saved by another process, or restored;
 * server/db/caches.ts).
 */
export function followOfficeZone(app: FastifyInstance, deps: AppDeps): () => void {
  const repo = kantorRepository(deps.database.db, deps.files, deps.config.officeTimezone);
  let retry: NodeJS.Timeout | null = null;
  const applyZone = () => {
    if (retry) clearTimeout(retry);
    retry = null;
    repo.profile().then(
      (p) => deps.waktu.setZona(p.zona_waktu),
      () => {
        retry = setTimeout(applyZone, 30_000);
        retry.unref();
      },
    );
  };
  app.addHook('onReady', async () => applyZone());
  app.addHook('onClose', async () => {
    if (retry) clearTimeout(retry);
  });
  return applyZone;
}
