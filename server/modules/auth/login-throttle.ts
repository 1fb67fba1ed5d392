import { eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { loginThrottle } from '../../db/schema/index.ts';
import { errors, type AppError } from '../../lib/errors.ts';

/** The longest a typed username is kept (throttle key, audit log); real usernames are NPSNs and short names. */
export const TYPED_USERNAME_MAX = 64;

/**
 * What was typed as a username, as it is stored in the throttle key and the audit log: without
 * control and format characters (a terminal escape, a right-to-left override, zero-width marks,
 * lone surrogates) and at most TYPED_USERNAME_MAX characters. The login itself still compares
 * what was typed: no account name holds such characters, so it simply matches no one.
 */
export function typedUsername(typed: string): string {
  const clean = typed.replace(/[\p{Cc}\p{Cf}\p{Cs}\p{Co}\p{Cn}]/gu, '').trim();
  return Array.from(clean).slice(0, TYPED_USERNAME_MAX).join('').trim();
}

/** The outcome of one attempt: the seconds to wait (0: go ahead), and whether it was written down. */
export interface Attempt {
  wait: number;
  /**
   * True when the attempt reached the counter (one statement, before the secret is checked);
   * false when the limit was already reached and a read alone refused it: nothing was written.
   */
  counted: boolean;
}

/**
 * Counts attempts per key in a fixed window kept in the database, so every server process behind a
 * load balancer sees the same counts. Used for logins, passphrases, old passwords, second factors
 * and the public letter check.
 *
 * An attempt is counted *before* the secret is checked, in one atomic statement: a
 * burst sent at once cannot slip more than `max` checks between a read and a later write. An
 * attempt that turns out right gives its count back (`giveBack`) or clears the key (`reset`).
 *
 * Past the limit a refusal costs a read and no write (a flood of refused logins used to write a
 * row each), and a counter never goes above `max + 1`. Rows whose window has passed
 * hold nothing (the next attempt starts a new window) and are deleted by the retention pass
 * (server/modules/audit/retention.ts).
 */
export function attemptLimiter(db: Db, windowMinutes: number) {
  const windowMs = windowMinutes * 60_000;
  /**
   * Seconds until a row's window ends when it has reached `limit` attempts in the window; 0
   * otherwise. `limit` = max: the next attempt would be refused; max + 1: one was refused already.
   */
  const waitOf = (row: { failures: number; windowStartedAt: Date } | undefined, limit: number, now: Date) => {
    if (!row) return 0;
    const endsAt = row.windowStartedAt.getTime() + windowMs;
    return row.failures >= limit && endsAt > now.getTime() ? Math.ceil((endsAt - now.getTime()) / 1000) : 0;
  };

  const limiter = {
    /**
     * Seconds until the first of `keys` (each with its own `max`) that has already refused an
     * attempt in its window may try again (0: none has). One read, nothing counted: the first
     * refusal of a window is counted (and so recorded), the ones after it are decided here.
     */
    async refusedAlready(keys: [key: string, max: number][], now: Date): Promise<number> {
      const rows = await db
        .select()
        .from(loginThrottle)
        .where(
          inArray(
            loginThrottle.key,
            keys.map(([k]) => k),
          ),
        );
      return Math.max(
        0,
        ...keys.map(([k, max]) =>
          waitOf(
            rows.find((r) => r.key === k),
            max + 1,
            now,
          ),
        ),
      );
    },

    /** Seconds until `key` may try again, without counting an attempt (0: `max` not reached). */
    async blockedFor(key: string, max: number, now: Date): Promise<number> {
      const [row] = await db.select().from(loginThrottle).where(eq(loginThrottle.key, key));
      return waitOf(row, max, now);
    },

    /**
     * Counts one attempt on `key` unless an attempt was already refused in this window (then a read
     * refuses it and nothing is written). At most `max` attempts go ahead in a window; a window
     * that has passed starts again at this attempt.
     */
    async attempt(key: string, max: number, now: Date): Promise<Attempt> {
      const refused = await limiter.refusedAlready([[key, max]], now);
      if (refused > 0) return { wait: refused, counted: false };
      return { wait: await limiter.count(key, max, now), counted: true };
    },

    /** `attempt`, answering only the seconds to wait (0: go ahead). */
    async take(key: string, max: number, now: Date): Promise<number> {
      return (await limiter.attempt(key, max, now)).wait;
    },

    /** Counts one attempt in one atomic statement, whatever the count; the counter stops at `max + 1`. */
    async count(key: string, max: number, now: Date): Promise<number> {
      const windowStart = new Date(now.getTime() - windowMs).toISOString();
      const [row] = await db
        .insert(loginThrottle)
        .values({ key, failures: 1, windowStartedAt: now })
        .onConflictDoUpdate({
          target: loginThrottle.key,
          set: {
            failures: sql`case when ${loginThrottle.windowStartedAt} <= ${windowStart} then 1 else least(${loginThrottle.failures} + 1, ${max + 1}) end`,
            windowStartedAt: sql`case when ${loginThrottle.windowStartedAt} <= ${windowStart} then ${now.toISOString()}::timestamptz else ${loginThrottle.windowStartedAt} end`,
          },
        })
        .returning({ failures: loginThrottle.failures, windowStartedAt: loginThrottle.windowStartedAt });
      if (!row || row.failures <= max) return 0;
      const endsAt = row.windowStartedAt.getTime() + windowMs;
      return Math.max(1, Math.ceil((endsAt - now.getTime()) / 1000));
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
  return limiter;
}

export interface ThrottleLimits {
  maxPerAccount: number;
  maxPerAddress: number;
  windowMinutes: number;
}

/**
 * A login refused by the limit (429). `counted` as in Attempt: only a counted refusal (the one
 * that crossed the limit, or one of a burst sent at once) is recorded as a security event; the
 * refusals after it are decided by a read and written nowhere but the request log.
 */
export const loginRefused = (attempt: Attempt): AppError & { counted: boolean } =>
  Object.assign(errors.loginThrottled(attempt.wait), { counted: attempt.counted });

/**
 * Login throttling per account and per address. Every login attempt is counted on both keys before
 * the password is checked; a key over its limit is refused without a check. When the window
 * passes, the real user gets in again.
 */
export function loginThrottleService(db: Db, limits: ThrottleLimits) {
  const limiter = attemptLimiter(db, limits.windowMinutes);
  const accountKey = (username: string) => `u:${typedUsername(username).toLowerCase()}`;
  const addressKey = (ip: string) => `ip:${ip}`;
  return {
    /**
     * Counts the attempt; answers the seconds to wait (0: check the password). An address or an
     * account that has already refused an attempt in its window refuses by one read: a flood of
     * new usernames from one address, or of addresses at one account, writes nothing. Otherwise the
     * address is counted first, then the account (not when the address refused it: no row per
     * typed name).
     */
    async take(username: string, ip: string, now: Date): Promise<Attempt> {
      const address: [string, number] = [addressKey(ip), limits.maxPerAddress];
      const account: [string, number] = [accountKey(username), limits.maxPerAccount];
      const refused = await limiter.refusedAlready([address, account], now);
      if (refused > 0) return { wait: refused, counted: false };
      const byAddress = await limiter.count(...address, now);
      if (byAddress > 0) return { wait: byAddress, counted: true };
      return { wait: await limiter.count(...account, now), counted: true };
    },
    /** A successful login clears its account's counter and gives its address its attempt back. */
    async recordSuccess(username: string, ip: string): Promise<void> {
      await limiter.reset(accountKey(username));
      await limiter.giveBack(addressKey(ip));
    },
  };
}
