import type { SessionUser } from '#contract/auth.ts';
import { ROLE_ADMIN } from '#contract/auth.ts';
import { MSG } from '#contract/messages.ts';
import { errors } from '../../lib/errors.ts';
import type { GuruRepository } from './guru.repository.ts';

/**
 * A teacher the caller may reach: administrators every teacher; an operator only teachers of
 * their own school (403 without data otherwise); 404 when there is no such teacher.
 */
export async function requireGuru(repo: GuruRepository, user: SessionUser, id: number): Promise<void> {
  assertGuruAccess(user, await repo.npsnOf(id));
}

/**
 * The same rule on a teacher already read (`found`: anything carrying the NPSN of their school, or
 * nothing when there is no such teacher), for a route that reads the whole record in one statement
 * and answers it only after this check.
 */
export function assertGuruAccess(
  user: SessionUser,
  found: { npsn: string | null | undefined } | null | undefined,
): void {
  if (!found) throw errors.notFound(MSG.teacherNotFound);
  if (user.roles.id !== ROLE_ADMIN && found.npsn !== user.username) throw errors.forbidden();
}
