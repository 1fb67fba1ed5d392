import type { Db } from '../../db/client.ts';
import { authRepository } from './auth.repository.ts';
import { hashPassword, verifyPassword } from '../../lib/password.ts';
import { AppError, errors } from '../../lib/errors.ts';
import { sessionRepository } from './session.repository.ts';
import { attemptLimiter, loginRefused, loginThrottleService, type ThrottleLimits } from './login-throttle.ts';
import { passwordProblem } from '../../domain/password-policy.ts';
import { officeWordsOf } from '../kantor/kantor.repository.ts';
import type { Session } from '#contract/auth.ts';
import { MSG } from '#contract/messages.ts';
import { TOTP_MSG } from '#contract/totp.ts';
import type { TotpService } from './totp.service.ts';

// Verified against when the username does not exist, so an unknown user costs the same time as a
// wrong password and the two cannot be told apart.
let dummyHash: Promise<string> | null = null;

/** How long after signing in with a one-time password its holder may set a new one without typing it again. */
export const FORCED_CHANGE_WINDOW_MS = 15 * 60_000;

export function authService(db: Db, limits: ThrottleLimits, totp: TotpService) {
  const repo = authRepository(db);
  const sessions = sessionRepository(db);
  const throttle = loginThrottleService(db, limits);
  const oldPasswordLimiter = attemptLimiter(db, limits.windowMinutes);

  return {
    async login(
      username: string,
      password: string,
      ip: string,
      userAgent: string | null,
      now: Date,
      kodeOtp?: string,
    ): Promise<Session> {
      // Counted before the password is checked, so a burst sent at once gets no more checks.
      const attempt = await throttle.take(username, ip, now);
      if (attempt.wait > 0) throw loginRefused(attempt);

      const user = await repo.byUsername(username);
      dummyHash ??= hashPassword('tidak-ada-pengguna-ini');
      const valid = await verifyPassword(user?.passwordHash ?? (await dummyHash), password);
      if (!user || !valid) throw errors.invalidCredentials();
      // The second factor: until it passes the attempt stays counted, so a stolen
      // password cannot be followed by unlimited code guesses.
      const factor = await totp.verifyFactor(user.id, kodeOtp, now);
      if (factor === 'missing') throw new AppError(401, 'auth.totp_required', TOTP_MSG.required);
      if (factor === 'wrong') throw new AppError(401, 'auth.totp_invalid', TOTP_MSG.invalid);
      await throttle.recordSuccess(username, ip);
      // Only someone who knows the password learns that the account is inactive.
      if (user.statusAkun !== 1) throw errors.accountInactive();

      // An administrator without TOTP while it is required gets a session for its set-up only.
      const token = await sessions.create(user.id, ip, userAgent, now, factor === 'none' && totp.wajib(user.roleId));
      const found = await sessions.findByToken(token);
      if (!found) throw new Error('session just created was not found');
      return { access_token: token, user: found.user };
    },

    /** Whether `password` is the user's current password (a sensitive change asks for it again). */
    async passwordMatches(userId: number, password: string): Promise<boolean> {
      const hash = await repo.passwordHash(userId);
      return hash !== undefined && (await verifyPassword(hash, password));
    },

    async changePassword(
      userId: number,
      session: { id: number; signedInAt: Date },
      oldPassword: string | undefined,
      newPassword: string,
      now: Date,
    ): Promise<void> {
      const sessionId = session.id;
      const user = await repo.byId(userId);
      if (!user) throw errors.unauthenticated();
      if (oldPassword === undefined) {
        // A one-time password typed to sign in moments ago is not asked again; later,
        // or for a chosen password, the old one is (a session in other hands cannot take the account).
        if (!(user.mustChangePassword && now.getTime() - session.signedInAt.getTime() <= FORCED_CHANGE_WINDOW_MS)) {
          throw errors.validation({ password_lama: MSG.passwordOldEmpty });
        }
        if (await verifyPassword(user.passwordHash, newPassword))
          throw errors.validation({ password_baru: MSG.passwordSameAsOld });
      } else {
        // A session in the wrong hands must not become a way to guess the password:
        // old-password attempts are counted first, like logins; a right one clears the count.
        const key = `pw:${userId}`;
        const { wait, counted } = await oldPasswordLimiter.attempt(key, limits.maxPerAccount, now);
        if (wait > 0)
          throw Object.assign(
            new AppError(429, 'auth.password_throttled', MSG.passwordOldThrottled(Math.ceil(wait / 60)), null, {
              'retry-after': String(wait),
            }),
            { counted },
          );
        if (!(await verifyPassword(user.passwordHash, oldPassword)))
          throw errors.validation({ password_lama: MSG.passwordOldWrong });
        await oldPasswordLimiter.reset(key);
      }
      if (newPassword.toLowerCase() === user.username.toLowerCase()) {
        throw errors.validation({ password_baru: 'Password baru tidak boleh sama dengan username' });
      }
      const problem = passwordProblem(newPassword, user.username, await officeWordsOf(db));
      if (problem) throw errors.validation({ password_baru: problem });
      const passwordHash = await hashPassword(newPassword);
      await db.transaction(async (tx) => {
        await authRepository(tx as unknown as Db).setPassword(userId, passwordHash, now);
        // Other devices signed in with the old password are signed out, in the same transaction.
        await sessionRepository(tx as unknown as Db).revokeAllOfUser(userId, now, sessionId);
      });
    },
  };
}
