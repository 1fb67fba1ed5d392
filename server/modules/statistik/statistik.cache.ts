import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../deps.ts';
import { cacheSignalsOf } from '../../lib/cache-signals.ts';

export interface StatCache {
  /** The cached answer for `key`, or `compute()` (shared by concurrent callers). */
  get<T>(key: string, compute: () => Promise<T>): Promise<T>;
  clear(): void;
}

export function createStatCache(now: () => number, ttlMs: number): StatCache {
  const entries = new Map<string, { at: number; value: Promise<unknown> }>();
  // A write during a computation makes its result stale: it is answered but not kept.
  let generation = 0;
  return {
    get<T>(key: string, compute: () => Promise<T>): Promise<T> {
      const t = now();
      const hit = entries.get(key);
      if (hit && t - hit.at < ttlMs && t >= hit.at) return hit.value as Promise<T>;
      const started = generation;
      const value = compute();
      entries.set(key, { at: t, value });
      value.then(
        () => {
          if (generation !== started && entries.get(key)?.value === value) entries.delete(key);
        },
        () => {
          if (entries.get(key)?.value === value) entries.delete(key);
        },
      );
      return value;
    },
    clear() {
      generation++;
      entries.clear();
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
 * Every other process on the database, and this one for changes made outside its API, hears the
 * same change from the database a moment after COMMIT (server/lib/cache-signals.ts).
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
    cacheSignalsOf(app, deps.database).on('statistik', () => created.clear());
    perApp.set(app, created);
    cache = created;
  }
  return cache;
}
