// What the benchmarks that run the app as a process of their own share: the PostgreSQL server
// their throwaway databases live on, a statement on its maintenance database (CREATE/DROP
// DATABASE), a new database made ready, waiting for the app to answer, and the administrator's token.
import type { ChildProcess } from 'node:child_process';
import { rmSync } from 'node:fs';
import pg from 'pg';
import type { Db } from '../../server/db/client.ts';

export const pgBase = process.env.PGHOST
  ? `postgres://${process.env.PGUSER ?? 'postgres'}@${process.env.PGHOST}:${process.env.PGPORT ?? 5432}`
  : 'postgres://postgres@127.0.0.1:5432';

/** One statement on the server's `postgres` database. */
export async function adminQuery(q: string): Promise<void> {
  const c = new pg.Client({ connectionString: `${pgBase}/postgres` });
  await c.connect();
  try {
    await c.query(q);
  } finally {
    await c.end();
  }
}

/**
 * Makes a new throwaway database ready as the app would find one: migrated, with the reference data
 * and the demo administrator; `fill` then adds the benchmark's own rows. (The server's modules are
 * imported when called, as the benchmarks do, after their environment is set.)
 */
export async function prepareDatabase(url: string, fill: (db: Db) => Promise<void>): Promise<void> {
  const { openDatabase } = await import('../../server/db/client.ts');
  const { seedReference, ensureAdmin } = await import('../../server/db/seed/reference.ts');
  const database = await openDatabase({ databaseUrl: url, poolSize: 4 });
  try {
    await database.migrate();
    await seedReference(database.db);
    await ensureAdmin(database.db, { production: false, adminPassword: undefined });
    await fill(database.db);
  } finally {
    await database.close();
  }
}

/** The end of a run: the app stopped (and waited for), its data folder and its database gone. */
export async function discardRun(child: ChildProcess, dataDir: string, dbName: string): Promise<void> {
  child.kill('SIGTERM');
  await new Promise((r) => child.once('exit', r));
  rmSync(dataDir, { recursive: true, force: true });
  await adminQuery(`DROP DATABASE IF EXISTS "${dbName}"`);
}

/** Waits until the app at `base` answers its health check (at most a minute). */
export async function waitHealthy(base: string): Promise<void> {
  for (let i = 0; ; i++) {
    if (
      await fetch(`${base}/api/health`).then(
        (r) => r.ok,
        () => false,
      )
    )
      return;
    if (i > 600) throw new Error('server did not start');
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** A new session of the demo administrator (admin / admin12345). */
export async function adminToken(base: string): Promise<string> {
  const r = await fetch(`${base}/api/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'admin', password: 'admin12345' }),
  });
  const body = (await r.json()) as { access_token?: string; data?: { access_token?: string } };
  const token = body.access_token ?? body.data?.access_token;
  if (!token) throw new Error(`login failed: HTTP ${r.status}`);
  return token;
}
