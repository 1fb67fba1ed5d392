import type { FastifyInstance } from 'fastify';
import type { Database } from '../db/client.ts';
import { CACHE_CHANNEL } from '../db/sql-objects.ts';
import type { CacheTopic } from '../db/caches.ts';

/**
 * Tells an app's in-memory copies that the database changed under them (decision
 * 0039). Triggers announce every committed change to the tables behind a copy on CACHE_CHANNEL
 * (migration 0029), whichever process or script made it; each app listens and empties the copies
 * the change names. When listening (re)starts, notifications may have been missed: every copy is
 * emptied. Copies stay plain Maps and variables: nothing here runs on a read.
 */
export interface CacheSignals {
  /** Runs `clear` after a change to `topic`, and whenever a change may have been missed. */
  on(topic: CacheTopic, clear: () => void): void;
  /** The topics something listens to (a test checks they are the topics of server/db/caches.ts). */
  topics(): string[];
}

const perApp = new WeakMap<FastifyInstance, CacheSignals>();

/**
 * The signals of an app: listening starts when the app is ready and stops when it closes. Its
 * listeners are the registry's (server/db/caches.ts, `registerCaches` in buildApp).
 */
export function cacheSignalsOf(app: FastifyInstance, database: Database): CacheSignals {
  const known = perApp.get(app);
  if (known) return known;
  const clears = new Map<string, (() => void)[]>();
  const fire = (topic: string) => {
    for (const clear of clears.get(topic) ?? []) clear();
  };
  let stop: (() => Promise<void>) | null = null;
  app.addHook('onReady', async () => {
    stop = database.listen(CACHE_CHANNEL, {
      notify: fire,
      resync: () => {
        for (const topic of clears.keys()) fire(topic);
      },
      lost: (err) =>
        app.log.warn(
          { err: { message: err.message } },
          'PostgreSQL: koneksi LISTEN terputus; cache dikosongkan setelah tersambung lagi',
        ),
    });
  });
  app.addHook('onClose', async () => {
    await stop?.();
  });
  const signals: CacheSignals = {
    on(topic, clear) {
      const list = clears.get(topic);
      if (list) list.push(clear);
      else clears.set(topic, [clear]);
    },
    topics: () => [...clears.keys()],
  };
  perApp.set(app, signals);
  return signals;
}
