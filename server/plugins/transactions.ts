import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { SessionUser } from '#contract/auth.ts';
import type { AppDeps } from '../deps.ts';
import {
  runInRequestScope,
  type AuditActor,
  type CommittedChanges,
  type TransactionMode,
} from '../db/request-context.ts';

const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Who acts in a request, as the audit rows record it: the signed-in user (`who`, unless another is
 * named), the address, the request's id, the method and the route's pattern (else its path).
 */
export function requestActor(
  request: FastifyRequest,
  who: SessionUser | null = request.auth?.user ?? null,
): AuditActor {
  return {
    user_id: who?.id ?? null,
    username: who?.username ?? null,
    role: who?.roles.id ?? null,
    npsn: who?.sekolah?.npsn ?? null,
    ip: request.ip,
    request_id: String(request.id),
    metode: request.method,
    rute: request.routeOptions.url ?? request.url.split('?')[0]!,
  };
}

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
      const actor = () => requestActor(request);
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
