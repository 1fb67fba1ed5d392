// Settings every pooled PostgreSQL connection of the app carries (on PGlite there is no pool).
import { beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { TEST_DB_KIND, testDatabase } from '../test/test-db.ts';
import { arrayLiteral, rowsOf, type Database } from './client.ts';

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
