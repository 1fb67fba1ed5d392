import type { FastifyInstance } from 'fastify';
import { ok } from '../../lib/envelope.ts';
import type { AppDeps } from '../../app.ts';

/** Public settings the browser needs before or after login (map tiles). */
export function configRoutes(app: FastifyInstance, deps: AppDeps): void {
  app.get('/api/config', { config: { access: 'public' } }, async () =>
    ok({
      map: {
        tileUrl: deps.config.mapTileUrl,
        attribution: deps.config.mapAttribution,
        // SPEC §9: the map's default centre, on Halmahera (Maluku Utara), zoom 8.
        center: [1.588623, 127.657952] as [number, number],
        zoom: 8,
      },
    }),
  );
}
