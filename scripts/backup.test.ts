// npm run backup / npm run restore (scripts/backup-lib.ts): a demo data set with files on disk is
// backed up, restored into a fresh place and compared table by table (row digests, sequences) and
// file by file (bytes). PGlite always; PostgreSQL too when TEST_DB=postgres or a server answers at
// PGHOST (127.0.0.1:5432), then also PostgreSQL → PGlite and PGlite → PostgreSQL.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import { sql } from 'drizzle-orm';
import { rowsOf, type Database } from '../server/db/client.ts';
import { seedReference } from '../server/db/seed/reference.ts';
import { seedDemo } from '../server/db/seed/demo.ts';
import { localFileStore } from '../server/lib/file-store.ts';
import { BackupError, createBackup, restoreBackup, verifyArchive, type Place } from './backup-lib.ts';
import { openPlaceDatabase } from './backup-test-place.ts';

const root = path.resolve(import.meta.dirname, '..');
const PGHOST = process.env.PGHOST || '127.0.0.1';
const PGPORT = process.env.PGPORT || '5432';
const PGUSER = process.env.PGUSER || 'postgres';
// Trust authentication ignores it; it is here to show it never reaches the output.
const SECRET = process.env.PGPASSWORD || 'rahasia-uji-7f3a';
const PREFIX = `${process.env.TEST_DB_PREFIX || 'sidasek_test'}_backup_${process.pid}_${randomBytes(2).toString('hex')}`;

/** A client of the test PostgreSQL's maintenance database (not yet connected). */
async function maintenanceClient(options: { connectionTimeoutMillis?: number } = {}) {
  const { default: pg } = await import('pg');
  return new pg.Client({
    host: PGHOST,
    port: Number(PGPORT),
    user: PGUSER,
    database: process.env.PGDATABASE || 'postgres',
    ...options,
  });
}

