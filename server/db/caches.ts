// Every copy an app keeps in memory of what the database holds, declared once, beside the
// database objects (server/db/sql-objects.ts): its topic on CACHE_CHANNEL, the triggers that
// announce a committed change to it (decision 0039), and the listeners that empty each app's copy
// when the topic is heard (decision 0060). buildApp wires them all (`registerCaches`); route
// files do not subscribe by hand. server/db/caches.test.ts fails when a topic lacks a trigger or a
// listener, when a listed trigger does not announce its topic, or when the database has an
// announcing trigger no topic lists (with server/db/sql-objects.test.ts).
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../deps.ts';
import { cacheSignalsOf } from '../lib/cache-signals.ts';
import { statCacheOf } from '../modules/statistik/statistik.cache.ts';
import { referensiOf } from '../modules/master/referensi-cache.ts';
import { followOfficeZone } from '../modules/kantor/kantor-zone.ts';
import { STAT_TABLES } from './sql-objects.ts';

/** Makes an app's listener: run once while the app is built, it answers what to run when the topic is heard. */
export type CacheListener = (app: FastifyInstance, deps: AppDeps) => () => void;

export interface CachedTopic {
  /** The copy and where it is kept. */
  copy: string;
  /** The triggers that announce the topic, as `trigger on table` (migration 0029). */
  triggers: readonly string[];
  listeners: readonly CacheListener[];
}

/** `<table>_cache_changed`: `sidasek_cache_changed()` announces the table's name (migration 0029). */
const tableTrigger = (table: string) => [`${table}_cache_changed on ${table}`];

export const CACHED_TOPICS = {
  statistik: {
    copy: 'the dashboard and statistics answers (server/modules/statistik/statistik.cache.ts): refreshed, not dropped',
    // `sidasek_stat_changed()` on the tables the figures read: the transaction flag and the notification.
    triggers: STAT_TABLES.map((t) => `${t}_stat_changed on ${t}`),
    listeners: [
      (app, deps) => {
        const cache = statCacheOf(app, deps);
        return () => cache.refresh();
      },
    ],
  },
  gaji_pokok_tabel: {
    copy: 'the salary tables (AppDeps.salaryTables, server/modules/kgb/kgb.repository.ts)',
    triggers: tableTrigger('gaji_pokok_tabel'),
    listeners: [(_app, deps) => () => deps.salaryTables.forget()],
  },
  pengaturan: {
    copy: "the office's zone of the saved office profile (AppDeps.waktu, server/modules/kantor/kantor-zone.ts)",
    triggers: tableTrigger('pengaturan'),
    listeners: [followOfficeZone],
  },
  referensi: {
    copy: 'the teacher master lists (server/modules/master/referensi-cache.ts)',
    triggers: tableTrigger('referensi'),
    listeners: [
      (_app, deps) => {
        const lists = referensiOf(deps.database.db);
        return () => lists.clear();
      },
    ],
  },
} as const satisfies Record<string, CachedTopic>;

/** Every topic announced on CACHE_CHANNEL. */
export type CacheTopic = keyof typeof CACHED_TOPICS;
export const CACHE_TOPICS = Object.keys(CACHED_TOPICS) as CacheTopic[];

/** Every trigger that announces a topic. */
export const CACHE_TRIGGERS: readonly string[] = Object.values(CACHED_TOPICS).flatMap((c) => c.triggers);

/** Wires every listener of every topic into an app (buildApp, while registering routes). */
export function registerCaches(app: FastifyInstance, deps: AppDeps): void {
  const signals = cacheSignalsOf(app, deps.database);
  for (const topic of CACHE_TOPICS) {
    const topicOf: CachedTopic = CACHED_TOPICS[topic];
    for (const listener of topicOf.listeners) signals.on(topic, listener(app, deps));
  }
}
