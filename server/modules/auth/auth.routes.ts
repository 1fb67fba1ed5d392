import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { changePasswordBody, loginBody } from '#contract/auth.ts';
import { TOTP_MSG, totpKodeBody, totpNonaktifBody } from '#contract/totp.ts';
import { MSG } from '#contract/messages.ts';
import { ok } from '../../lib/envelope.ts';
import { parseWith } from '../../plugins/validation.ts';
import { currentUser } from '../../plugins/auth.ts';
import { sessionRepository } from './session.repository.ts';
import { authService } from './auth.service.ts';
import type { AppDeps } from '../../deps.ts';
import { recordSecurityEvent } from '../audit/security-events.ts';
import { totpService } from './totp.service.ts';
import { attemptLimiter, typedUsername } from './login-throttle.ts';
import { AppError, errors } from '../../lib/errors.ts';
import type { SecurityEvent } from '#contract/audit-values.ts';

/** The login refusals recorded as security events, by error code. */
const LOGIN_FAILURES: Record<string, SecurityEvent> = {
  'auth.invalid_credentials': 'login_gagal',
  'auth.throttled': 'login_ditahan',
  'auth.account_inactive': 'akun_nonaktif',
  'auth.totp_invalid': 'totp_gagal',
};

/** A refusal past the limit that a read decided: nothing was counted, and nothing is recorded. */
const isQuietRefusal = (err: unknown) => (err as { counted?: boolean }).counted === false;

export function authRoutes(base: FastifyInstance, deps: AppDeps): void {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { db } = deps.database;
  const totp = totpService(db, { wajibAdmin: deps.config.totpWajibAdmin, issuer: 'Sidasek' });
  const service = authService(
    db,
    {
      maxPerAccount: deps.config.loginMaxPerAccount,
      maxPerAddress: deps.config.loginMaxPerAddress,
      windowMinutes: deps.config.loginWindowMinutes,
    },
    totp,
  );
  const factorLimiter = attemptLimiter(db, deps.config.loginWindowMinutes);
  const sessions = sessionRepository(db);

  // JSON body; SPEC §7's query string is still accepted for old clients (and redacted from logs).
  // Manual transactions: failed attempts are counted although the request fails.
  app.post(
    '/api/token',
    { config: { access: 'public', transaction: 'manual', statSources: 'untouched' } },
    async (request) => {
      const query = request.query as Record<string, unknown>;
      const body = (request.body ?? {}) as Record<string, unknown>;
      const input = parseWith(loginBody, {
        username: body.username ?? query.username,
        password: body.password ?? query.password,
        kode_otp: body.kode_otp ?? query.kode_otp,
      });
      // Every outcome is a security event (ASVS 7.2.1), on the write pool: a failure must stay recorded.
      let session;
      try {
        session = await service.login(
          input.username,
          input.password,
          request.ip,
          request.headers['user-agent'] ?? null,
          deps.now(),
          input.kode_otp,
        );
      } catch (err) {
        const event = LOGIN_FAILURES[(err as { code?: string }).code ?? ''];
        // A refusal decided by a read alone (the limit was already reached) writes nothing.
        if (event && !isQuietRefusal(err))
          await recordSecurityEvent(deps.database.writeDb, request, event, { username: typedUsername(input.username) });
        throw err;
      }
      await recordSecurityEvent(deps.database.writeDb, request, 'login_berhasil', {}, session.user);
      return ok(session, MSG.loginSuccess);
    },
  );

  app.post(
    '/api/logout',
    { config: { access: 'user', allowDuringPasswordChange: true, allowBeforeTotp: true } },
    async (request) => {
      await sessions.revoke(currentUser(request).sessionId, deps.now());
      return ok(null, MSG.logoutSuccess);
    },
  );

  app.get(
    '/api/me',
    { config: { access: 'user', allowDuringPasswordChange: true, allowBeforeTotp: true } },
    async (request) => {
      return ok(currentUser(request).user);
    },
  );

  // Manual transaction too: a wrong old password is counted although the request fails.
  app.put(
    '/api/user/password',
    {
      config: { access: 'user', allowDuringPasswordChange: true, allowBeforeTotp: true, transaction: 'manual' },
      schema: { body: changePasswordBody },
    },
    async (request) => {
      const { user, sessionId, signedInAt } = currentUser(request);
      try {
        await service.changePassword(
          user.id,
          { id: sessionId, signedInAt },
          request.body.password_lama,
          request.body.password_baru,
          deps.now(),
        );
      } catch (err) {
        const e = err as { code?: string; data?: { errors?: Record<string, string> } };
        if (e.code === 'auth.password_throttled') {
          if (!isQuietRefusal(err)) await recordSecurityEvent(deps.database.writeDb, request, 'password_ditahan');
        } else if (e.data?.errors?.password_lama)
          await recordSecurityEvent(deps.database.writeDb, request, 'password_lama_salah');
        throw err;
      }
      await recordSecurityEvent(deps.database.writeDb, request, 'password_diganti');
      return ok(null, MSG.passwordChanged);
    },
  );

  // ----- two-factor sign-in (TOTP): the caller's own -----
  const own = { access: 'user', allowBeforeTotp: true } as const;

  app.get('/api/user/totp', { config: own }, async (request) => {
    const { user } = currentUser(request);
    return ok(await totp.status(user.id, user.roles.id));
  });

  app.post('/api/user/totp/setup', { config: own }, async (request) => {
    const { user } = currentUser(request);
    return ok(
      await totp.setup(user.id, user.username),
      'Pindai kode QR dengan aplikasi autentikator, lalu masukkan kodenya',
    );
  });

  app.post('/api/user/totp/aktifkan', { config: own, schema: { body: totpKodeBody } }, async (request) => {
    const { user } = currentUser(request);
    const result = await totp.activate(user.id, request.body.kode, deps.now());
    await recordSecurityEvent(db, request, 'totp_aktif');
    return ok(result, TOTP_MSG.activated);
  });

  // Needs the password and a code: a session left open is not enough to remove the second factor.
  // Manual transaction: a failed attempt stays counted.
  app.post(
    '/api/user/totp/nonaktifkan',
    { config: { access: 'user', transaction: 'manual' }, schema: { body: totpNonaktifBody } },
    async (request) => {
      const { user } = currentUser(request);
      if (totp.wajib(user.roles.id)) throw new AppError(422, 'totp.mandatory', TOTP_MSG.mandatory);
      const now = deps.now();
      const key = `totp:${user.id}`;
      const wait = await factorLimiter.take(key, deps.config.loginMaxPerAccount, now);
      if (wait > 0) throw errors.loginThrottled(wait);
      if (!(await service.passwordMatches(user.id, request.body.password))) {
        await recordSecurityEvent(deps.database.writeDb, request, 'totp_gagal');
        throw errors.validation({ password: TOTP_MSG.passwordWrong });
      }
      const factor = await totp.verifyFactor(user.id, request.body.kode, now);
      if (factor === 'none') throw new AppError(422, 'totp.not_active', TOTP_MSG.notActive);
      if (factor !== 'ok') {
        await recordSecurityEvent(deps.database.writeDb, request, 'totp_gagal');
        throw errors.validation({ kode: TOTP_MSG.invalid });
      }
      await factorLimiter.reset(key);
      await totp.remove(user.id);
      await recordSecurityEvent(deps.database.writeDb, request, 'totp_nonaktif');
      return ok(await totp.status(user.id, user.roles.id), TOTP_MSG.deactivated);
    },
  );
}
