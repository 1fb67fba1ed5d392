// Settings every pooled PostgreSQL connection of the app carries (on PGlite there is no pool).
import { beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { TEST_DB_KIND, testDatabase } from '../test/test-db.ts';
import { rowsOf, type Database } from './client.ts';

let database: Database;
beforeAll(async () => {
  database = await testDatabase();
});

describe.runIf(TEST_DB_KIND === 'postgres')('pooled connections (PostgreSQL)', () => {
  it('run without JIT and name the application', async () => {
    const [row] = rowsOf<{ jit: string; app: string }>(await database.db.execute(sql`select current_setting('jit') as jit, current_setting('application_name') as app`));
    expect(row).toEqual({ jit: 'off', app: 'sidasek' });
  });
});
