import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { loginThrottle } from '../../db/schema/index.ts';

/**
 * Counts failed attempts per key in a fixed window kept in the database, so every server process
 * behind a load balancer sees the same counts. Used for logins and for signature passphrases.
 */
export function attemptLimiter(db: Db, windowMinutes: number) {
  const windowMs = windowMinutes * 60_000;
  return {
    /** Seconds until `key` may try again, or 0 when it has fewer than `max` failures in the window. */
    async blockedFor(key: string, max: number, now: Date): Promise<number> {
      const [row] = await db.select().from(loginThrottle).where(eq(loginThrottle.key, key));
      if (!row) return 0;
      const endsAt = row.windowStartedAt.getTime() + windowMs;
      return row.failures >= max && endsAt > now.getTime() ? Math.ceil((endsAt - now.getTime()) / 1000) : 0;
    },
    async recordFailure(key: string, now: Date): Promise<void> {
      const windowStart = new Date(now.getTime() - windowMs);
      // A window that has passed starts again at this failure.
      await db
        .insert(loginThrottle)
        .values({ key, failures: 1, windowStartedAt: now })
        .onConflictDoUpdate({
          target: loginThrottle.key,
          set: {
            failures: sql`case when ${loginThrottle.windowStartedAt} <= ${windowStart.toISOString()} then 1 else ${loginThrottle.failures} + 1 end`,
            windowStartedAt: sql`case when ${loginThrottle.windowStartedAt} <= ${windowStart.toISOString()} then ${now.toISOString()}::timestamptz else ${loginThrottle.windowStartedAt} end`,
          },
        });
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
 * Login throttling per account and per address. A blocked key is refused before the password is
 * even checked; when the window passes, the real user gets in again.
 */
export function loginThrottleService(db: Db, limits: ThrottleLimits) {
  const limiter = attemptLimiter(db, limits.windowMinutes);
  const keys = (username: string, ip: string) => [
    { key: `u:${username.toLowerCase()}`, max: limits.maxPerAccount },
    { key: `ip:${ip}`, max: limits.maxPerAddress },
  ];
  return {
    async blockedFor(username: string, ip: string, now: Date): Promise<number> {
      let wait = 0;
      for (const { key, max } of keys(username, ip)) wait = Math.max(wait, await limiter.blockedFor(key, max, now));
      return wait;
    },
    async recordFailure(username: string, ip: string, now: Date): Promise<void> {
      for (const { key } of keys(username, ip)) await limiter.recordFailure(key, now);
    },
    /** A successful login clears its account's counter (the address counter keeps counting). */
    recordSuccess: (username: string) => limiter.reset(`u:${username.toLowerCase()}`),
  };
}
