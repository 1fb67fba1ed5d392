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
import { recordSecurityEvent } from '../audit/security-events.ts';
import type { SecurityEvent } from '#contract/audit-values.ts';

/** The login refusals recorded as security events, by error code. */
const LOGIN_FAILURES: Record<string, SecurityEvent> = {
  'auth.invalid_credentials': 'login_gagal',
  'auth.throttled': 'login_ditahan',
  'auth.account_inactive': 'akun_nonaktif',
};

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
    // Every outcome is a security event (ASVS 7.2.1), on the write pool: a failure must stay recorded.
    let session;
    try {
      session = await service.login(input.username, input.password, request.ip, request.headers['user-agent'] ?? null, deps.now());
    } catch (err) {
      const event = LOGIN_FAILURES[(err as { code?: string }).code ?? ''];
      if (event) await recordSecurityEvent(deps.database.writeDb, request, event, { username: input.username });
      throw err;
    }
    await recordSecurityEvent(deps.database.writeDb, request, 'login_berhasil', {}, session.user);
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
    try {
      await service.changePassword(user.id, sessionId, request.body.password_lama, request.body.password_baru, deps.now());
    } catch (err) {
      const e = err as { code?: string; data?: { errors?: Record<string, string> } };
      if (e.code === 'auth.password_throttled') await recordSecurityEvent(deps.database.writeDb, request, 'password_ditahan');
      else if (e.data?.errors?.password_lama) await recordSecurityEvent(deps.database.writeDb, request, 'password_lama_salah');
      throw err;
    }
    await recordSecurityEvent(deps.database.writeDb, request, 'password_diganti');
    return ok(null, MSG.passwordChanged);
  });
}
