import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { loginThrottle } from '../../db/schema/index.ts';

export interface ThrottleLimits {
  maxPerAccount: number;
  maxPerAddress: number;
  windowMinutes: number;
}

/**
 * Counts failed logins per account and per address in a fixed window kept in the database, so
 * every server process behind a load balancer sees the same counts. A blocked key is refused
 * before the password is even checked; when the window passes, the real user gets in again.
 */
export function loginThrottleService(db: Db, limits: ThrottleLimits) {
  const windowMs = limits.windowMinutes * 60_000;
  const keys = (username: string, ip: string) => [
    { key: `u:${username.toLowerCase()}`, max: limits.maxPerAccount },
    { key: `ip:${ip}`, max: limits.maxPerAddress },
  ];

  return {
    /** Seconds until the caller may try again, or 0 when not blocked. */
    async blockedFor(username: string, ip: string, now: Date): Promise<number> {
      let wait = 0;
      for (const { key, max } of keys(username, ip)) {
        const [row] = await db.select().from(loginThrottle).where(eq(loginThrottle.key, key));
        if (!row) continue;
        const endsAt = row.windowStartedAt.getTime() + windowMs;
        if (row.failures >= max && endsAt > now.getTime()) wait = Math.max(wait, Math.ceil((endsAt - now.getTime()) / 1000));
      }
      return wait;
    },

    async recordFailure(username: string, ip: string, now: Date): Promise<void> {
      const windowStart = new Date(now.getTime() - windowMs);
      for (const { key } of keys(username, ip)) {
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
      }
    },

    /** A successful login clears its account's counter (the address counter keeps counting). */
    async recordSuccess(username: string): Promise<void> {
      await db.delete(loginThrottle).where(eq(loginThrottle.key, `u:${username.toLowerCase()}`));
    },
  };
}
