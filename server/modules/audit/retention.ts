import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { rowsOf, type Db } from '../../db/client.ts';
import { isDatabaseUnavailable } from '../../db/unavailable.ts';
import type { AppDeps } from '../../deps.ts';

/**
 * Retention of sign-in bookkeeping and security events (docs/security.md "Retention").
 *
 * - A login_throttle row whose window began longer ago than the longest window holds nothing: the
 *   next attempt on its key starts a new window. Such rows are deleted, so a flood of typed
 *   usernames or addresses does not stay in the table.
 * - Security events (audit_log rows with tabel 'keamanan') older than SECURITY_LOG_RETENTION_DAYS
 *   are deleted (0 keeps them). The audit of data changes is not touched.
 *
 * Every running process makes the pass periodically. Each batch is its own short transaction that
 * first takes a transaction-scoped advisory lock without waiting: when another process on the same
 * PostgreSQL holds it, this one leaves the work to it. (Two passes at once would still be correct,
 * deleting the same rows twice deletes them once; the lock only saves the duplicate work.)
 */
export interface RetentionRules {
  /** Days security events are kept; 0: for ever. */
  securityEventDays: number;
  /** Minutes after which a throttle row's window has surely passed: the longest window in use. */
  throttleMinutes: number;
}

/** Throttle windows of the other limiters (signing passphrase, public letter check: 15 minutes) fit under it. */
const SHORTEST_THROTTLE_RETENTION_MINUTES = 60;
/** Rows deleted per statement and transaction: locks stay short on a big audit log. */
export const RETENTION_BATCH = 5000;
/** The advisory lock of the pass (an arbitrary constant of this application). */
const RETENTION_LOCK = 380_004;
/** How often a running process makes the pass; the first one a minute after start (or sooner in tests). */
export const RETENTION_EVERY_MS = 60 * 60_000;

export const retentionRulesOf = (config: {
  securityLogRetentionDays: number;
  loginWindowMinutes: number;
}): RetentionRules => ({
  securityEventDays: config.securityLogRetentionDays,
  throttleMinutes: Math.max(config.loginWindowMinutes, SHORTEST_THROTTLE_RETENTION_MINUTES),
});

export interface RetentionResult {
  throttleRows: number;
  securityEvents: number;
}

/**
 * One pass: deletes in batches until nothing old is left. Answers what it deleted, or null when
 * another process holds the pass's lock (it is doing the same work).
 */
export async function retentionPass(db: Db, rules: RetentionRules, now: Date): Promise<RetentionResult | null> {
  const throttleBefore = new Date(now.getTime() - rules.throttleMinutes * 60_000).toISOString();
  const eventsBefore =
    rules.securityEventDays > 0 ? new Date(now.getTime() - rules.securityEventDays * 86_400_000).toISOString() : null;
  const total: RetentionResult = { throttleRows: 0, securityEvents: 0 };
  for (;;) {
    const batch = await db.transaction(async (tx) => {
      const [lock] = rowsOf<{ ok: boolean }>(
        await tx.execute(sql`select pg_try_advisory_xact_lock(${RETENTION_LOCK}) as ok`),
      );
      if (!lock?.ok) return null;
      const [throttle] = rowsOf<{ n: number }>(
        await tx.execute(sql`with gone as (delete from login_throttle where key in (
            select key from login_throttle where window_started_at < ${throttleBefore}::timestamptz limit ${RETENTION_BATCH}
          ) returning 1) select count(*)::int as n from gone`),
      );
      const [events] = eventsBefore
        ? rowsOf<{ n: number }>(
            await tx.execute(sql`with gone as (delete from audit_log where id in (
                select id from audit_log where tabel = 'keamanan' and waktu < ${eventsBefore}::timestamptz limit ${RETENTION_BATCH}
              ) returning 1) select count(*)::int as n from gone`),
          )
        : [{ n: 0 }];
      return { throttleRows: throttle!.n, securityEvents: events!.n };
    });
    if (!batch) return total.throttleRows || total.securityEvents ? total : null;
    total.throttleRows += batch.throttleRows;
    total.securityEvents += batch.securityEvents;
    if (batch.throttleRows < RETENTION_BATCH && batch.securityEvents < RETENTION_BATCH) return total;
  }
}

/**
 * Makes the pass in a running app: a minute after it is ready (at most `everyMs`), then every
 * `everyMs`. A pass still running when the app closes is waited for; a database that cannot be
 * reached skips the pass (the next one tries again).
 */
export function registerRetention(app: FastifyInstance, deps: AppDeps, everyMs = RETENTION_EVERY_MS): void {
  const rules = retentionRulesOf(deps.config);
  let running: Promise<void> | null = null;
  let first: NodeJS.Timeout | undefined;
  let timer: NodeJS.Timeout | undefined;
  const pass = () => {
    if (running) return;
    running = retentionPass(deps.database.writeDb, rules, deps.now())
      .then((done) => {
        if (done && (done.throttleRows || done.securityEvents))
          app.log.info({ retensi: done }, 'retensi: baris lama dihapus');
      })
      .catch((err: unknown) => {
        if (isDatabaseUnavailable(err)) app.log.warn('retensi: basis data tidak dapat dihubungi, dicoba lagi nanti');
        else app.log.error({ err }, 'retensi gagal');
      })
      .finally(() => {
        running = null;
      });
  };
  app.addHook('onReady', (done) => {
    first = setTimeout(pass, Math.min(everyMs, 60_000));
    timer = setInterval(pass, everyMs);
    first.unref();
    timer.unref();
    done();
  });
  app.addHook('onClose', async () => {
    clearTimeout(first);
    clearInterval(timer);
    await running;
  });
}
