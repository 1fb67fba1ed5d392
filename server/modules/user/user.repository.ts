import { and, asc, count, eq, ilike, inArray, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { sekolah, users, userTotp } from '../../db/schema/index.ts';
import { ROLE_OPERATOR } from '#contract/auth.ts';
import type { UserAccountRow } from '#contract/user.ts';
import { likePattern } from '../../lib/like.ts';

export const USER_PAGE_SIZE = 10;

export function userRepository(db: Db) {
  return {
    /** School accounts: one row per school with its operator accounts (username = NPSN). */
    async listAccounts(search: string, pageNo: number): Promise<{ rows: UserAccountRow[]; total: number }> {
      const where = search
        ? or(ilike(sekolah.npsn, likePattern(search)), ilike(sekolah.namaSekolah, likePattern(search)))
        : undefined;
      const [{ total } = { total: 0 }] = await db.select({ total: count() }).from(sekolah).where(where);
      const schools = await db
        .select({
          id: sekolah.id,
          npsn: sekolah.npsn,
          nama_sekolah: sekolah.namaSekolah,
          bentuk_pendidikan: sekolah.bentukPendidikan,
        })
        .from(sekolah)
        .where(where)
        .orderBy(asc(sekolah.namaSekolah), asc(sekolah.id))
        .limit(USER_PAGE_SIZE)
        .offset((pageNo - 1) * USER_PAGE_SIZE);
      const accounts = schools.length
        ? await db
            .select({ id: users.id, username: users.username, status_akun: users.statusAkun })
            .from(users)
            .where(
              and(
                eq(users.roleId, ROLE_OPERATOR),
                inArray(
                  users.username,
                  schools.map((s) => s.npsn),
                ),
              ),
            )
            .orderBy(asc(users.id))
        : [];
      const rows = schools.map((s) => ({ ...s, user: accounts.filter((a) => a.username === s.npsn) }));
      return { rows, total };
    },

    /** The operator account of a school, found by the school's id. */
    async findOperatorOfSchool(sekolahId: number) {
      const [row] = await db
        .select({ userId: users.id, username: users.username, statusAkun: users.statusAkun })
        .from(sekolah)
        .innerJoin(users, and(eq(users.username, sekolah.npsn), eq(users.roleId, ROLE_OPERATOR)))
        .where(eq(sekolah.id, sekolahId))
        .limit(1);
      return row ?? null;
    },

    async setStatus(userId: number, statusAkun: number, now: Date): Promise<void> {
      await db.update(users).set({ statusAkun, updatedAt: now }).where(eq(users.id, userId));
    },

    /**
     * A one-time password the user must replace; two-factor sign-in is reset with it (account
     * recovery after a lost phone: the user sets it up anew).
     */
    async setOneTimePassword(userId: number, passwordHash: string, now: Date): Promise<void> {
      await db
        .update(users)
        .set({ passwordHash, mustChangePassword: true, updatedAt: now })
        .where(eq(users.id, userId));
      await db.delete(userTotp).where(eq(userTotp.userId, userId));
    },

    async countOperators(): Promise<number> {
      const [row] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(users)
        .where(eq(users.roleId, ROLE_OPERATOR));
      return row?.n ?? 0;
    },
  };
}
