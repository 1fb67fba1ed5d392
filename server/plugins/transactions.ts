import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../deps.ts';
import {
  runInRequestScope,
  type AuditActor,
  type CommittedChanges,
  type TransactionMode,
} from '../db/request-context.ts';

const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

declare module 'fastify' {
  interface FastifyContextConfig {
    /** How a write route uses transactions (default 'request'); see server/db/request-context.ts. */
    transaction?: TransactionMode;
  }
  interface FastifyRequest {
    /** Set once a write request has committed (server/db/request-context.ts `CommittedChanges`). */
    committedChanges: CommittedChanges | null;
  }
}

/**
 * Every write route runs in one transaction per request, which also tells the audit trigger who
 * changes the data (server/db/request-context.ts).
 */
export function registerRequestTransactions(app: FastifyInstance, deps: AppDeps): void {
  const raw = deps.database.writeDb;
  app.decorateRequest('committedChanges', null);
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    // A route that writes although called with GET (SPEC's KGB verification) declares a mode too.
    if (!route.url.startsWith('/api') || !(methods.some((m) => WRITE_METHODS.has(m)) || route.config?.transaction))
      return;
    const mode: TransactionMode = route.config?.transaction ?? 'request';
    const handler = route.handler;
    route.handler = function transactional(request, reply) {
      const actor = (): AuditActor => {
        const user = request.auth?.user;
        return {
          user_id: user?.id ?? null,
          username: user?.username ?? null,
          role: user?.roles.id ?? null,
          npsn: user?.sekolah?.npsn ?? null,
          ip: request.ip,
          request_id: String(request.id),
          metode: request.method,
          rute: request.routeOptions.url ?? request.url.split('?')[0]!,
        };
      };
      return runInRequestScope(
        raw,
        deps.files,
        mode,
        actor,
        request.isMultipart(),
        () => Promise.resolve(handler.call(this, request, reply)),
        (changes) => {
          request.committedChanges = changes;
        },
      );
    };
  });
}
