import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { changePasswordBody, loginBody } from '#contract/auth.ts';
import { MSG } from '#contract/messages.ts';
import { ok } from '../../lib/envelope.ts';
import { parseWith } from '../../plugins/validation.ts';
import { currentUser } from '../../plugins/auth.ts';
import { sessionRepository } from './session.repository.ts';
import { authService } from './auth.service.ts';
import type { AppDeps } from '../../app.ts';

export function authRoutes(base: FastifyInstance, deps: AppDeps): void {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { db } = deps.database;
  const service = authService(db, {
    maxPerAccount: deps.config.loginMaxPerAccount,
    maxPerAddress: deps.config.loginMaxPerAddress,
    windowMinutes: deps.config.loginWindowMinutes,
  });
  const sessions = sessionRepository(db);

  // JSON body; SPEC §7's query string is still accepted for old clients (and redacted from logs).
  // Manual transactions: failed attempts are counted although the request fails.
  app.post('/api/token', { config: { access: 'public', transaction: 'manual', statSources: 'untouched' } }, async (request) => {
    const query = request.query as Record<string, unknown>;
    const body = (request.body ?? {}) as Record<string, unknown>;
    const input = parseWith(loginBody, {
      username: body.username ?? query.username,
      password: body.password ?? query.password,
    });
    const session = await service.login(input.username, input.password, request.ip, request.headers['user-agent'] ?? null, deps.now());
    return ok(session, MSG.loginSuccess);
  });

  app.post('/api/logout', { config: { access: 'user', allowDuringPasswordChange: true } }, async (request) => {
    await sessions.revoke(currentUser(request).sessionId, deps.now());
    return ok(null, MSG.logoutSuccess);
  });

  app.get('/api/me', { config: { access: 'user', allowDuringPasswordChange: true } }, async (request) => {
    return ok(currentUser(request).user);
  });

  // Manual transaction too: a wrong old password is counted although the request fails.
  app.put('/api/user/password', { config: { access: 'user', allowDuringPasswordChange: true, transaction: 'manual' }, schema: { body: changePasswordBody } }, async (request) => {
    const { user, sessionId } = currentUser(request);
    await service.changePassword(user.id, sessionId, request.body.password_lama, request.body.password_baru, deps.now());
    return ok(null, MSG.passwordChanged);
  });
}
