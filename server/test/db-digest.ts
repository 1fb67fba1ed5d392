import { sql } from 'drizzle-orm';
import { rowsOf, type Db } from '../db/client.ts';

// A fingerprint of every application table, to show that a refused request changed no data.

/** Tables left out: static (regions, migrations) or changed by design on a refusal (failed logins are counted); see also `digest`. */
export const NOT_DIGESTED = new Set(['wilayah', '__drizzle_migrations', 'login_throttle']);

export async function digestedTables(db: Db): Promise<string[]> {
  return rowsOf<{ tablename: string }>(
    await db.execute(sql`select tablename from pg_tables where schemaname = 'public' order by tablename`),
  )
    .map((r) => r.tablename)
    .filter((name) => !NOT_DIGESTED.has(name));
}

/** Per table: row count and an order-free sum of row hashes (one pass, no sort). */
export async function digest(db: Db, tables: string[]): Promise<string> {
  // A refusal writes a security event (audit_log rows of tabel 'keamanan') by design;
  // every other audit row still counts: a refused request must leave no trace of changed data.
  const where = (name: string) => (name === 'audit_log' ? ` where x.tabel <> 'keamanan'` : '');
  const parts = tables.map(
    (name) =>
      `select '${name}' as t, count(*)::int as n, coalesce(sum(hashtextextended(x::text, 0)), 0)::text as h from "${name}" x${where(name)}`,
  );
  return rowsOf<{ t: string; n: number; h: string }>(await db.execute(sql.raw(parts.join(' union all '))))
    .map((r) => `${r.t}:${r.n}:${r.h}`)
    .join('\n');
}

/**
 * The next transaction id to be handed out. A transaction gets its id when it first writes, so an
 * unchanged position means nothing has been written since: a digest taken then still holds.
 */
export async function writePosition(db: Db): Promise<string> {
  return rowsOf<{ x: string }>(await db.execute(sql`select pg_snapshot_xmax(pg_current_snapshot())::text as x`))[0]!.x;
}

/** `digest`, taken again only when something has been written since the last one. */
export function digester(db: Db, tables: string[]): () => Promise<string> {
  let last: { at: string; value: string } | null = null;
  return async () => {
    const at = await writePosition(db);
    if (last?.at !== at) last = { at, value: await digest(db, tables) };
    return last.value;
  };
}

/** The tables whose line differs between two digests. */
export function changedTables(before: string, after: string): string[] {
  const a = new Set(before.split('\n'));
  return after
    .split('\n')
    .filter((line) => !a.has(line))
    .map((line) => line.split(':')[0]!);
}
