import { randomBytes } from 'node:crypto';
import { sql, type SQL } from 'drizzle-orm';
import { CACHE_CHANNEL } from '../db/sql-objects.ts';
import { CACHE_TOPICS } from '../db/caches.ts';
import { openDatabase, rowsOf, type Database } from '../db/client.ts';
import { seedReference } from '../db/seed/reference.ts';
import { freePort } from './free-port.ts';

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
  // A throwaway database: a commit need not wait for the disk (synchronous_commit off; what a crash
  // could lose is never read again). Tests then wait on the CPU, not on fsync.
  await admin.query(`ALTER DATABASE "${name}" SET synchronous_commit = off`);
  await admin.end();
  const host = process.env.PGHOST || '127.0.0.1';
  const port = process.env.PGPORT || '5432';
  const user = encodeURIComponent(process.env.PGUSER || 'postgres');
  const password = process.env.PGPASSWORD ? `:${encodeURIComponent(process.env.PGPASSWORD)}` : '';
  const hostPart = host.startsWith('/')
    ? `localhost:${port}/${name}?host=${encodeURIComponent(host)}`
    : `${host}:${port}/${name}`;
  return `postgres://${user}${password}@${hostPart}`;
}

let sharedUrl: string | undefined;

/** The URL of the worker's test database on PostgreSQL (for a process of its own); undefined on PGlite. */
export const testDatabaseUrl = (): string | undefined => sharedUrl;

/**
 * A PostgreSQL database whose server refuses connections (nothing listens on its port): the app's
 * database down. A connection attempt gives up after 1.5 s; the pool's errors are ignored.
 */
export async function refusingDatabase(): Promise<Database> {
  return openDatabase({
    databaseUrl: `postgres://postgres@127.0.0.1:${await freePort()}/sidasek`,
    connectTimeoutMs: 1500,
    onPoolError: () => undefined,
  });
}

export function testDatabase(): Promise<Database> {
  shared ??= (async () => {
    if (TEST_DB_KIND === 'postgres') sharedUrl = await createPostgresDatabase();
    const database = sharedUrl
      ? await openDatabase({ databaseUrl: sharedUrl, poolSize: 4 })
      : await openDatabase({ pgliteDir: 'memory://', pgliteInitdbCache: process.env.PGLITE_INITDB_CACHE });
    await database.migrate();
    await seedReference(database.db);
    // Taken before anyone can change the data.
    plans.set(database, await resetPlan(database));
    return database;
  })();
  return shared;
}

// Roles and regions survive; everything else is emptied and the master lists seeded again, so a
// test that edits a master list does not change the next one.
const KEEP = new Set(['roles', 'wilayah', '__drizzle_migrations']);

const plans = new WeakMap<Database, ResetPlan>();

interface ResetPlan {
  /** Empties every table but KEEP and restarts their sequences, in one statement. */
  clear: SQL;
  /** Puts back the rows seedReference wrote (taken right after seeding). */
  restore: SQL;
  /** Sets the seeded tables' sequences after their rows and announces the change to the caches. */
  after: SQL;
}

const ident = (name: string) => `"${name.replaceAll('"', '""')}"`;
const literal = (text: string) => `'${text.replaceAll("'", "''")}'`;

/**
 * What resetDatabase runs, worked out once per database right after the reference data was seeded:
 * the same end state as TRUNCATE … RESTART IDENTITY CASCADE followed by seedReference (same rows,
 * same ids, same next ids, the same cache announcements), in three statements instead of about forty
 * (TRUNCATE of every table and the seeding's queries took 150–200 ms per test; this, 10–20 ms).
 */
