import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ROLE_ADMIN, type SessionUser } from '#contract/auth.ts';
import { AppError, errors } from '../lib/errors.ts';
import { TOTP_MSG } from '#contract/totp.ts';
import { sessionRepository } from '../modules/auth/session.repository.ts';
import type { AppDeps } from '../deps.ts';
import type { AuditActor } from '../db/request-context.ts';

/**
 * Who may call a route. Every API route must declare one (checked when routes are registered):
 * - 'public': anyone;
 * - 'user': any signed-in, active account (operators are further limited to their own school by
 *   the module, see `assertSchoolAccess`);
 * - 'admin': administrators (role 1) only.
 */
export type Access = 'public' | 'user' | 'admin';

export interface AuthContext {
  user: SessionUser;
  sessionId: number;
  /** When this session signed in. */
  signedInAt: Date;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
    /** Reachable while the user still has to replace a one-time password. */
    allowDuringPasswordChange?: boolean;
    /** Reachable by an administrator who still has to set up two-factor sign-in. */
    allowBeforeTotp?: boolean;
  }
  interface FastifyRequest {
    auth: AuthContext | null;
  }
}

function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const match = /^Bearer\s+([A-Za-z0-9_-]{20,200})$/.exec(header.trim());
  return match?.[1] ?? null;
}

/** One registered route (each method of a multi-method route separately) and its declared access. */
export interface RegisteredRoute {
  method: string;
  url: string;
  /** Undefined only outside /api (e.g. /files/:key), where no sign-in is asked. */
  access: Access | undefined;
}

const routeTables = new WeakMap<FastifyInstance, RegisteredRoute[]>();

/**
 * Every route of an app built with `registerAuth`, in registration order, as the onRoute hook saw
 * it (HEAD routes that Fastify adds for GET routes included): the authorization matrix test
 * (server/test/authz-matrix.test.ts) is generated from this, so no route escapes it.
 */
export function routeTable(app: FastifyInstance): readonly RegisteredRoute[] {
  return routeTables.get(app) ?? [];
}

export function registerAuth(app: FastifyInstance, deps: AppDeps): void {
  const repo = sessionRepository(deps.database.db);
  // Revoking an expired session and marking one as seen are writes: on the write pool, so that a
  // slow disk delays them and not the reads (decision 0018).
  const writes = sessionRepository(deps.database.writeDb);
  const idleMs = deps.config.sessionIdleMinutes * 60_000;
  const adminIdleMs = deps.config.sessionIdleMinutesAdmin * 60_000;
  const absoluteMs = deps.config.sessionAbsoluteHours * 3_600_000;
  const table: RegisteredRoute[] = [];
  routeTables.set(app, table);

  app.decorateRequest('auth', null);

  app.addHook('onRoute', (route) => {
    // The API reference pages are public by nature.
    if (route.url.startsWith('/api/docs') && !route.config?.access)
      route.config = { ...route.config, access: 'public' };
    if (route.url.startsWith('/api') && !route.config?.access) {
      throw new Error(`Route ${route.method} ${route.url} tidak menyatakan hak akses (config.access)`);
    }
    for (const method of [route.method].flat()) table.push({ method, url: route.url, access: route.config?.access });
  });

  app.addHook('onRequest', async (request) => {
    const access = request.routeOptions.config?.access;
    if (!access || access === 'public') return;

    const token = bearerToken(request);
    if (!token) throw errors.unauthenticated();
    const found = await repo.findByToken(token);
    const now = deps.now();
    if (!found || found.statusAkun !== 1) throw errors.unauthenticated();
    const idle = found.user.roles.id === ROLE_ADMIN ? Math.min(adminIdleMs, idleMs) : idleMs;
    if (now.getTime() - found.createdAt.getTime() > absoluteMs || now.getTime() - found.lastSeenAt.getTime() > idle) {
      await writes.revoke(found.sessionId, now);
      throw errors.unauthenticated();
    }
    // One write a minute at most per session, not one per request.
    if (now.getTime() - found.lastSeenAt.getTime() > 60_000) await writes.touch(found.sessionId, now);

    request.auth = { user: found.user, sessionId: found.sessionId, signedInAt: found.createdAt };
    if (found.user.must_change_password && !request.routeOptions.config.allowDuringPasswordChange) {
      throw errors.passwordChangeRequired();
    }
    if (found.user.wajib_totp && !request.routeOptions.config.allowBeforeTotp)
      throw new AppError(403, 'auth.totp_setup_required', TOTP_MSG.setupRequired);
    if (access === 'admin' && found.user.roles.id !== ROLE_ADMIN) throw errors.forbidden();
  });
}

/** The signed-in caller of a route whose access is not 'public'. */
export function currentUser(request: FastifyRequest): AuthContext {
  if (!request.auth) throw errors.unauthenticated();
  return request.auth;
}

/**
 * The officer who starts a background run (a month's letters, an import): every row the run
 * changes is audited as theirs, from the request that started it, though the run outlives it.
 */
export function runActorOf(request: FastifyRequest): AuditActor & { user_id: number } {
  const { user } = currentUser(request);
  return {
    user_id: user.id,
    username: user.username,
    role: user.roles.id,
    npsn: null,
    ip: request.ip,
    request_id: String(request.id),
    metode: request.method,
    rute: request.routeOptions.url ?? request.url,
  };
}

/**
 * Administrators reach every school; an operator only the school whose NPSN is their username.
 * Another school's object answers 403 without any of its data.
 */
export function assertSchoolAccess(user: SessionUser, npsn: string): void {
  if (user.roles.id === ROLE_ADMIN) return;
  if (user.username !== npsn) throw errors.forbidden();
}
