import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { MSG } from '#contract/messages.ts';
import { fail, ok } from '../../lib/envelope.ts';
import type { AppDeps } from '../../deps.ts';
import { pingDatabase } from './health.repository.ts';

/** The check answers within this long even when the database hangs instead of refusing. */
const HEALTH_TIMEOUT_MS = 1800;

/** Resolves when the database answers `select 1` within HEALTH_TIMEOUT_MS; rejects otherwise. */
async function databaseAnswers(deps: AppDeps): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  try {
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`no answer within ${HEALTH_TIMEOUT_MS} ms`)), HEALTH_TIMEOUT_MS);
    });
    await Promise.race([pingDatabase(deps.database.db), timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/** 200 with `message` when the database answers; otherwise 503, the failure logged as `failure`. */
async function databaseCheck(
  request: FastifyRequest,
  reply: FastifyReply,
  deps: AppDeps,
  message: string,
  failure: string,
) {
  try {
    await databaseAnswers(deps);
    return ok({ database: deps.database.kind, status: 'ok' }, message);
  } catch (err) {
    request.log.error({ err }, failure);
    return reply
      .status(503)
      .header('cache-control', 'no-store')
      .send(fail(503, MSG.healthDbDown, 'health.database_down'));
  }
}

/**
 * For load balancers and supervisors:
 * - `/api/health` (SPEC): 200 while the database answers, 503 otherwise; unchanged.
 * - `/api/health/live`: the process answers; never asks the database, so a database outage does
 *   not get a healthy process restarted (the pool recovers by itself, docs/reliability.md).
 * - `/api/health/ready`: send requests here: the database answers and no graceful shutdown has
 *   begun (server/main.ts marks it on SIGTERM, then drains for SHUTDOWN_DRAIN_MS).
 * The two probes are polled every few seconds: their answers are logged from warnings up only.
 */
export function healthRoutes(app: FastifyInstance, deps: AppDeps): void {
  app.get('/api/health', { config: { access: 'public' } }, (request, reply) =>
    databaseCheck(request, reply, deps, MSG.healthOk, 'health check: database unreachable'),
  );

  app.get('/api/health/live', { config: { access: 'public' }, logLevel: 'warn' }, () =>
    ok({ status: 'ok' }, MSG.healthLive),
  );

  app.get('/api/health/ready', { config: { access: 'public' }, logLevel: 'warn' }, async (request, reply) => {
    if (deps.lifecycle?.shuttingDown) {
      return reply
        .status(503)
        .header('cache-control', 'no-store')
        .send(fail(503, MSG.healthShuttingDown, 'health.shutting_down'));
    }
    return databaseCheck(request, reply, deps, MSG.healthReady, 'readiness check: database unreachable');
  });
}