async function resetPlan(database: Database): Promise<ResetPlan> {
  const { db } = database;
  const tables = await resetTables(database);
  const sequences = rowsOf<{ seq: string; tbl: string; col: string }>(
    await db.execute(sql`select s.oid::regclass::text as seq, t.relname as tbl, a.attname as col
      from pg_class s join pg_depend d on d.objid = s.oid and d.deptype in ('a', 'i')
      join pg_class t on t.oid = d.refobjid join pg_attribute a on a.attrelid = t.oid and a.attnum = d.refobjsubid
      join pg_namespace n on n.oid = t.relnamespace
      where s.relkind = 'S' and n.nspname = 'public'`),
  ).filter((r) => tables.includes(r.tbl));
  const columns = rowsOf<{ tbl: string; col: string }>(
    await db.execute(sql`select table_name as tbl, column_name as col from information_schema.columns
      where table_schema = 'public' and is_generated = 'NEVER' order by table_name, ordinal_position`),
  );
  const seeded: { table: string; cols: string[]; rows: unknown }[] = [];
  for (const table of tables) {
    const [row] = rowsOf<{ rows: unknown }>(
      await db.execute(sql.raw(`select json_agg(t) as rows from ${ident(table)} t`)),
    );
    if (row?.rows)
      seeded.push({ table, cols: columns.filter((c) => c.tbl === table).map((c) => c.col), rows: row.rows });
  }
  // Deleting with the session as a replica skips foreign keys and triggers (audit rows, announcements), like TRUNCATE's row side.
  const clear = sql.raw(`DO $$ BEGIN
    PERFORM set_config('session_replication_role', 'replica', true);
    ${tables.map((t) => `DELETE FROM ${ident(t)};`).join(' ')}
    ${sequences.map((s) => `PERFORM setval(${literal(s.seq)}, 1, false);`).join(' ')}
  END $$`);
  const inserts = seeded.map((s, i) => {
    const cols = s.cols.map(ident).join(', ');
    return sql`i${sql.raw(String(i))} as (insert into ${sql.raw(ident(s.table))} (${sql.raw(cols)}) overriding system value select ${sql.raw(cols)} from json_populate_recordset(null::${sql.raw(ident(s.table))}, ${JSON.stringify(s.rows)}::json))`;
  });
  // Every insert of a WITH runs to its end whether or not the query reads it.
  const restore = sql`with ${sql.join(inserts, sql`, `)} select 1`;
  // The sequences of the seeded tables continue after their highest id; the others start at 1.
  const seededTables = new Set(seeded.map((s) => s.table));
  const setvals = sequences
    .filter((s) => seededTables.has(s.tbl))
    .map(
      (s) =>
        `setval(${literal(s.seq)}, coalesce((select max(${ident(s.col)}) from ${ident(s.tbl)}), 1), (select max(${ident(s.col)}) from ${ident(s.tbl)}) is not null)`,
    );
  // What TRUNCATE's statement triggers announced: every cached table and the statistics.
  const notices = CACHE_TOPICS.map((p) => `pg_notify(${literal(CACHE_CHANNEL)}, ${literal(p)})`);
  const after = sql.raw(`select ${[...setvals, ...notices].join(', ') || '1'}`);
  return { clear, restore, after };
}

/** The tables a reset empties: every table but KEEP. */
async function resetTables(database: Database): Promise<string[]> {
  const result = await database.db.execute(
    sql`select tablename from pg_tables where schemaname = 'public' order by tablename`,
  );
  return rowsOf<{ tablename: string }>(result)
    .map((r) => r.tablename)
    .filter((t) => !KEEP.has(t));
}

/** The slow reset the plan stands in for: TRUNCATE of every table but KEEP, then seedReference. */
export async function truncateAndSeed(database: Database): Promise<void> {
  const tables = await resetTables(database);
  if (tables.length)
    await database.db.execute(sql.raw(`TRUNCATE ${tables.map(ident).join(', ')} RESTART IDENTITY CASCADE`));
  await seedReference(database.db);
}

export async function resetDatabase(database: Database): Promise<void> {
  const plan = plans.get(database);
  // A database testDatabase() did not make: the slow way.
  if (!plan) return truncateAndSeed(database);
  const { clear, restore, after } = plan;
  await database.db.transaction(async (tx) => {
    await tx.execute(clear);
    await tx.execute(restore);
    await tx.execute(after);
  });
}
