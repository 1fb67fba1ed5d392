import type { FastifyInstance } from 'fastify';
import { ok } from '../../lib/envelope.ts';
import type { AppDeps } from '../../deps.ts';
import { DEFAULT_MAP, type AppConfig } from '#contract/config.ts';
import { kantorRepository } from '../kantor/kantor.repository.ts';

/** Public settings the browser needs before or after login: map tiles and view, the office's level and region. */
export function configRoutes(app: FastifyInstance, deps: AppDeps): void {
  const kantor = kantorRepository(deps.database.db, deps.files);
  app.get('/api/config', { config: { access: 'public' } }, async (request) => {
    let office: AppConfig['kantor'] = null;
    try {
      office = await kantor.config();
    } catch (err) {
      // The map still opens when the database does not answer.
      request.log.warn({ err }, 'office profile not read for api/config');
    }
    const answer: AppConfig = {
      // SPEC §9: the map's default centre, on Halmahera (Maluku Utara), zoom 8.
      map: { ...DEFAULT_MAP, tileUrl: deps.config.mapTileUrl, attribution: deps.config.mapAttribution },
      kantor: office,
      penandatangan: deps.config.signer.kind,
      segel: deps.config.signer.kind === 'bsre' && Boolean(deps.config.signer.sealIdSubscriber),
      // The office's clock (server/domain/waktu-kantor.ts): the screens show its times, as the letters.
      zona_waktu: deps.waktu.zona(),
    };
    return ok(answer);
  });
}