async function postgresReachable(): Promise<boolean> {
  const client = await maintenanceClient({ connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    await client.end();
    return true;
  } catch {
    return false;
  }
}
const WITH_POSTGRES = process.env.TEST_DB === 'postgres' || (await postgresReachable());

const work = await mkdtemp(path.join(tmpdir(), 'sidasek-backup-test-'));
const createdDbs: string[] = [];
const messages: string[] = [];
const log = (m: string) => void messages.push(m);

function dbUrl(name: string): string {
  const host = PGHOST.startsWith('/')
    ? `localhost:${PGPORT}/${name}?host=${encodeURIComponent(PGHOST)}`
    : `${PGHOST}:${PGPORT}/${name}`;
  return `postgres://${encodeURIComponent(PGUSER)}:${encodeURIComponent(SECRET)}@${host}`;
}

async function adminQuery(text: string): Promise<void> {
  const client = await maintenanceClient();
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

async function createDb(tag: string): Promise<string> {
  const name = `${PREFIX}_${tag}`;
  await adminQuery(`CREATE DATABASE "${name}"`);
  createdDbs.push(name);
  return dbUrl(name);
}

const place = (name: string, databaseUrl?: string): Place => ({ dataDir: path.join(work, name), databaseUrl });

/** Every application table as (row count, digest of all rows in a stable order), and every sequence. */
type Snapshot = Record<string, string>;

async function snapshotOf(database: Database): Promise<Snapshot> {
  const q = async (text: string) => rowsOf<Record<string, unknown>>(await database.db.execute(sql.raw(text)));
  await q(`SET TimeZone = 'UTC'`);
  const out: Snapshot = {};
  const tables = await q(
    `SELECT quote_ident(n.nspname) || '.' || quote_ident(c.relname) AS t, c.relkind AS k FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
     WHERE c.relkind IN ('r', 'S') AND n.nspname NOT IN ('pg_catalog', 'information_schema') AND n.nspname NOT LIKE 'pg\\_%' ORDER BY 1`,
  );
  for (const { t, k } of tables) {
    const [row] =
      k === 'S'
        ? await q(`SELECT last_value::text || '/' || is_called::text AS v FROM ${String(t)}`)
        : await q(
            `SELECT count(*)::text || ' ' || md5(coalesce(string_agg(h, '' ORDER BY h), '')) AS v FROM (SELECT md5(x::text) AS h FROM ${String(t)} x) s`,
          );
    out[`${k === 'S' ? 'sequence' : 'table'} ${String(t)}`] = String(row?.v);
  }
  return out;
}

async function snapshotAt(p: Place): Promise<Snapshot> {
  const database = await openPlaceDatabase(p, { poolSize: 1 });
  try {
    return await snapshotOf(database);
  } finally {
    await database.close();
  }
}

/** Relative path → bytes (base64) of every file under DATA_DIR/files. */
async function filesAt(p: Place): Promise<Record<string, string>> {
  const dir = path.join(p.dataDir, 'files');
  const out: Record<string, string> = {};
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  for (const e of entries) {
    if (!e.isFile()) continue;
    const full = path.join(e.parentPath, e.name);
    out[path.relative(dir, full)] = (await readFile(full)).toString('base64');
  }
  return out;
}

/** Demo data with its photos, documents and the signing key on disk, plus awkward text and a sequence gap. */
async function seedSource(p: Place): Promise<Snapshot> {
  const database = await openPlaceDatabase(p);
  try {
    await database.migrate();
    await seedReference(database.db);
    await seedDemo(database.db, localFileStore(path.join(p.dataDir, 'files')));
    await database.db.execute(
      sql.raw(
        `UPDATE sekolah SET alamat = E'Jl. "Tab"\\tdan\\nbaris baru \\\\ garis miring, ê ñ 🏫', web = NULL WHERE id = (SELECT min(id) FROM sekolah)`,
      ),
    );
    await database.db.execute(sql.raw(`SELECT setval(pg_get_serial_sequence('sekolah', 'id'), 500)`));
    return await snapshotOf(database);
  } finally {
    await database.close();
  }
}

function expectSame(actual: Snapshot, expected: Snapshot) {
  expect(Object.keys(expected)).toContain('table drizzle.__drizzle_migrations');
  expect(Object.keys(expected).filter((k) => k.startsWith('table ')).length).toBeGreaterThan(20);
  expect(expected['table public.sekolah']).toMatch(/^8 /);
  expect(actual).toEqual(expected);
}

/** The archive with one byte of one stored file changed, gzip still valid. */
async function tampered(archive: string, out: string): Promise<void> {
  const tar = gunzipSync(await readFile(archive));
  const at = tar.indexOf(Buffer.from('files/'));
  expect(at).toBeGreaterThanOrEqual(0);
  const dataStart = at - (at % 512) + 512;
  tar[dataStart + 10] = tar[dataStart + 10]! ^ 0xff;
  await writeFile(out, gzipSync(tar));
}

async function treeOf(dir: string): Promise<string[]> {
  if (!existsSync(dir)) return [];
  return (await readdir(dir, { recursive: true })).sort();
}

function runCli(
  script: string,
  args: string[],
  env: Record<string, string>,
): Promise<{ code: number | null; out: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'scripts', script), ...args], {
      cwd: root,
      env: { ...process.env, DATABASE_URL: '', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.stderr.on('data', (d: Buffer) => (out += d.toString()));
    child.on('close', (code) => resolve({ code, out }));
  });
}

