import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { MSG } from '#contract/messages.ts';
import { fail, ok } from '../../lib/envelope.ts';
import type { AppDeps } from '../../deps.ts';

/** The check answers within this long even when the database hangs instead of refusing. */
const HEALTH_TIMEOUT_MS = 1800;

/** For load balancers: 200 while the database answers, 503 otherwise. */
export function healthRoutes(app: FastifyInstance, deps: AppDeps): void {
  app.get('/api/health', { config: { access: 'public' } }, async (request, reply) => {
    let timer: NodeJS.Timeout | undefined;
    try {
      const timeout = new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error(`no answer within ${HEALTH_TIMEOUT_MS} ms`)), HEALTH_TIMEOUT_MS);
      });
      await Promise.race([deps.database.db.execute(sql`select 1`), timeout]);
      return ok({ database: deps.database.kind, status: 'ok' }, MSG.healthOk);
    } catch (err) {
      request.log.error({ err }, 'health check: database unreachable');
      return reply.status(503).header('cache-control', 'no-store').send(fail(503, MSG.healthDbDown, 'health.database_down'));
    } finally {
      clearTimeout(timer);
    }
  });
}
