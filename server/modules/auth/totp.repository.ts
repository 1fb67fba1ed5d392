import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { sessions, userTotp } from '../../db/schema/index.ts';

/** SQL of the users' second factor (TOTP) and the sessions that wait for its set-up. */
export function totpRepository(db: Db) {
  return {
    async of(userId: number) {
      return (await db.select().from(userTotp).where(eq(userTotp.userId, userId)))[0] ?? null;
    },

    /** A new secret, replacing an unfinished set-up. */
    async start(userId: number, secret: string): Promise<void> {
      await db
        .insert(userTotp)
        .values({ userId, secret })
        .onConflictDoUpdate({ target: userTotp.userId, set: { secret, lastStep: null, kodePemulihan: [] } });
    },

    /** Switches on the set-up of this secret, if still inactive; false when it was not (another request won). */
    async activate(
      userId: number,
      secret: string,
      values: { lastStep: number; aktifAt: Date; kodePemulihan: string[] },
    ): Promise<boolean> {
      const done = await db
        .update(userTotp)
        .set({ aktif: true, ...values })
        .where(and(eq(userTotp.userId, userId), eq(userTotp.aktif, false), eq(userTotp.secret, secret)))
        .returning({ userId: userTotp.userId });
      return done.length > 0;
    },

    /** The user's sessions no longer wait for the set-up. */
    async sessionsDone(userId: number): Promise<void> {
      await db.update(sessions).set({ perluTotp: false }).where(eq(sessions.userId, userId));
    },

    /** Takes a time step newer than the one stored; false when it is not newer (a code replayed at once). */
    async takeStep(userId: number, step: number): Promise<boolean> {
      const taken = await db
        .update(userTotp)
        .set({ lastStep: step })
        .where(and(eq(userTotp.userId, userId), sql`coalesce(${userTotp.lastStep}, -1) < ${step}`))
        .returning({ userId: userTotp.userId });
      return taken.length > 0;
    },

    /** Uses up a recovery code (by its hash) atomically; false when it is not one of the unused. */
    async useRecovery(userId: number, hash: string): Promise<boolean> {
      const used = await db
        .update(userTotp)
        .set({ kodePemulihan: sql`array_remove(${userTotp.kodePemulihan}, ${hash})` })
        .where(and(eq(userTotp.userId, userId), sql`${hash} = any(${userTotp.kodePemulihan})`))
        .returning({ userId: userTotp.userId });
      return used.length > 0;
    },

    async remove(userId: number): Promise<void> {
      await db.delete(userTotp).where(eq(userTotp.userId, userId));
    },
  };
}
