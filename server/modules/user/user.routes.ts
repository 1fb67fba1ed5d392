import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  idParam,
  userListQuery,
  userSearchQuery,
  STATUS_AKUN_ACTIVE,
  STATUS_AKUN_INACTIVE,
  type PasswordResetResult,
} from '#contract/user.ts';
import { MSG } from '#contract/messages.ts';
import { ok, page } from '../../lib/envelope.ts';
import { errors } from '../../lib/errors.ts';
import { generatePassword, hashPassword } from '../../lib/password.ts';
import { sessionRepository } from '../auth/session.repository.ts';
import { userRepository, USER_PAGE_SIZE } from './user.repository.ts';
import type { AppDeps } from '../../deps.ts';
import { recordSecurityEvent } from '../audit/security-events.ts';

/** School accounts (SPEC §2 "User account list"): administrators only. */
export function userRoutes(base: FastifyInstance, deps: AppDeps): void {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const repo = userRepository(deps.database.db);
  const sessions = sessionRepository(deps.database.db);
  const admin = { access: 'admin' } as const;

  app.get('/api/user', { config: admin, schema: { querystring: userListQuery } }, async (request) => {
    const { rows, total } = await repo.listAccounts('', request.query.page);
    return ok(page(rows, total, request.query.page, USER_PAGE_SIZE));
  });

  app.get('/api/user/cari', { config: admin, schema: { querystring: userSearchQuery } }, async (request) => {
    const { rows, total } = await repo.listAccounts(request.query.user, request.query.page);
    return ok(page(rows, total, request.query.page, USER_PAGE_SIZE));
  });

  async function operatorOf(sekolahId: number) {
    const account = await repo.findOperatorOfSchool(sekolahId);
    if (!account) throw errors.notFound(MSG.accountNotFound);
    return account;
  }

  app.put('/api/user/aktif/:id', { config: admin, schema: { params: idParam } }, async (request) => {
    const account = await operatorOf(request.params.id);
    await repo.setStatus(account.userId, STATUS_AKUN_ACTIVE, deps.now());
    return ok({ id: request.params.id, status_akun: STATUS_AKUN_ACTIVE }, MSG.accountActivated);
  });

  app.put('/api/user/nonaktif/:id', { config: admin, schema: { params: idParam } }, async (request) => {
    const account = await operatorOf(request.params.id);
    const now = deps.now();
    await repo.setStatus(account.userId, STATUS_AKUN_INACTIVE, now);
    await sessions.revokeAllOfUser(account.userId, now);
    return ok({ id: request.params.id, status_akun: STATUS_AKUN_INACTIVE }, MSG.accountDeactivated);
  });

  // The spec's reset button made real: a one-time password shown once to the administrator; the
  // operator must replace it at the next login, and every open session of the account ends.
  app.put('/api/user/reset/:id', { config: admin, schema: { params: idParam } }, async (request) => {
    const account = await operatorOf(request.params.id);
    const password = generatePassword();
    const now = deps.now();
    await repo.setOneTimePassword(account.userId, await hashPassword(password), now);
    await sessions.revokeAllOfUser(account.userId, now);
    // In the reset's own transaction: the event and the new password stand or fall together.
    await recordSecurityEvent(deps.database.db, request, 'password_direset', { username: account.username });
    const result: PasswordResetResult = { username: account.username, password };
    return ok(result, MSG.resetSuccess);
  });
}
