import { beforeAll, describe, expect, it } from 'vitest';
import { is, sql } from 'drizzle-orm';
import { getTableConfig, PgTable } from 'drizzle-orm/pg-core';
import * as schema from './schema/index.ts';
import { rowsOf, type Db } from './client.ts';
import { testDatabase } from '../test/test-db.ts';
import { AUDITED_TABLES, SQL_COLUMNS, SQL_FUNCTIONS, SQL_TABLES, SQL_TRIGGERS } from './sql-objects.ts';
import { CACHE_TRIGGERS } from './caches.ts';

// Every table, column, trigger and function of the migrated database is known to
// Drizzle's schema or to server/db/sql-objects.ts, and that module lists nothing that is not there.
let db: Db;
beforeAll(async () => {
  db = (await testDatabase()).db;
});

const drizzleTables = new Map<string, Set<string>>();
for (const value of Object.values(schema)) {
  if (is(value, PgTable)) {
    const config = getTableConfig(value);
    drizzleTables.set(config.name, new Set(config.columns.map((c) => c.name)));
  }
}

describe('database objects outside Drizzle', () => {
  it('every table and column is in Drizzle or in sql-objects.ts, and both lists are real', async () => {
    const columns = rowsOf<{ table_name: string; column_name: string }>(
      await db.execute(
        sql`select table_name, column_name from information_schema.columns where table_schema = 'public' and table_name <> '__drizzle_migrations'`,
      ),
    );
    const unknown: string[] = [];
    const seen = new Set<string>();
    for (const { table_name: t, column_name: c } of columns) {
      seen.add(`${t}.${c}`);
      const known = drizzleTables.get(t)?.has(c) || SQL_TABLES[t]?.columns.includes(c) || `${t}.${c}` in SQL_COLUMNS;
      if (!known) unknown.push(`${t}.${c}`);
    }
    expect(unknown, 'kolom yang tidak dikenal skema Drizzle maupun sql-objects.ts').toEqual([]);
    const listed = [
      ...[...drizzleTables].flatMap(([t, cs]) => [...cs].map((c) => `${t}.${c}`)),
      ...Object.entries(SQL_TABLES).flatMap(([t, o]) => o.columns.map((c) => `${t}.${c}`)),
      ...Object.keys(SQL_COLUMNS),
    ];
    expect(
      listed.filter((c) => !seen.has(c)),
      'kolom yang didaftar tetapi tidak ada di basis data',
    ).toEqual([]);
  });

  it('every trigger is listed, and every listed trigger exists', async () => {
    const triggers = rowsOf<{ name: string }>(
      await db.execute(sql`select t.tgname || ' on ' || c.relname as name from pg_trigger t join pg_class c on c.oid = t.tgrelid join pg_namespace n on n.oid = c.relnamespace
                           where not t.tgisinternal and n.nspname = 'public'`),
    ).map((r) => r.name);
    const expected = [
      ...AUDITED_TABLES.map((t) => `${t}_audit on ${t}`),
      // The triggers that announce the cached topics (server/db/caches.ts).
      ...CACHE_TRIGGERS,
      ...Object.keys(SQL_TRIGGERS),
    ];
    expect([...triggers].sort()).toEqual([...expected].sort());
  });

  it('every sidasek_ function is listed, and every listed function exists', async () => {
    const functions = rowsOf<{ proname: string }>(
      await db.execute(
        sql`select distinct p.proname from pg_proc p join pg_namespace n on n.oid = p.pronamespace where n.nspname = 'public' and p.proname like 'sidasek%'`,
      ),
    ).map((r) => r.proname);
    expect([...functions].sort()).toEqual(Object.keys(SQL_FUNCTIONS).sort());
  });
});
