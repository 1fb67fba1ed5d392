import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../deps.ts';

export interface StatCache {
  /** The cached answer for `key`, or `compute()` (shared by concurrent callers). */
  get<T>(key: string, compute: () => Promise<T>): Promise<T>;
  /** A write of this process's API: nothing computed before it is answered again. */
  clear(): void;
  /**
   * A change heard from the database (another process, a background run, a script): answers
   * computed before it are still given, each only until one computation started after the change
   * replaces it, so readers never wait on the figures while a run writes batch after batch.
   */
  refresh(): void;
}

interface Entry {
  at: number;
  value: Promise<unknown>;
  settled: boolean;
  /** A change was heard since its computation started. */
  stale: boolean;
  /** The computation that replaces a stale entry, while it runs. */
  refreshing: boolean;
}

export function createStatCache(now: () => number, ttlMs: number): StatCache {
  const entries = new Map<string, Entry>();
  // A write during a computation makes its result stale: it is answered but not kept (clear), or
  // kept as stale (refresh).
  let cleared = 0;
  let changed = 0;

  function compute<T>(key: string, run: () => Promise<T>, t: number): Promise<T> {
    const c = cleared;
    const h = changed;
    const value = run();
    const entry: Entry = { at: t, value, settled: false, stale: false, refreshing: false };
    entries.set(key, entry);
    value.then(
      () => {
        entry.settled = true;
        if (entries.get(key) !== entry) return;
        if (cleared !== c) entries.delete(key);
        else if (changed !== h) entry.stale = true;
      },
      () => {
        if (entries.get(key) === entry) entries.delete(key);
      },
    );
    return value;
  }

  return {
    get<T>(key: string, run: () => Promise<T>): Promise<T> {
      const t = now();
      const hit = entries.get(key);
      const fresh = hit && t - hit.at < ttlMs && t >= hit.at;
      if (hit && fresh && !hit.stale) return hit.value as Promise<T>;
      if (hit && fresh && hit.settled) {
        // Stale: answered while one computation replaces it (its result becomes the entry).
        if (!hit.refreshing) {
          hit.refreshing = true;
          const c = cleared;
          const h = changed;
          run().then(
            (v) => {
              if (entries.get(key) !== hit || cleared !== c) return;
              entries.set(key, {
                at: now(),
                value: Promise.resolve(v),
                settled: true,
                stale: changed !== h,
                refreshing: false,
              });
            },
            () => {
              hit.refreshing = false;
            },
          );
        }
        return hit.value as Promise<T>;
      }
      return compute(key, run, t);
    },
    clear() {
      cleared++;
      entries.clear();
    },
    refresh() {
      changed++;
      for (const e of entries.values()) e.stale = true;
    },
  };
}

/**
 * The tables the dashboard and the statistics read. Migration 0011 puts a statement trigger on each
 * that flags the write request's transaction; a test checks the two lists agree.
 */
export const STAT_SOURCE_TABLES = ['guru', 'jenis_ruangan', 'kgb_surat', 'kunjungan', 'ruangan', 'sekolah'] as const;

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * 'untouched': a manual-transaction route declaring it never writes a table the statistics
     * read (login: sessions and throttle rows only), so it leaves the cache alone.
     */
    statSources?: 'untouched';
  }
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
const perApp = new WeakMap<FastifyInstance, StatCache>();

/**
 * The one cache of an app (dashboard and statistics share it). A successful write to the API (a
 * non-GET /api request answered 2xx) empties it when it changed a table the figures read (or may
 * have: manual-transaction routes, unless they declare `statSources: 'untouched'`), so an
 * administrator sees their change at once while record, gallery or login traffic keeps it warm.
 * Every other process on the database, and this one for changes made outside its API (a
 * background import's batches), hears the same change from the database a moment after COMMIT
 * (server/lib/cache-signals.ts, topic 'statistik' of server/db/caches.ts) and refreshes: the
 * figures computed before are answered until new ones are computed, once.
 */
export function statCacheOf(app: FastifyInstance, deps: AppDeps): StatCache {
  let cache = perApp.get(app);
  if (!cache) {
    const created = createStatCache(() => deps.now().getTime(), deps.config.statCacheSeconds * 1000);
    app.addHook('onResponse', (request, reply, done) => {
      if (
        !SAFE_METHODS.has(request.method) &&
        request.url.startsWith('/api/') &&
        reply.statusCode >= 200 &&
        reply.statusCode < 300 &&
        request.committedChanges?.statSourcesChanged !== false &&
        request.routeOptions.config?.statSources !== 'untouched'
      ) {
        created.clear();
      }
      done();
    });
    perApp.set(app, created);
    cache = created;
  }
  return cache;
}
