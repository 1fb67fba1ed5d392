import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { loginThrottle } from '../../db/schema/index.ts';

/**
 * Counts attempts per key in a fixed window kept in the database, so every server process behind a
 * load balancer sees the same counts. Used for logins and for signature passphrases.
 *
 * An attempt is counted *before* the secret is checked, in one atomic statement (issue 23.1): a
 * burst sent at once cannot slip more than `max` checks between a read and a later write. An
 * attempt that turns out right gives its count back (`giveBack`) or clears the key (`reset`).
 */
export function attemptLimiter(db: Db, windowMinutes: number) {
  const windowMs = windowMinutes * 60_000;
  return {
    /**
     * Counts one attempt on `key` and answers 0 when it may go ahead (at most `max` attempts in the
     * window), or the seconds until the window ends when it may not. A window that has passed
     * starts again at this attempt.
     */
    async take(key: string, max: number, now: Date): Promise<number> {
      const windowStart = new Date(now.getTime() - windowMs).toISOString();
      const [row] = await db
        .insert(loginThrottle)
        .values({ key, failures: 1, windowStartedAt: now })
        .onConflictDoUpdate({
          target: loginThrottle.key,
          set: {
            failures: sql`case when ${loginThrottle.windowStartedAt} <= ${windowStart} then 1 else ${loginThrottle.failures} + 1 end`,
            windowStartedAt: sql`case when ${loginThrottle.windowStartedAt} <= ${windowStart} then ${now.toISOString()}::timestamptz else ${loginThrottle.windowStartedAt} end`,
          },
        })
        .returning({ failures: loginThrottle.failures, windowStartedAt: loginThrottle.windowStartedAt });
      if (!row || row.failures <= max) return 0;
      const endsAt = row.windowStartedAt.getTime() + windowMs;
      return Math.max(1, Math.ceil((endsAt - now.getTime()) / 1000));
    },
    /** Seconds until `key` may try again, without counting an attempt (0: more than `max` not reached). */
    async blockedFor(key: string, max: number, now: Date): Promise<number> {
      const [row] = await db.select().from(loginThrottle).where(eq(loginThrottle.key, key));
      if (!row) return 0;
      const endsAt = row.windowStartedAt.getTime() + windowMs;
      return row.failures >= max && endsAt > now.getTime() ? Math.ceil((endsAt - now.getTime()) / 1000) : 0;
    },
    /** An attempt that was not a failure (the secret was right, or it was never checked). */
    async giveBack(key: string): Promise<void> {
      await db
        .update(loginThrottle)
        .set({ failures: sql`greatest(${loginThrottle.failures} - 1, 0)` })
        .where(eq(loginThrottle.key, key));
    },
    async reset(key: string): Promise<void> {
      await db.delete(loginThrottle).where(eq(loginThrottle.key, key));
    },
  };
}

export interface ThrottleLimits {
  maxPerAccount: number;
  maxPerAddress: number;
  windowMinutes: number;
}

/**
 * Login throttling per account and per address. Every login attempt is counted on both keys before
 * the password is checked; a key over its limit is refused without a check. When the window
 * passes, the real user gets in again.
 */
export function loginThrottleService(db: Db, limits: ThrottleLimits) {
  const limiter = attemptLimiter(db, limits.windowMinutes);
  const accountKey = (username: string) => `u:${username.toLowerCase()}`;
  const addressKey = (ip: string) => `ip:${ip}`;
  return {
    /** Counts the attempt; answers the seconds to wait (0: check the password). */
    async take(username: string, ip: string, now: Date): Promise<number> {
      const account = await limiter.take(accountKey(username), limits.maxPerAccount, now);
      const address = await limiter.take(addressKey(ip), limits.maxPerAddress, now);
      return Math.max(account, address);
    },
    /** A successful login clears its account's counter and gives its address its attempt back. */
    async recordSuccess(username: string, ip: string): Promise<void> {
      await limiter.reset(accountKey(username));
      await limiter.giveBack(addressKey(ip));
    },
  };
}
