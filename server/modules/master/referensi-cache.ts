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
 * read once per app instead. An id or name the cache does not know reloads the lists once before
 * the answer "not found" (rows a later seed or a restore added). Loads are not shared between
 * requests: each runs in its caller's transaction (the only connection on PGlite), and one
 * request's failed transaction must not fail another's lookup.
 */
function referensiCache(db: Db) {
  let items: Map<number, ReferensiItem> | null = null;

  async function load(): Promise<Map<number, ReferensiItem>> {
    const rows = await db.select({ id: referensi.id, kategori: referensi.kategori, nama: referensi.nama, nama2: referensi.nama2 }).from(referensi);
    items = new Map(rows.map((r) => [r.id, r]));
    return items;
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
    /** The item of this list with this id, or (a string) this name; `nama2` narrows when given. */
    inList(kategori: string, value: number | string, nama2?: string): Promise<ReferensiItem | undefined> {
      return find((i) => i.kategori === kategori && (typeof value === 'number' ? i.id === value : i.nama === value) && (nama2 === undefined || i.nama2 === nama2));
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