afterAll(async () => {
  for (const name of createdDbs)
    await adminQuery(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`).catch(() => undefined);
  await rm(work, { recursive: true, force: true });
  // No password in anything the scripts said.
  expect(messages.join('\n')).not.toContain(SECRET);
});

describe.runIf(!WITH_POSTGRES)('backup and restore, PGlite', () => {
  const source = place('sumber');
  let expected: Snapshot;
  let archive: string;

  beforeAll(async () => {
    expected = await seedSource(source);
  }, 180_000);

  it('backs up, restores into a fresh DATA_DIR, every table and file equal', async () => {
    ({ file: archive } = await createBackup({ place: source, out: path.join(work, 'pglite.tar.gz'), log }));
    const target = place('pulih');
    const result = await restoreBackup({ place: target, archive, log });
    expect(result.counts.every((c) => c.expected === c.actual)).toBe(true);
    expectSame(await snapshotAt(target), expected);
    expect(await filesAt(target)).toEqual(await filesAt(source));
    expect(Object.keys(await filesAt(target)).length).toBe(result.manifest.files.count);
  }, 180_000);

  it('refuses damaged archives and a non-empty target, changing nothing', async () => {
    await refusals(archive, source);
  }, 60_000);
});

describe.runIf(WITH_POSTGRES)('backup and restore, PostgreSQL and PGlite', () => {
  const source: Place = { dataDir: path.join(work, 'pg-sumber') };
  let expected: Snapshot;
  let pgArchive: string;
  let pgliteArchive: string;
  const pgliteCopy = place('pglite-dari-pg');
  let pgliteExpected: Snapshot;

  beforeAll(async () => {
    source.databaseUrl = await createDb('src');
    expected = await seedSource(source);
  }, 180_000);

  it('PostgreSQL → PostgreSQL (pg_dump -Fc): every table and file equal', async () => {
    const { file, manifest } = await createBackup({ place: source, out: `${path.join(work, 'arsip')}/`, log });
    pgArchive = file;
    expect(path.basename(file)).toMatch(/^sidasek-backup-\d{8}-\d{6}\.tar\.gz$/);
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    expect(manifest.database.kind).toBe('postgres');
    expect(manifest.database.latestMigration?.tag).toMatch(/^\d{4}_/);
    await expectRestored(pgArchive, place('pg-pulih', await createDb('dst')), expected, source);
  }, 120_000);

  it('PostgreSQL → PGlite: every table and file equal', async () => {
    await restoreBackup({ place: pgliteCopy, archive: pgArchive, log });
    pgliteExpected = await snapshotAt(pgliteCopy);
    expectSame(pgliteExpected, expected);
    expect(await filesAt(pgliteCopy)).toEqual(await filesAt(source));
  }, 180_000);

  it('PGlite → PGlite and PGlite → PostgreSQL (logical dump): every table and file equal', async () => {
    const { file, manifest } = await createBackup({ place: pgliteCopy, out: path.join(work, 'pglite.tar.gz'), log });
    pgliteArchive = file;
    expect(manifest.database.kind).toBe('pglite');
    expect(manifest.database.tables).toEqual((await verifyArchive(pgArchive)).database.tables);

    await expectRestored(pgliteArchive, place('pglite-pulih'), pgliteExpected, source);
    await expectRestored(pgliteArchive, place('pg-dari-pglite', await createDb('cross')), expected, source);
  }, 240_000);

  it('--force replaces a non-empty PostgreSQL database in one transaction, old files moved aside', async () => {
    const target = place('pg-timpa', await createDb('force'));
    await restoreBackup({ place: target, archive: pgArchive, log });
    await expect(restoreBackup({ place: target, archive: pgliteArchive, log })).rejects.toThrow(
      /tidak kosong.*--force/s,
    );
    const result = await restoreBackup({ place: target, archive: pgliteArchive, force: true, log });
    expect(result.movedAside).toMatch(/sebelum-pulih-/);
    expectSame(await snapshotAt(target), expected);
    expect(await filesAt(target)).toEqual(await filesAt(source));
    expect(await filesAt({ dataDir: result.movedAside! })).toEqual(await filesAt(source));
  }, 120_000);

  it('refuses damaged archives and a non-empty target, changing nothing', async () => {
    await refusals(pgArchive, source);
  }, 60_000);
});

/** Restores `archive` into `target`: every table as in `snapshot`, every file as in `source`. */
async function expectRestored(archive: string, target: Place, snapshot: Snapshot, source: Place) {
  await restoreBackup({ place: target, archive, log });
  expectSame(await snapshotAt(target), snapshot);
  expect(await filesAt(target)).toEqual(await filesAt(source));
}

async function refusals(archive: string, filled: Place) {
  const before = await snapshotAt(filled);
  const filesBefore = await filesAt(filled);
  const treeBefore = await treeOf(filled.dataDir);

  // A flipped byte in the compressed stream.
  const broken = path.join(work, `rusak-${randomBytes(2).toString('hex')}.tar.gz`);
  const bytes = await readFile(archive);
  bytes[Math.floor(bytes.length / 2)] = bytes[Math.floor(bytes.length / 2)]! ^ 0x55;
  await writeFile(broken, bytes);
  await expect(restoreBackup({ place: place('kosong-1'), archive: broken, log })).rejects.toThrow(/rusak|tidak cocok/);
  expect(existsSync(path.join(work, 'kosong-1'))).toBe(false);
  await expect(restoreBackup({ place: filled, archive: broken, force: true, log })).rejects.toThrow(BackupError);

  // A changed file inside a well-formed archive: caught by the manifest's SHA-256.
  const changed = path.join(work, `ubah-${randomBytes(2).toString('hex')}.tar.gz`);
  await tampered(archive, changed);
  await expect(restoreBackup({ place: filled, archive: changed, force: true, log })).rejects.toThrow(
    /isi berbeda \(SHA-256\): files\//,
  );

  // A good archive onto existing data without --force.
  await expect(restoreBackup({ place: filled, archive, log })).rejects.toThrow(/tidak kosong.*--force/s);

  // The command line says the same, in Indonesian, with exit code 1.
  const cli = await runCli('restore.ts', [broken, '--force'], { DATA_DIR: path.join(work, 'kosong-2') });
  expect(cli.code).toBe(1);
  expect(cli.out).toMatch(/Arsip .* rusak atau tidak lengkap/);
  expect(existsSync(path.join(work, 'kosong-2'))).toBe(false);

  expect(await snapshotAt(filled)).toEqual(before);
  expect(await filesAt(filled)).toEqual(filesBefore);
  expect(await treeOf(filled.dataDir)).toEqual(treeBefore);
}

describe('backup command line', () => {
  it('refuses a PGlite folder another process has open, and never prints the database password', async () => {
    const busy = place('sibuk');
    const dir = path.join(busy.dataDir, 'pglite');
    await rm(dir, { recursive: true, force: true });
    await mkdir(dir, { recursive: true });
    await writeFile(path.join(dir, 'PG_VERSION'), '18\n');
    await writeFile(path.join(dir, 'postmaster.pid'), '-42\n');
    const holder = spawn('sh', ['-c', 'exec 3<"$1"; exec sleep 30', 'sh', path.join(dir, 'PG_VERSION')], {
      stdio: 'ignore',
    });
    try {
      await new Promise((r) => setTimeout(r, 300));
      await expect(createBackup({ place: busy, out: path.join(work, 'sibuk.tar.gz'), log })).rejects.toThrow(
        new RegExp(`sedang dipakai oleh proses [\\d, ]*\\b${holder.pid}\\b`),
      );
      expect(existsSync(path.join(work, 'sibuk.tar.gz'))).toBe(false);
    } finally {
      holder.kill();
    }

    const unreachable = `postgres://sidasek:${SECRET}@127.0.0.1:1/tidak_ada`;
    const cli = await runCli('backup.ts', ['--out', path.join(work, 'tidak-ada.tar.gz')], {
      DATABASE_URL: unreachable,
      DATA_DIR: path.join(work, 'x'),
    });
    expect(cli.code).toBe(1);
    expect(cli.out).toMatch(
      /Tidak dapat terhubung ke PostgreSQL postgres:\/\/sidasek:\*\*\*@127\.0\.0\.1:1\/tidak_ada/,
    );
    expect(cli.out).not.toContain(SECRET);
    expect(existsSync(path.join(work, 'tidak-ada.tar.gz'))).toBe(false);
  }, 60_000);
});
