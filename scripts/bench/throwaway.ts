// What the benchmarks that run the app as a process of their own share: the PostgreSQL server
// their throwaway databases live on, a statement on its maintenance database (CREATE/DROP
// DATABASE), a new database made ready, the app started on it, waiting for it to answer, the
// administrator's token, a JSON call, a background run waited for, work timed under a load, and
// the KGB benchmarks' month: teachers due in January 2027, loaded and then listed.
import { spawn, type ChildProcess } from 'node:child_process';
import { rmSync } from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
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

/**
 * A month's background KGB run (draft, verification, signature) polled every `everyMs` until it
 * ends. An answer without the run (a slow answer under load) is asked again a second later: the run
 * goes on in the server.
 */
export async function finishedKgbRun(call: ReturnType<typeof apiCall>, token: string, id: number, everyMs = 200) {
  for (;;) {
    const r = await call('GET', `/api/kgb/tugas/${id}`, token);
    const run = r.json.data as {
      status: string;
      berhasil: number;
      gagal: number;
      dilewati: number;
      total: number;
      pesan: string | null;
      hasil: { hasil: string; pesan?: string | null }[];
    } | null;
    if (!run) {
      await new Promise((res) => setTimeout(res, 1000));
      continue;
    }
    if (run.status !== 'berjalan') return run;
    await new Promise((res) => setTimeout(res, everyMs));
  }
}

/**
 * `work` timed while `load` runs beside it: the load starts first and is told to stop when the
 * work is done. Answers the work's result, its seconds and what the load measured.
 */
export async function underLoad<L>(load: (stop: Promise<void>) => Promise<L>, work: () => Promise<string>) {
  let finish!: () => void;
  const running = load(new Promise<void>((r) => (finish = r)));
  const w0 = performance.now();
  const what = await work();
  const seconds = (performance.now() - w0) / 1000;
  finish();
  return { what, seconds, load: await running };
}

/**
 * A PNS teacher of the KGB benchmarks, number `i` (from 0): III/b, MKG 8 years, Rp3.287.000, last
 * raised on 1 January 2025 by a verified KGB decree, so due on 1 January 2027.
 */
export async function insertDueTeacher(
  db: Db,
  t: { i: number; nip: string; tglLahir: string; sekolahId: number; jabatanId: number },
): Promise<void> {
  const { rowsOf } = await import('../../server/db/client.ts');
  const [g] = rowsOf<{ id: number }>(
    await db.execute(sql`insert into guru (sekolah_id, nama, tgl_lahir, jenis_kelamin, nip, golongan, status_guru, id_jabatan, gaji_pokok, mkg_tahun, mkg_bulan, tgl_kgb_terakhir, verifikasi)
    values (${t.sekolahId}, ${`Guru Beban ${t.i + 1}`}, ${t.tglLahir}, 'Laki-laki', ${t.nip}, 'III/b', 'PNS', ${t.jabatanId}, 3287000, 8, 0, '2025-01-01', 1) returning id`),
  );
  await db.execute(sql`insert into riw_kgb (guru_id, no_kgb, perihal, ttgl_kgb, gpl_kgb, gol_kgb, nosk_kgb, tglsk_kgb, mkg_tahun, mkg_bulan, status)
    values (${g!.id}, ${`822.4/${t.i}/DIKBUD/2025`}, 'Kenaikan Gaji Berkala', '2025-01-01', 3287000, 'III/b', ${`822.4/${t.i}/DIKBUD/2025`}, '2024-11-01', 8, 0, 1)`);
}

/** `seed` timed, for the KGB benchmarks: its `n` teachers due on 1 January 2027 (insertDueTeacher). */
export async function seedDueMonth(n: number, seed: () => Promise<void>): Promise<void> {
  const t0 = performance.now();
  await seed();
  log(`${n} guru dengan TMT 1 Januari 2027 dimuat dalam ${((performance.now() - t0) / 1000).toFixed(1)} s`);
}

/**
 * The KGB benchmarks' start once the app at `base` answers: two sessions of the administrator (one
 * runs the month, the other reads beside it) and the ids of January 2027's teachers.
 */
export async function januaryMonth(base: string): Promise<{ token: string; readerToken: string; ids: number[] }> {
  await waitHealthy(base);
  const token = await adminToken(base);
  const readerToken = await adminToken(base);
  const month = await apiCall(base)('GET', '/api/kgb/periode?bulan=2027-01', token);
  const ids = (month.json.data as { data: { guru_id: number }[] }).data.map((i) => i.guru_id);
  log(`periode Januari 2027: ${ids.length} guru`);
  return { token, readerToken, ids };
}

/** The work of a baseline phase: `seconds` of nothing, measuring the readers alone. */
export const idle = (seconds: number) => async (): Promise<string> => {
  await new Promise((r) => setTimeout(r, seconds * 1000));
  return '-';
};
