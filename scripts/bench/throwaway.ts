// What the benchmarks that run the app as a process of their own share: the PostgreSQL server
// their throwaway databases live on, a statement on its maintenance database (CREATE/DROP
// DATABASE), a new database made ready, the app started on it, waiting for it to answer, the
// administrator's token, a JSON call and a background run waited for.
import { spawn, type ChildProcess } from 'node:child_process';
import { rmSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import type { Db } from '../../server/db/client.ts';
import { serverArgs } from '../server-command.mjs';
import { appEnv } from './load.ts';

/** The repository's folder, where the app runs. */
export const root = path.resolve(import.meta.dirname, '../..');
/** A line of progress on standard error (standard output carries the report). */
export const log = (s: string) => process.stderr.write(`${s}\n`);

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

/** A new empty database `dbName` (one a run before left behind is dropped first); answers its URL. */
export async function freshDatabase(dbName: string): Promise<string> {
  await adminQuery(`DROP DATABASE IF EXISTS "${dbName}"`);
  await adminQuery(`CREATE DATABASE "${dbName}"`);
  return `${pgBase}/${dbName}`;
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

/**
 * The app (server/main.ts) as a process of its own on the throwaway database `url`, with the
 * administrator's second factor not required (the benchmark logs in with the password); `env` adds
 * what the benchmark needs (a file store, a signer). Its standard error is the benchmark's.
 */
export function startApp(url: string, port: number, dataDir: string, env: Record<string, string> = {}): ChildProcess {
  return spawn(process.execPath, serverArgs(root), {
    cwd: root,
    env: { ...process.env, ...appEnv(url, port, dataDir), TOTP_WAJIB_ADMIN: 'false', ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
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

/** An API answer as a benchmark reads it: the status and the JSON envelope (empty when the body is not JSON). */
export interface Answer {
  status: number;
  json: { diagnostic: { message: string }; data: never };
}

/** Calls the app at `base`: a method and path, with the token and a JSON body when given. */
export const apiCall =
  (base: string) =>
  async (method: string, url: string, token?: string, body?: unknown): Promise<Answer> => {
    const res = await fetch(`${base}${url}`, {
      method,
      headers: {
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...(body ? { 'content-type': 'application/json' } : {}),
      },
      body: body ? JSON.stringify(body) : null,
    });
    const text = await res.text();
    return { status: res.status, json: text.startsWith('{') ? JSON.parse(text) : ({} as never) };
  };

/** A month's background KGB run (draft, verification, signature) polled every 200 ms until it ends. */
export async function finishedKgbRun(call: ReturnType<typeof apiCall>, token: string, id: number) {
  for (;;) {
    const r = await call('GET', `/api/kgb/tugas/${id}`, token);
    const run = r.json.data as { status: string; berhasil: number; gagal: number; dilewati: number; total: number };
    if (run.status !== 'berjalan') return run;
    await new Promise((res) => setTimeout(res, 200));
  }
}
