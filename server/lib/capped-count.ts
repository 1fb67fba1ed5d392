import { count, sql, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Page } from '#contract/paging.ts';
import type { Db } from '../db/client.ts';
import { page } from './envelope.ts';

/**
 * Capped counts for lists that can grow past what is worth counting on every page (teachers,
 * schools, KGB due list at province scale): counting stops at a cap, and `more`
 * (Page.total_lebih) says there are more rows than `total`. Deep pages still know their
 * neighbourhood: the count always reaches ten pages past the requested one, so the pager can draw
 * its links from any page.
 */
const PAGES_AHEAD = 10;

/** A count that stopped at its limit: `total` is exact unless `more`. */
export interface CappedCount {
  total: number;
  more: boolean;
}

/** The number of rows counted for a page: the cap, or ten pages past the page. */
export function countLimit(cap: number, currentPage: number, perPage: number): number {
  return Math.max(cap, (currentPage - 1 + PAGES_AHEAD) * perPage);
}

/** A count of at most `limit` + 1 rows: `more` when it found more than `limit`. */
export function capped(n: number, limit: number): CappedCount {
  return { total: Math.min(n, limit), more: n > limit };
}

/**
 * A column counting the rows of `rows` (what follows FROM: a table with its WHERE, a CTE's name),
 * stopping after `limit` + 1 of them (for `capped`).
 */
export function countRowsUpTo(rows: SQL, limit: number): SQL<number> {
  return sql<number>`(select count(*) from (select 1 from ${rows} limit ${limit + 1}) c)::int`;
}

/** A column counting `table`'s rows that match `where`, stopping after `limit` + 1 of them (for `capped`). */
export function countUpTo(table: PgTable, where: SQL | undefined, limit: number): SQL<number> {
  return countRowsUpTo(sql`${table} where ${where ?? sql`true`}`, limit);
}

/**
 * The capped count alone, for a page with no rows to carry it (none match, or past the end):
 * `limit` is that of page 1, so a far-off page number cannot make it count every row.
 */
export async function cappedCount(db: Db, table: PgTable, where: SQL | undefined, limit: number): Promise<CappedCount> {
  const [{ n } = { n: 0 }] = await db.select({ n: count() }).from(
    db
      .select({ one: sql`1`.as('one') })
      .from(table)
      .where(where)
      .limit(limit + 1)
      .as('c'),
  );
  return capped(n, limit);
}

/** The page answer of a capped list: the SPEC's Laravel fields plus `total_lebih`. */
export function cappedPage<T>(r: CappedCount & { rows: T[] }, currentPage: number, perPage: number): Page<T> {
  return { ...page(r.rows, r.total, currentPage, perPage), total_lebih: r.more };
}
