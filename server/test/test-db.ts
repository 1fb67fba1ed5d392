import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { openDatabase, type Database } from '../db/client.ts';
import { seedReference } from '../db/seed/reference.ts';

// One database per test worker, shared by the test files the worker runs (vitest isolate:false):
// PGlite takes seconds to open and the region table to load, so that work happens once.
let shared: Promise<Database> | null = null;

/** 'pglite' (default) or 'postgres' (TEST_DB=postgres, a throwaway database per worker). */
export const TEST_DB_KIND = process.env.TEST_DB === 'postgres' ? 'postgres' : 'pglite';

/** Runs one statement on the test PostgreSQL's maintenance database (CREATE/DROP DATABASE). */
export async function adminQuery(text: string): Promise<void> {
  const { default: pg } = await import('pg');
  const client = new pg.Client({ database: process.env.PGDATABASE || 'postgres' });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

/** A new empty database on the test PostgreSQL (named with TEST_DB_PREFIX, so scripts/test-pg.sh drops it). */
export async function createPostgresDatabase(): Promise<string> {
  const { default: pg } = await import('pg');
  const prefix = process.env.TEST_DB_PREFIX || 'sidasek_test';
  const name = `${prefix}_${process.pid}_${randomBytes(3).toString('hex')}`;
  // Connection details come from the PG* variables (scripts/test-pg.sh sets them).
  const admin = new pg.Client({ database: process.env.PGDATABASE || 'postgres' });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${name}"`);
  await admin.end();
  const host = process.env.PGHOST || '127.0.0.1';
  const port = process.env.PGPORT || '5432';
  const user = encodeURIComponent(process.env.PGUSER || 'postgres');
  const password = process.env.PGPASSWORD ? `:${encodeURIComponent(process.env.PGPASSWORD)}` : '';
  const hostPart = host.startsWith('/') ? `localhost:${port}/${name}?host=${encodeURIComponent(host)}` : `${host}:${port}/${name}`;
  return `postgres://${user}${password}@${hostPart}`;
}

export function testDatabase(): Promise<Database> {
  shared ??= (async () => {
    const database =
      TEST_DB_KIND === 'postgres'
        ? await openDatabase({ databaseUrl: await createPostgresDatabase(), poolSize: 4 })
        : await openDatabase({ pgliteDir: 'memory://' });
    await database.migrate();
    await seedReference(database.db);
    return database;
  })();
  return shared;
}

// Roles and regions survive; everything else is emptied and the master lists seeded again, so a
// test that edits a master list does not change the next one.
const KEEP = new Set(['roles', 'wilayah', '__drizzle_migrations']);

export async function resetDatabase(database: Database): Promise<void> {
  const result = await database.db.execute(sql`select tablename from pg_tables where schemaname = 'public'`);
  const tables = (result as unknown as { rows: { tablename: string }[] }).rows.map((r) => r.tablename).filter((t) => !KEEP.has(t));
  if (tables.length) await database.db.execute(sql.raw(`TRUNCATE ${tables.map((t) => `"${t}"`).join(', ')} RESTART IDENTITY CASCADE`));
  await seedReference(database.db);
}
