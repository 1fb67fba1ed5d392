import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema/index.ts';

export type UserRow = typeof users.$inferSelect;

/** SQL of the accounts as signing in and changing a password read and write them. */
export function authRepository(db: Db) {
  return {
    /** The account of this username, whatever its case. */
    async byUsername(username: string): Promise<UserRow | undefined> {
      const [user] = await db
        .select()
        .from(users)
        .where(eq(sql`lower(${users.username})`, username.toLowerCase()))
        .limit(1);
      return user;
    },

    async byId(userId: number): Promise<UserRow | undefined> {
      const [user] = await db.select().from(users).where(eq(users.id, userId));
      return user;
    },

    async passwordHash(userId: number): Promise<string | undefined> {
      const [user] = await db.select({ hash: users.passwordHash }).from(users).where(eq(users.id, userId));
      return user?.hash;
    },

    /** A new password chosen by its holder: no longer one to change. */
    async setPassword(userId: number, passwordHash: string, now: Date): Promise<void> {
      await db
        .update(users)
        .set({ passwordHash, mustChangePassword: false, updatedAt: now })
        .where(eq(users.id, userId));
    },
  };
}
