// Settings every pooled PostgreSQL connection of the app carries (on PGlite there is no pool).
import { beforeAll, describe, expect, it } from 'vitest';
import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { TEST_DB_KIND, testDatabase } from '../test/test-db.ts';
import { arrayLiteral, openDatabase, rowsOf, type Database } from './client.ts';

let database: Database;
beforeAll(async () => {
  database = await testDatabase();
});

describe.runIf(TEST_DB_KIND === 'postgres')('pooled connections (PostgreSQL)', () => {
  it('run without JIT, synchronized scans or parallel workers, and name the application', async () => {
    const [row] = rowsOf<{ jit: string; app: string; sync: string; workers: string }>(
      await database.db.execute(
        sql`select current_setting('jit') as jit, current_setting('application_name') as app, current_setting('synchronize_seqscans') as sync, current_setting('max_parallel_workers_per_gather') as workers`,
      ),
    );
    expect(row).toEqual({ jit: 'off', app: 'sidasek', sync: 'off', workers: '0' });
  });
});

describe('arrayLiteral', () => {
  it('passes every string as it is, quotes, backslashes, commas, braces and NULL included', async () => {
    const values = ['Soka"an', 'Lubuk Pakam I,II', 'a\\b', '{x}', '', ' spasi ', 'NULL', null];
    const rows = rowsOf<{ v: string | null }>(
      await database.db.execute(sql`select unnest(${arrayLiteral(values)}::text[]) as v`),
    );
    expect(rows.map((r) => r.v)).toEqual(values);
    const numbers = rowsOf<{ n: number }>(
      await database.db.execute(sql`select unnest(${arrayLiteral([1, 2, 30])}::int[]) as n`),
    );
    expect(numbers.map((r) => r.n)).toEqual([1, 2, 30]);
  });
});

describe.runIf(TEST_DB_KIND === 'pglite')('a new embedded database with an initdb cache', () => {
  it('leaves its empty cluster in the cache, and the next new one starts from that cluster', async () => {
    const cache = mkdtempSync(path.join(os.tmpdir(), 'sidasek-initdb-'));
    try {
      const first = await openDatabase({ pgliteDir: 'memory://', pgliteInitdbCache: cache });
      const [tar] = readdirSync(cache);
      expect(tar).toMatch(/^pglite-[\d.]+-initdb\.tar$/);
      // A cluster with a mark of its own stands in for the cache: a new database (in memory, or in
      // a new folder) carries the mark, so it was loaded from the cache and not made by initdb.
      await first.db.execute(sql`create table tanda_cache (x int)`);
      const marked = (first.db as unknown as { $client: { dumpDataDir(c: 'none'): Promise<Blob> } }).$client;
      writeFileSync(path.join(cache, tar!), Buffer.from(await (await marked.dumpDataDir('none')).arrayBuffer()));
      await first.close();
      const folder = path.join(cache, 'baru');
      for (const dir of ['memory://', folder]) {
        const next = await openDatabase({ pgliteDir: dir, pgliteInitdbCache: cache });
        const found = rowsOf<{ n: number }>(
          await next.db.execute(sql`select count(*)::int as n from pg_tables where tablename = 'tanda_cache'`),
        );
        expect(found[0]!.n).toBe(1);
        await next.close();
      }
      expect(existsSync(path.join(folder, 'PG_VERSION'))).toBe(true);
      // An existing folder opens as it is: the cache is only for new ones.
      const again = await openDatabase({ pgliteDir: folder, pgliteInitdbCache: cache });
      await again.db.execute(sql`drop table tanda_cache`);
      await again.close();
    } finally {
      rmSync(cache, { recursive: true, force: true });
    }
  });
});
