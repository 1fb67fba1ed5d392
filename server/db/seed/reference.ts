import { eq } from 'drizzle-orm';
import type { Db } from '../client.ts';
import { roles, users } from '../schema/index.ts';
import { ROLE_ADMIN, ROLE_NAMES, ROLE_OPERATOR } from '#contract/auth.ts';
import { hashPassword } from '../../lib/password.ts';
import { loadWilayah } from './wilayah.ts';

/** Data every installation needs, demo or not: roles and regions. Idempotent. */
export async function seedReference(db: Db): Promise<void> {
  await db
    .insert(roles)
    .values([
      { id: ROLE_ADMIN, name: ROLE_NAMES[ROLE_ADMIN] },
      { id: ROLE_OPERATOR, name: ROLE_NAMES[ROLE_OPERATOR] },
    ])
    .onConflictDoNothing();
  await loadWilayah(db);
}

export const DEMO_ADMIN_PASSWORD = 'admin12345';

/**
 * Makes sure an administrator `admin` exists. In production the password must be given
 * (ADMIN_PASSWORD); elsewhere the demo password is used when none is given.
 */
export async function ensureAdmin(db: Db, opts: { production: boolean; adminPassword: string | undefined }): Promise<'created' | 'exists'> {
  const [existing] = await db.select({ id: users.id }).from(users).where(eq(users.roleId, ROLE_ADMIN)).limit(1);
  if (existing) return 'exists';
  if (opts.production && !opts.adminPassword) {
    throw new Error('Belum ada administrator: jalankan dengan ADMIN_PASSWORD=<password awal> untuk membuatnya.');
  }
  if (opts.production && opts.adminPassword && opts.adminPassword.length < 12) {
    throw new Error('ADMIN_PASSWORD untuk produksi minimal 12 karakter.');
  }
  await db.insert(users).values({
    username: 'admin',
    nama: 'Administrator Dinas Pendidikan',
    passwordHash: await hashPassword(opts.adminPassword ?? DEMO_ADMIN_PASSWORD),
    roleId: ROLE_ADMIN,
  });
  return 'created';
}
