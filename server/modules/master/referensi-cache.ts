import type { Db } from '../../db/client.ts';
import { referensi } from '../../db/schema/index.ts';

export interface ReferensiItem {
  id: number;
  kategori: string;
  nama: string;
  nama2: string | null;
}

/**
 * The teacher master lists (table `referensi`, about 140 rows) in memory.
 *
 * Nothing in the API writes them: only the seed does, before the server listens. Yet every record
 * write checked its master item, and every record page looked up the item names, each with a round
 * trip of its own (two of a record write's ten statements, one of a tab's four), so the lists are
 * read once per app instead. A change to the table (a later seed, a restore, an edit by hand)
 * empties it in every process (masterRoutes, server/lib/cache-signals.ts); should that signal be
 * missed, an id or name the cache does not know still reloads the lists once before the answer
 * "not found". Loads are not shared between requests: each runs in its caller's transaction (the
 * only connection on PGlite), and one request's failed transaction must not fail another's lookup.
 */
function referensiCache(db: Db) {
  let items: Map<number, ReferensiItem> | null = null;
  // A change heard while a load runs may have come after its read: that load is used but not kept.
  let generation = 0;

  async function load(): Promise<Map<number, ReferensiItem>> {
    const started = generation;
    const rows = await db
      .select({ id: referensi.id, kategori: referensi.kategori, nama: referensi.nama, nama2: referensi.nama2 })
      .from(referensi);
    const loaded = new Map(rows.map((r) => [r.id, r]));
    if (generation === started) items = loaded;
    return loaded;
  }

  /** The cached lists and whether they were loaded just now (then a miss is final). */
  async function current(): Promise<{ lists: Map<number, ReferensiItem>; fresh: boolean }> {
    return items ? { lists: items, fresh: false } : { lists: await load(), fresh: true };
  }

  /** The first item that matches, reloading once when none does. */
  async function find(match: (item: ReferensiItem) => boolean): Promise<ReferensiItem | undefined> {
    const { lists, fresh } = await current();
    for (const item of lists.values()) if (match(item)) return item;
    if (fresh) return undefined;
    for (const item of (await load()).values()) if (match(item)) return item;
    return undefined;
  }

  return {
    /** Forgets the lists: the next lookup reads them again. */
    clear(): void {
      generation++;
      items = null;
    },
    /** The item of this list with this id, or (a string) this name; `nama2` narrows when given. */
    inList(kategori: string, value: number | string, nama2?: string): Promise<ReferensiItem | undefined> {
      return find(
        (i) =>
          i.kategori === kategori &&
          (typeof value === 'number' ? i.id === value : i.nama === value) &&
          (nama2 === undefined || i.nama2 === nama2),
      );
    },
    /** Names of these ids (unknown ids are left out, after one reload). */
    async names(ids: Iterable<number>): Promise<Map<number, string>> {
      const wanted = [...ids];
      const now = await current();
      const cached = !now.fresh && wanted.some((id) => !now.lists.has(id)) ? await load() : now.lists;
      const out = new Map<number, string>();
      for (const id of wanted) {
        const item = cached.get(id);
        if (item) out.set(id, item.nama);
      }
      return out;
    },
  };
}
export type ReferensiCache = ReturnType<typeof referensiCache>;

const caches = new WeakMap<Db, ReferensiCache>();

/** The one cache of a database handle (an app's request-scoped `db`: one per app instance). */
export function referensiOf(db: Db): ReferensiCache {
  let cache = caches.get(db);
  if (!cache) caches.set(db, (cache = referensiCache(db)));
  return cache;
}
