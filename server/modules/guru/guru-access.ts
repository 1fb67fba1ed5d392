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
  const found = await repo.npsnOf(id);
  if (!found) throw errors.notFound(MSG.teacherNotFound);
  if (user.roles.id !== ROLE_ADMIN && found.npsn !== user.username) throw errors.forbidden();
}
