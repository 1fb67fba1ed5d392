import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { MSG } from '#contract/messages.ts';
import { fail, ok } from '../../lib/envelope.ts';
import type { AppDeps } from '../../app.ts';

/** For load balancers: 200 while the database answers, 503 otherwise. */
export function healthRoutes(app: FastifyInstance, deps: AppDeps): void {
  app.get('/api/health', { config: { access: 'public' } }, async (request, reply) => {
    try {
      await deps.database.db.execute(sql`select 1`);
      return ok({ database: deps.database.kind, status: 'ok' }, MSG.healthOk);
    } catch (err) {
      request.log.error({ err }, 'health check: database unreachable');
      return reply.status(503).send(fail(503, MSG.healthDbDown, 'health.database_down'));
    }
  });
}
