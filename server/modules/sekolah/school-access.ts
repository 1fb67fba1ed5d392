import type { Db } from '../../db/client.ts';
import type { SessionUser } from '#contract/auth.ts';
import { MSG } from '#contract/messages.ts';
import { errors } from '../../lib/errors.ts';
import { assertSchoolAccess } from '../../plugins/auth.ts';
import { sekolahRepository } from './sekolah.repository.ts';

/**
 * The school a request works on, by NPSN: 403 for an operator of another school (checked before
 * the lookup, so nothing about the other school leaks), 404 when it does not exist.
 */
export async function requireSchool(db: Db, user: SessionUser, npsn: string): Promise<{ id: number; npsn: string }> {
  assertSchoolAccess(user, npsn);
  const row = await sekolahRepository(db).refByNpsn(npsn);
  if (!row) throw errors.notFound(MSG.schoolNotFound);
  return row;
}

/** An object found by id together with its school's NPSN: 404 when missing, 403 for another school. */
export function requireOwned<T extends { npsn: string }>(
  user: SessionUser,
  row: T | undefined,
  notFoundMessage: string = MSG.notFound,
): T {
  if (!row) throw errors.notFound(notFoundMessage);
  assertSchoolAccess(user, row.npsn);
  return row;
}
