// Backup and restore of a Sidasek installation: the database (PGlite or PostgreSQL) and the file
// store (DATA_DIR/files) in one .tar.gz with a manifest (scripts/backup.ts, scripts/restore.ts,
// README "Cadangan dan pemulihan").
//
// Archive layout:
//   db/postgres.dump   PostgreSQL: pg_dump -Fc, taken in the same snapshot as the manifest's row counts
//   db/pglite.sql      PGlite: a logical dump, psql-compatible: the applied migrations (schema), then
//                      every table as COPY … FROM stdin, sequence values, foreign keys last
//   files/…            DATA_DIR/files as it is on disk, and with FILE_STORE=s3 every object of the
//                      bucket in the same layout (files/ab/<key>); with FILE_STORE=postgres the files
//                      are rows of the database (tables berkas, berkas_bagian) and travel in its dump
//   manifest.json      format version, app version, database kind, latest migration, row counts per
//                      table, size and SHA-256 of every other entry (written last)
//
// Both database formats restore into either kind: a PostgreSQL dump goes through `pg_restore -f -`
// (plain SQL), the PGlite dump is plain SQL already; PostgreSQL runs the SQL with psql in a single
// transaction, PGlite runs it statement block by statement block, COPY data through /dev/blob.
import { createHash, randomBytes } from 'node:crypto';
import { spawn } from 'node:child_process';
import {
  createReadStream,
  createWriteStream,
  existsSync,
  readFileSync,
  readdirSync,
  readlinkSync,
  statSync,
} from 'node:fs';
import { mkdir, mkdtemp, readdir, readFile, rename, rm, rmdir, unlink } from 'node:fs/promises';
import { once } from 'node:events';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { PGlite } from '@electric-sql/pglite';
import { openDatabase } from '../server/db/client.ts';
import { readTarGz, TarFormatError, TarGzWriter, type EntrySink } from './backup-tar.ts';
import type { FileStoreChoice, S3Config } from '../server/config.ts';
import { fileStoreOf } from '../server/lib/file-stores.ts';
import { localFileStore, type FileStore } from '../server/lib/file-store.ts';
import { copyFiles } from '../server/lib/file-copy.ts';

export const BACKUP_FORMAT = 'sidasek-backup';
export const BACKUP_FORMAT_VERSION = 1;
const MANIFEST = 'manifest.json';
const PG_DUMP_ENTRY = 'db/postgres.dump';
const PGLITE_DUMP_ENTRY = 'db/pglite.sql';
/** 2048 pages of 8 kB: at most 16 MB of table per COPY from PGlite. */
const COPY_SLICE_PAGES = 2048;
/** Rows per COPY into PGlite, likewise to bound memory. */
const COPY_LOAD_ROWS = 50_000;
/** …and at most this many bytes of COPY text (rows of berkas_bagian hold 256 KB each). */
const COPY_LOAD_BYTES = 16 * 1024 * 1024;
/** Tables whose rows are large (the PostgreSQL file store's parts): copied out of PGlite page by page. */
const LARGE_ROW_TABLES = new Set(['public.berkas_bagian']);

const root = path.resolve(import.meta.dirname, '..');
const migrationsDir = path.join(root, 'server/db/migrations');

/** A failure the user can act on; the message is meant to be printed as is (Indonesian). */
export class BackupError extends Error {}

export type DbKind = 'pglite' | 'postgres';

/** Where an installation keeps its data: the two settings the server reads (server/config.ts). */
export interface Place {
  dataDir: string;
  databaseUrl?: string | undefined;
  /**
   * Where the server keeps uploaded files (FILE_STORE, decision 0041); default 'local'. With
   * 'postgres' they are in the database dump; with 's3' the backup fetches every object of the
   * bucket and the restore puts them back. DATA_DIR/files is always included.
   */
  fileStore?: FileStoreChoice | undefined;
  s3?: S3Config | undefined;
}

export interface ManifestEntry {
  path: string;
  size: number;
  sha256: string;
}

export interface Manifest {
  format: typeof BACKUP_FORMAT;
  formatVersion: number;
  app: { name: string; version: string };
  createdAt: string;
  database: {
    kind: DbKind;
    /** Archive entry holding the database. */
    dump: string;
    dumpFormat: 'pg_dump-custom' | 'sql';
    serverVersion: string;
    /** Latest migration recorded in drizzle.__drizzle_migrations (tag from the journal). */
    latestMigration: { tag: string | null; createdAt: number; hash: string } | null;
    appliedMigrations: number;
    /** Rows per table ("schema.table"), counted in the same snapshot as the dump. */
    tables: Record<string, number>;
  };
  /** `store`: FILE_STORE of the backed-up installation (absent in archives made before it existed). */
  files: { count: number; bytes: number; store?: FileStoreChoice };
  /** Every entry of the archive except the manifest. */
  entries: ManifestEntry[];
}

export interface TableCount {
  table: string;
  expected: number;
  actual: number;
}

type Log = (message: string) => void;
type Query = (text: string) => Promise<Record<string, unknown>[]>;

const quoteIdent = (name: string) => `"${name.replace(/"/g, '""')}"`;
const qualified = (table: string) => table.split('.').map(quoteIdent).join('.');
const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

// ---------------------------------------------------------------------------------------------
// Secrets and external tools

/** The URL with its password replaced by ***, for messages. */
export function redactUrl(url: string): string {
  try {
    const u = new URL(url);
    if (u.password) u.password = '***';
    return u.toString();
  } catch {
    return '(DATABASE_URL tidak dapat dibaca)';
  }
}

function urlPassword(url: string): string | null {
  try {
    const u = new URL(url);
    return u.password ? decodeURIComponent(u.password) : null;
  } catch {
    return null;
  }
}

/** Removes the password (plain or URL-encoded) from any text: tool output, error messages. */
export function redactText(text: string, url: string | undefined): string {
  if (!url) return text;
  const password = urlPassword(url);
  let out = text.split(url).join(redactUrl(url));
  if (password) out = out.split(password).join('***').split(encodeURIComponent(password)).join('***');
  return out;
}

/** libpq arguments for a URL: the URL without its password, the password in PGPASSWORD. */
function libpqTarget(url: string): { dbArg: string; env: NodeJS.ProcessEnv } {
  const env = { ...process.env };
  let dbArg = url;
  try {
    const u = new URL(url);
    if (u.password) {
      env.PGPASSWORD = decodeURIComponent(u.password);
      u.password = '';
      dbArg = u.toString();
    }
  } catch {
    throw new BackupError(
      'DATABASE_URL tidak dapat dibaca (bentuk yang benar: postgres://user:password@host:5432/nama_db)',
    );
  }
  return { dbArg, env };
}

const TOOL_HINT =
  'Pasang postgresql-client (Debian/Ubuntu: apt-get install postgresql-client) dengan versi sama atau lebih baru dari server PostgreSQL.';

/** The major version of pg_dump/pg_restore/psql, or a clear error when the tool is missing. */
async function toolMajor(tool: 'pg_dump' | 'pg_restore' | 'psql'): Promise<number> {
  const out = await new Promise<string>((resolve, reject) => {
    const child = spawn(tool, ['--version'], { stdio: ['ignore', 'pipe', 'ignore'] });
    let text = '';
    child.stdout.on('data', (d: Buffer) => (text += d.toString()));
    child.on('error', (err: NodeJS.ErrnoException) =>
      reject(err.code === 'ENOENT' ? new BackupError(`Program ${tool} tidak ditemukan. ${TOOL_HINT}`) : err),
    );
    child.on('close', (code) =>
      code === 0 ? resolve(text) : reject(new BackupError(`${tool} --version gagal (kode ${code}). ${TOOL_HINT}`)),
    );
  });
  const m = /(\d+)(?:\.\d+)?/.exec(out);
  return m ? Number(m[1]) : 0;
}

interface Spawned {
  child: ReturnType<typeof spawn>;
  /** Resolves when the process ended with code 0; rejects with its (redacted) error output otherwise. */
  done: Promise<void>;
}

function run(
  tool: string,
  args: string[],
  env: NodeJS.ProcessEnv,
  url: string | undefined,
  stdout: 'pipe' | 'ignore' = 'ignore',
): Spawned {
  const child = spawn(tool, args, { env, stdio: ['pipe', stdout, 'pipe'] });
  let stderr = '';
  child.stderr!.on('data', (d: Buffer) => {
    if (stderr.length < 20_000) stderr += d.toString();
  });
  const done = new Promise<void>((resolve, reject) => {
    child.on('error', (err: NodeJS.ErrnoException) =>
      reject(err.code === 'ENOENT' ? new BackupError(`Program ${tool} tidak ditemukan. ${TOOL_HINT}`) : err),
    );
    child.on('close', (code) =>
      code === 0
        ? resolve()
        : reject(new BackupError(`${tool} gagal (kode ${code}):\n${redactText(stderr.trim(), url)}`)),
    );
  });
  done.catch(() => undefined);
  return { child, done };
}

// ---------------------------------------------------------------------------------------------
// Looking at a database (both kinds)

interface JournalEntry {
  tag: string;
  when: number;
}

function readJournal(): JournalEntry[] {
  const journal = JSON.parse(readFileSync(path.join(migrationsDir, 'meta/_journal.json'), 'utf8')) as {
    entries: JournalEntry[];
  };
  return journal.entries;
}

/** Application schemas and their tables, extension-owned objects left out. */
const USER_NAMESPACE = `n.nspname NOT IN ('pg_catalog', 'information_schema') AND n.nspname NOT LIKE 'pg\\_%'`;
const NOT_EXTENSION = `NOT EXISTS (SELECT 1 FROM pg_depend d WHERE d.classid = 'pg_class'::regclass AND d.objid = c.oid AND d.deptype = 'e')`;

async function listTables(q: Query): Promise<string[]> {
  const rows = await q(
    `SELECT n.nspname AS s, c.relname AS t FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
     WHERE c.relkind IN ('r', 'p') AND ${USER_NAMESPACE} AND ${NOT_EXTENSION} ORDER BY 1, 2`,
  );
  return rows.map((r) => `${String(r.s)}.${String(r.t)}`);
}

async function countRows(q: Query, tables: string[]): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const table of tables) {
    const [row] = await q(`SELECT count(*) AS n FROM ${qualified(table)}`);
    counts[table] = Number(row?.n ?? 0);
  }
  return counts;
}

interface AppliedMigration {
  hash: string;
  createdAt: number;
}

async function appliedMigrations(q: Query): Promise<AppliedMigration[]> {
  const [exists] = await q(`SELECT to_regclass('drizzle.__drizzle_migrations') IS NOT NULL AS ok`);
  if (!exists?.ok) return [];
  const rows = await q(`SELECT hash, created_at FROM drizzle.__drizzle_migrations ORDER BY created_at, id`);
  return rows.map((r) => ({ hash: String(r.hash), createdAt: Number(r.created_at) }));
}

async function describe(q: Query): Promise<Manifest['database'] & { applied: AppliedMigration[] }> {
  const [version] = await q('SHOW server_version');
  const tables = await listTables(q);
  const applied = await appliedMigrations(q);
  const last = applied.at(-1);
  const journal = readJournal();
  return {
    kind: 'pglite',
    dump: '',
    dumpFormat: 'sql',
    serverVersion: String(version?.server_version ?? ''),
    latestMigration: last
      ? { tag: journal.find((e) => e.when === last.createdAt)?.tag ?? null, createdAt: last.createdAt, hash: last.hash }
      : null,
    appliedMigrations: applied.length,
    tables: await countRows(q, tables),
    applied,
  };
}

function pgliteQuery(client: PGlite): Query {
  return async (text) => (await client.query<Record<string, unknown>>(text)).rows;
}

/** The raw PGlite client under the app's drizzle instance (same extensions as the server). */
async function openPglite(dir: string): Promise<{ client: PGlite; close: () => Promise<void> }> {
  const database = await openDatabase({ pgliteDir: dir });
  return { client: (database.db as unknown as { $client: PGlite }).$client, close: () => database.close() };
}

async function connectPostgres(url: string) {
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: url });
  try {
    await client.connect();
  } catch (err) {
    throw new BackupError(
      `Tidak dapat terhubung ke PostgreSQL ${redactUrl(url)}: ${redactText((err as Error).message, url)}`,
    );
  }
  const q: Query = async (text) => (await client.query(text)).rows as Record<string, unknown>[];
  return { client, q };
}

// ---------------------------------------------------------------------------------------------
// PGlite in use?

/**
 * PGlite has no lock of its own: a second process opening the same folder would corrupt it. While
 * it is open, postmaster.pid exists (its pid is always -42) and the process keeps files of the folder
 * open. Answers the pids holding files in `dir` (Linux, from /proc), or null when that cannot be
 * known.
 */
function processesHolding(dir: string): number[] | null {
  if (process.platform !== 'linux') return null;
  const prefix = path.resolve(dir) + path.sep;
  const holders: number[] = [];
  let unknown = false;
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry) || Number(entry) === process.pid) continue;
    let fds: string[];
    try {
      fds = readdirSync(`/proc/${entry}/fd`);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'EACCES') unknown = true;
      continue;
    }
    for (const fd of fds) {
      let target: string;
      try {
        target = readlinkSync(`/proc/${entry}/fd/${fd}`);
      } catch {
        continue;
      }
      if (target.startsWith(prefix)) {
        holders.push(Number(entry));
        break;
      }
    }
  }
  return holders.length || !unknown ? holders : null;
}

function assertPgliteFree(dir: string, log: Log): void {
  if (!existsSync(path.join(dir, 'postmaster.pid'))) return;
  const holders = processesHolding(dir);
  const stop =
    'Hentikan Sidasek dulu (Ctrl+C atau systemctl stop), lalu ulangi. PGlite hanya boleh dibuka satu proses; salinan saat server berjalan tidak konsisten.';
  if (holders === null) {
    throw new BackupError(
      `Basis data PGlite ${dir} tampaknya sedang dipakai (ada postmaster.pid). ${stop} Bila Sidasek sudah berhenti tetapi tidak ditutup dengan bersih, jalankan lalu hentikan sekali lagi.`,
    );
  }
  if (holders.length)
    throw new BackupError(
      `Basis data PGlite ${dir} sedang dipakai oleh proses ${holders.join(', ')} (Sidasek masih berjalan?). ${stop}`,
    );
  log(
    'Catatan: postmaster.pid tertinggal dari Sidasek yang tidak ditutup dengan bersih; tidak ada proses yang memakai basis data, jadi dilanjutkan.',
  );
}

// ---------------------------------------------------------------------------------------------
// Dumps

/** pg_dump -Fc in an exported snapshot, so the manifest's row counts are those of the dump. */
async function dumpPostgres(url: string, file: string, log: Log): Promise<Manifest['database']> {
  const dumpMajor = await toolMajor('pg_dump');
  const { client, q } = await connectPostgres(url);
  try {
    const [v] = await q(`SELECT current_setting('server_version_num')::int / 10000 AS major`);
    const serverMajor = Number(v?.major);
    if (dumpMajor && dumpMajor < serverMajor) {
      throw new BackupError(
        `pg_dump versi ${dumpMajor} lebih lama dari server PostgreSQL ${serverMajor}. ${TOOL_HINT}`,
      );
    }
    await q('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
    const [snap] = await q('SELECT pg_export_snapshot() AS id');
    const info = await describe(q);
    log(`Membuat pg_dump (${Object.keys(info.tables).length} tabel)…`);
    const { dbArg, env } = libpqTarget(url);
    const dump = run('pg_dump', ['-Fc', `--snapshot=${String(snap?.id)}`, '-f', file, '-d', dbArg], env, url);
    dump.child.stdin!.end();
    await dump.done;
    await q('COMMIT');
    const { applied: _applied, ...database } = info;
    return { ...database, kind: 'postgres', dump: PG_DUMP_ENTRY, dumpFormat: 'pg_dump-custom' };
  } finally {
    await client.end().catch(() => undefined);
  }
}

/** The text of the applied migrations, checked against their recorded hashes. */
function appliedMigrationSql(applied: AppliedMigration[]): { tag: string; sql: string }[] {
  const journal = readJournal();
  return applied.map((m) => {
    const entry = journal.find((e) => e.when === m.createdAt);
    const text = entry ? readFileSync(path.join(migrationsDir, `${entry.tag}.sql`), 'utf8') : null;
    if (!entry || !text || sha256(Buffer.from(text)) !== m.hash) {
      throw new BackupError(
        `Migrasi yang tercatat di basis data (created_at ${m.createdAt}) tidak cocok dengan server/db/migrations. ` +
          'Jalankan pencadangan dengan versi Sidasek yang sama dengan yang memakai data ini.',
      );
    }
    return { tag: entry.tag, sql: text };
  });
}

/**
 * A logical dump of PGlite as one psql-compatible SQL script: schema from the applied migrations,
 * data as COPY blocks (user triggers off while loading), sequences, then the foreign keys (dropped
 * before the data so tables load in any order).
 */
async function dumpPglite(client: PGlite, file: string, log: Log): Promise<Manifest['database']> {
  const q = pgliteQuery(client);
  await client.exec('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY; SET LOCAL search_path TO public');
  try {
    const info = await describe(q);
    const migrations = appliedMigrationSql(info.applied);
    const fks = await q(
      `SELECT quote_ident(n.nspname) || '.' || quote_ident(c.relname) AS tbl, quote_ident(con.conname) AS name, pg_get_constraintdef(con.oid) AS def
       FROM pg_constraint con JOIN pg_class c ON c.oid = con.conrelid JOIN pg_namespace n ON n.oid = c.relnamespace
       WHERE con.contype = 'f' AND ${USER_NAMESPACE} ORDER BY 1, 2`,
    );
    const sequences = await q(
      `SELECT quote_ident(n.nspname) || '.' || quote_ident(c.relname) AS seq FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
       WHERE c.relkind = 'S' AND ${USER_NAMESPACE} AND ${NOT_EXTENSION} ORDER BY 1`,
    );
    log(`Membuat dump logis PGlite (${Object.keys(info.tables).length} tabel)…`);

    const out = createWriteStream(file, { flags: 'wx' });
    const write = async (text: string) => {
      if (!out.write(text)) await once(out, 'drain');
    };
    await write(
      [
        `-- Sidasek: dump logis PGlite (${BACKUP_FORMAT} ${BACKUP_FORMAT_VERSION}), PostgreSQL ${info.serverVersion}.`,
        '-- Dapat dijalankan dengan psql pada basis data kosong: psql -v ON_ERROR_STOP=1 -1 -f pglite.sql',
        "SET client_encoding = 'UTF8';",
        'SET standard_conforming_strings = on;',
        'SET check_function_bodies = false;',
        'SET client_min_messages = warning;',
        'SET statement_timeout = 0;',
        'SET lock_timeout = 0;',
        'SET search_path TO public;',
        'CREATE SCHEMA IF NOT EXISTS "drizzle";',
        'CREATE TABLE IF NOT EXISTS "drizzle"."__drizzle_migrations" (id SERIAL PRIMARY KEY, hash text NOT NULL, created_at bigint);',
        '',
      ].join('\n'),
    );
    for (const m of migrations) await write(`\n-- migrasi ${m.tag}\n${m.sql}\n;\n`);
    await write('\n-- data\n');
    for (const fk of fks) await write(`ALTER TABLE ${String(fk.tbl)} DROP CONSTRAINT ${String(fk.name)};\n`);
    for (const [table, rows] of Object.entries(info.tables)) {
      if (rows === 0) continue;
      const [schema, name] = table.split('.') as [string, string];
      const cols = await q(
        `SELECT quote_ident(a.attname) AS col FROM pg_attribute a
         WHERE a.attrelid = '${qualified(table).replace(/'/g, "''")}'::regclass AND a.attnum > 0 AND NOT a.attisdropped AND a.attgenerated = ''
         ORDER BY a.attnum`,
      );
      const columns = cols.map((c) => String(c.col)).join(', ');
      const target = `${quoteIdent(schema)}.${quoteIdent(name)} (${columns})`;
      await write(`ALTER TABLE ${qualified(table)} DISABLE TRIGGER USER;\nCOPY ${target} FROM stdin;\n`);
      // PGlite hands COPY output over as one in-memory blob: large tables go in slices of pages
      // (TID range scans), so memory stays bounded whatever the size of the table.
      const [size] = await q(
        `SELECT pg_relation_size('${qualified(table).replace(/'/g, "''")}'::regclass) / current_setting('block_size')::int AS pages`,
      );
      const pages = Number(size?.pages ?? 0);
      const slice = LARGE_ROW_TABLES.has(table) ? 1 : COPY_SLICE_PAGES;
      for (let start = 0; start === 0 || start < pages; start += slice) {
        const res = await client.query(
          `COPY (SELECT ${columns} FROM ${qualified(table)} WHERE ctid >= '(${start},0)'::tid AND ctid < '(${start + slice},0)'::tid) TO '/dev/blob'`,
        );
        const data = res.blob ? Buffer.from(await res.blob.arrayBuffer()) : Buffer.alloc(0);
        if (!out.write(data)) await once(out, 'drain');
      }
      await write(`\\.\nALTER TABLE ${qualified(table)} ENABLE TRIGGER USER;\n`);
    }
    for (const s of sequences) {
      const seq = String(s.seq);
      const [v] = await q(`SELECT last_value, is_called FROM ${seq}`);
      await write(
        `SELECT pg_catalog.setval('${seq.replace(/'/g, "''")}', ${String(v?.last_value)}, ${v?.is_called ? 'true' : 'false'});\n`,
      );
    }
    for (const fk of fks)
      await write(`ALTER TABLE ${String(fk.tbl)} ADD CONSTRAINT ${String(fk.name)} ${String(fk.def)};\n`);
    out.end();
    await once(out, 'finish');
    const { applied: _applied, ...database } = info;
    return { ...database, kind: 'pglite', dump: PGLITE_DUMP_ENTRY, dumpFormat: 'sql' };
  } finally {
    await client.exec('ROLLBACK');
  }
}

// ---------------------------------------------------------------------------------------------
// Backup

async function hashFile(file: string): Promise<{ size: number; sha256: string }> {
  const hash = createHash('sha256');
  let size = 0;
  for await (const chunk of createReadStream(file) as AsyncIterable<Buffer>) {
    hash.update(chunk);
    size += chunk.length;
  }
  return { size, sha256: hash.digest('hex') };
}

/** Regular files under `dir`, as sorted relative POSIX paths; temporary upload files left out. */
async function listFiles(dir: string): Promise<string[]> {
  const out: string[] = [];
  async function walk(rel: string) {
    let entries;
    try {
      entries = await readdir(path.join(dir, rel), { withFileTypes: true });
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return;
      throw err;
    }
    for (const e of entries) {
      const child = rel ? `${rel}/${e.name}` : e.name;
      if (e.isDirectory()) await walk(child);
      else if (e.isFile() && !e.name.endsWith('.tmp')) out.push(child);
    }
  }
  await walk('');
  return out.sort();
}

function stamp(d: Date): string {
  const p = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}${p(d.getMonth() + 1)}${p(d.getDate())}-${p(d.getHours())}${p(d.getMinutes())}${p(d.getSeconds())}`;
}

function appVersion(): string {
  try {
    return String(
      (JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as { version?: string }).version ?? '',
    );
  } catch {
    return '';
  }
}

export interface BackupOptions {
  place: Place;
  /** Archive file or folder; default ./backups/sidasek-backup-YYYYMMDD-HHMMSS.tar.gz */
  out?: string | undefined;
  now?: Date;
  log?: Log;
}

export async function createBackup(opts: BackupOptions): Promise<{ file: string; manifest: Manifest }> {
  const log = opts.log ?? (() => undefined);
  const now = opts.now ?? new Date();
  const defaultName = `sidasek-backup-${stamp(now)}.tar.gz`;
  // --out may name a folder (existing, or written with a trailing slash): the default name goes in it.
  const outIsDir =
    opts.out !== undefined && (/[/\\]$/.test(opts.out) || (existsSync(opts.out) && statSync(opts.out).isDirectory()));
  const file = path.resolve(
    opts.out === undefined ? path.join('backups', defaultName) : outIsDir ? path.join(opts.out, defaultName) : opts.out,
  );
  if (existsSync(file)) throw new BackupError(`Berkas ${file} sudah ada; pilih nama lain dengan --out.`);
  const url = opts.place.databaseUrl;
  const work = await mkdtemp(path.join(tmpdir(), 'sidasek-backup-'));
  const partial = `${file}.${process.pid}.part`;
  let writer: TarGzWriter | null = null;
  try {
    // 1. The database, first: files added after it are harmless extras, never missing references.
    const dumpFile = path.join(work, 'db');
    let database: Manifest['database'];
    if (url) {
      log(`Basis data: PostgreSQL ${redactUrl(url)}`);
      database = await dumpPostgres(url, dumpFile, log);
    } else {
      const dir = path.join(opts.place.dataDir, 'pglite');
      log(`Basis data: PGlite ${dir}`);
      if (!existsSync(path.join(dir, 'PG_VERSION')))
        throw new BackupError(`Tidak ada basis data PGlite di ${dir} (periksa DATA_DIR).`);
      assertPgliteFree(dir, log);
      const pglite = await openPglite(dir);
      try {
        database = await dumpPglite(pglite.client, dumpFile, log);
      } finally {
        await pglite.close();
      }
    }

    // 2. The archive: database, files, manifest.
    await mkdir(path.dirname(file), { recursive: true });
    writer = new TarGzWriter(partial);
    const entries: ManifestEntry[] = [];
    const dumpInfo = await hashFile(dumpFile);
    await writer.addStream(database.dump, dumpInfo.size, createReadStream(dumpFile), now);
    entries.push({ path: database.dump, ...dumpInfo });

    const filesDir = path.join(opts.place.dataDir, 'files');
    const names = await listFiles(filesDir);
    log(`Menyalin ${names.length} berkas dari ${filesDir}…`);
    let bytes = 0;
    for (const name of names) {
      let content: Buffer;
      try {
        content = await readFile(path.join(filesDir, name));
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === 'ENOENT') continue; // deleted meanwhile
        throw err;
      }
      await writer.addBuffer(`files/${name}`, content, now);
      entries.push({ path: `files/${name}`, size: content.length, sha256: sha256(content) });
      bytes += content.length;
    }

    // 3. With S3 the files are nowhere else: every object of the bucket, streamed into the archive.
    const store = opts.place.fileStore ?? 'local';
    if (store === 's3') {
      const bucket = await fileStoreOf('s3', { dataDir: opts.place.dataDir, s3: opts.place.s3 });
      const have = new Set(entries.map((e) => e.path));
      let count = 0;
      for await (const key of bucket.keys()) {
        const name = `files/${key.slice(0, 2)}/${key}`;
        if (have.has(name)) continue;
        const content = await bucket.open(key);
        if (!content) continue; // deleted meanwhile
        const hash = createHash('sha256');
        async function* hashed() {
          for await (const part of content!.body) {
            hash.update(part);
            yield part;
          }
        }
        await writer.addStream(name, content.size, Readable.from(hashed(), { objectMode: false }), now);
        const digest = hash.digest('hex');
        if (content.sha256 && content.sha256 !== digest)
          throw new BackupError(
            `Berkas ${key} di S3 tidak cocok dengan SHA-256 yang tercatat padanya; pencadangan dihentikan.`,
          );
        entries.push({ path: name, size: content.size, sha256: digest });
        bytes += content.size;
        if (++count % 500 === 0) log(`  ${count} berkas dari S3…`);
      }
      log(`${count} berkas dari bucket S3 ${opts.place.s3?.bucket ?? ''}.`);
    } else if (store === 'postgres') {
      log('Berkas di basis data (tabel berkas, berkas_bagian) ikut dalam dump.');
    }

    const manifest: Manifest = {
      format: BACKUP_FORMAT,
      formatVersion: BACKUP_FORMAT_VERSION,
      app: { name: 'sidasek', version: appVersion() },
      createdAt: now.toISOString(),
      database,
      files: { count: entries.length - 1, bytes, store },
      entries,
    };
    await writer.addBuffer(MANIFEST, Buffer.from(JSON.stringify(manifest, null, 2) + '\n'), now);
    await writer.finish();
    writer = null;
    await rename(partial, file);
    return { file, manifest };
  } catch (err) {
    if (writer) await writer.abort();
    await unlink(partial).catch(() => undefined);
    throw err;
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}

// ---------------------------------------------------------------------------------------------
// Reading an archive

const SAFE_FILE = /^files\/(?:[A-Za-z0-9._-]+\/)*[A-Za-z0-9._-]+$/;

function checkEntryName(name: string): void {
  const ok =
    name === MANIFEST ||
    name === PG_DUMP_ENTRY ||
    name === PGLITE_DUMP_ENTRY ||
    (SAFE_FILE.test(name) && !name.split('/').some((p) => p === '.' || p === '..'));
  if (!ok) throw new BackupError(`Arsip berisi entri yang tidak dikenal: ${JSON.stringify(name)}`);
}

function hashingSink(onEnd: (size: number, sha: string) => void, inner?: EntrySink): EntrySink {
  const hash = createHash('sha256');
  let size = 0;
  return {
    async write(chunk) {
      hash.update(chunk);
      size += chunk.length;
      if (inner) await inner.write(chunk);
    },
    async end() {
      if (inner) await inner.end();
      onEnd(size, hash.digest('hex'));
    },
  };
}

function parseManifest(bytes: Buffer): Manifest {
  let m: Manifest;
  try {
    m = JSON.parse(bytes.toString('utf8')) as Manifest;
  } catch {
    throw new BackupError('manifest.json di arsip rusak (bukan JSON).');
  }
  if (m?.format !== BACKUP_FORMAT)
    throw new BackupError('Berkas ini bukan cadangan Sidasek (manifest.json tidak dikenal).');
  if (m.formatVersion !== BACKUP_FORMAT_VERSION) {
    throw new BackupError(
      `Format cadangan versi ${m.formatVersion} tidak didukung versi Sidasek ini (mendukung versi ${BACKUP_FORMAT_VERSION}).`,
    );
  }
  if (!Array.isArray(m.entries) || !m.database || (m.database.kind !== 'pglite' && m.database.kind !== 'postgres')) {
    throw new BackupError('manifest.json di arsip tidak lengkap.');
  }
  return m;
}

/**
 * Reads the whole archive and checks it against its manifest: every entry present once, sizes and
 * SHA-256 equal, nothing extra. Writes nothing.
 */
export async function verifyArchive(archive: string): Promise<Manifest> {
  const seen = new Map<string, { size: number; sha256: string }>();
  let manifestBytes: Buffer | null = null;
  try {
    await readTarGz(archive, (entry) => {
      checkEntryName(entry.name);
      if (seen.has(entry.name) || (entry.name === MANIFEST && manifestBytes))
        throw new BackupError(`Entri ganda di arsip: ${entry.name}`);
      if (entry.name === MANIFEST) {
        const chunks: Buffer[] = [];
        return {
          write: (c) => void chunks.push(Buffer.from(c)),
          end: () => void (manifestBytes = Buffer.concat(chunks)),
        };
      }
      return hashingSink((size, sha) => seen.set(entry.name, { size, sha256: sha }));
    });
  } catch (err) {
    if (err instanceof BackupError) throw err;
    const reason = err instanceof TarFormatError ? err.message : (err as Error).message;
    throw new BackupError(`Arsip ${archive} rusak atau tidak lengkap (${reason}).`);
  }
  if (!manifestBytes) throw new BackupError('Arsip tidak berisi manifest.json; bukan cadangan Sidasek atau terpotong.');
  const manifest = parseManifest(manifestBytes);
  const problems: string[] = [];
  for (const e of manifest.entries) {
    const got = seen.get(e.path);
    if (!got) problems.push(`hilang: ${e.path}`);
    else if (got.size !== e.size || got.sha256 !== e.sha256) problems.push(`isi berbeda (SHA-256): ${e.path}`);
    seen.delete(e.path);
  }
  for (const extra of seen.keys()) problems.push(`tidak ada di manifest: ${extra}`);
  if (!manifest.entries.some((e) => e.path === manifest.database.dump))
    problems.push(`dump basis data tidak ada di manifest: ${manifest.database.dump}`);
  if (problems.length) {
    const shown = problems.slice(0, 10).join('\n  ');
    const more = problems.length > 10 ? `\n  … dan ${problems.length - 10} lagi` : '';
    throw new BackupError(`Arsip tidak cocok dengan manifest-nya:\n  ${shown}${more}`);
  }
  return manifest;
}

/** Refuses a backup whose schema is newer than this version of Sidasek knows. */
function checkMigrations(manifest: Manifest): void {
  const latest = manifest.database.latestMigration;
  if (!latest) return;
  const journal = readJournal();
  const entry = journal.find((e) => e.when === latest.createdAt);
  if (!entry) {
    const newest = journal.at(-1)?.when ?? 0;
    if (latest.createdAt > newest) {
      throw new BackupError(
        `Cadangan dibuat oleh versi Sidasek yang lebih baru (migrasi ${latest.tag ?? latest.createdAt}); perbarui Sidasek dulu, lalu pulihkan.`,
      );
    }
    throw new BackupError(
      `Migrasi terakhir cadangan (${latest.tag ?? latest.createdAt}) tidak dikenal versi Sidasek ini.`,
    );
  }
}

// ---------------------------------------------------------------------------------------------
// Running a SQL script (plain pg_dump output or our PGlite dump)

/** Lines of pg_restore's plain SQL for a custom-format dump. */
function pgRestoreSql(dumpFile: string): { lines: Readable; done: Promise<void> } {
  const proc = run(
    'pg_restore',
    ['-f', '-', '--no-owner', '--no-privileges', dumpFile],
    process.env,
    undefined,
    'pipe',
  );
  proc.child.stdin!.end();
  return { lines: proc.child.stdout!, done: proc.done };
}

/**
 * Runs a psql-style script on PGlite: statements between COPY blocks go through exec, COPY data
 * through /dev/blob. The only psql meta-commands accepted are pg_dump's \restrict/\unrestrict.
 */
async function runScriptOnPglite(client: PGlite, input: Readable): Promise<void> {
  const rl = createInterface({ input, crlfDelay: Infinity });
  let pending: string[] = [];
  let copy: { statement: string; rows: string[]; bytes: number } | null = null;
  const flush = async () => {
    const text = pending.join('\n');
    pending = [];
    if (text.trim()) await client.exec(text);
  };
  const load = async (c: { statement: string; rows: string[]; bytes: number }) => {
    if (c.rows.length)
      await client.query(`${c.statement} FROM '/dev/blob'`, [], { blob: new Blob([c.rows.join('\n') + '\n']) });
    c.rows = [];
    c.bytes = 0;
  };
  for await (const line of rl) {
    if (copy) {
      if (line === '\\.') {
        await load(copy);
        copy = null;
      } else {
        copy.rows.push(line);
        copy.bytes += line.length;
        if (copy.rows.length >= COPY_LOAD_ROWS || copy.bytes >= COPY_LOAD_BYTES) await load(copy);
      }
      continue;
    }
    const m = /^(COPY .+) FROM stdin;$/.exec(line);
    if (m) {
      await flush();
      copy = { statement: m[1]!, rows: [], bytes: 0 };
    } else if (/^\\(un)?restrict\b/.test(line)) {
      continue;
    } else if (line.startsWith('\\')) {
      throw new BackupError(`Perintah psql tidak didukung dalam dump: ${line.slice(0, 40)}`);
    } else {
      pending.push(line);
    }
  }
  if (copy) throw new BackupError('Dump basis data terpotong (blok COPY tanpa akhir).');
  await flush();
}

/** Checks, inside the restoring transaction, that every table has the manifest's row count. */
function countAssertions(tables: Record<string, number>): string {
  const checks = Object.entries(tables).map(([table, n]) => {
    const literal = table.replace(/'/g, "''");
    return `  SELECT count(*) INTO n FROM ${qualified(table)};\n  IF n <> ${n} THEN RAISE EXCEPTION 'jumlah baris ${literal}: %, manifest: ${n}', n; END IF;`;
  });
  return `\nDO $sidasek$\nDECLARE n bigint;\nBEGIN\n${checks.join('\n')}\nEND\n$sidasek$;\n`;
}

/** Empties a PostgreSQL database: every application schema dropped, public created again. */
const WIPE_POSTGRES = `
DO $sidasek$
DECLARE s text;
BEGIN
  FOR s IN SELECT nspname FROM pg_namespace n WHERE nspname <> 'public' AND ${USER_NAMESPACE} LOOP
    EXECUTE format('DROP SCHEMA %I CASCADE', s);
  END LOOP;
END
$sidasek$;
DROP SCHEMA IF EXISTS public CASCADE;
CREATE SCHEMA public;
GRANT USAGE ON SCHEMA public TO PUBLIC;
`;

async function restoreIntoPostgres(url: string, manifest: Manifest, dumpFile: string, wipe: boolean): Promise<void> {
  const { dbArg, env } = libpqTarget(url);
  const psql = run(
    'psql',
    ['-X', '-q', '-v', 'ON_ERROR_STOP=1', '--single-transaction', '-f', '-', '-d', dbArg],
    { ...env, PGOPTIONS: '--client-min-messages=warning' },
    url,
  );
  const body =
    manifest.database.dumpFormat === 'pg_dump-custom'
      ? pgRestoreSql(dumpFile)
      : { lines: createReadStream(dumpFile), done: Promise.resolve() };
  async function* script() {
    if (wipe) yield WIPE_POSTGRES;
    yield* body.lines as AsyncIterable<Buffer>;
    yield countAssertions(manifest.database.tables);
  }
  const [fed, restored, produced] = await Promise.allSettled([
    pipeline(Readable.from(script()), psql.child.stdin!),
    psql.done,
    body.done,
  ]);
  // psql's own message says most; a broken pipe on its input is only the consequence.
  for (const r of [restored, produced, fed]) if (r.status === 'rejected') throw r.reason;
}

async function restoreIntoPglite(dir: string, manifest: Manifest, dumpFile: string): Promise<Record<string, number>> {
  const pglite = await openPglite(dir);
  try {
    if (manifest.database.dumpFormat === 'pg_dump-custom') {
      const sql = pgRestoreSql(dumpFile);
      await Promise.all([runScriptOnPglite(pglite.client, sql.lines), sql.done]);
    } else {
      await runScriptOnPglite(pglite.client, createReadStream(dumpFile));
    }
    const q = pgliteQuery(pglite.client);
    return await countRows(q, await listTables(q));
  } finally {
    await pglite.close();
  }
}

// ---------------------------------------------------------------------------------------------
// Restore

async function isNonEmptyDir(dir: string): Promise<boolean> {
  try {
    return (await readdir(dir)).length > 0;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return false;
    if ((err as NodeJS.ErrnoException).code === 'ENOTDIR') return true;
    throw err;
  }
}

async function postgresIsEmpty(url: string, log: Log): Promise<boolean> {
  const { client, q } = await connectPostgres(url);
  try {
    const [others] = await q(
      `SELECT count(*) AS n FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()`,
    );
    if (Number(others?.n) > 0)
      log(
        `Peringatan: ada ${String(others?.n)} koneksi lain ke basis data ini (Sidasek masih berjalan?). Hentikan Sidasek selama pemulihan.`,
      );
    const [row] = await q(
      `SELECT (SELECT count(*) FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace WHERE ${USER_NAMESPACE} AND ${NOT_EXTENSION})
            + (SELECT count(*) FROM pg_namespace n WHERE n.nspname <> 'public' AND ${USER_NAMESPACE}) AS n`,
    );
    return Number(row?.n) === 0;
  } finally {
    await client.end().catch(() => undefined);
  }
}

async function postgresCounts(url: string): Promise<Record<string, number>> {
  const { client, q } = await connectPostgres(url);
  try {
    return await countRows(q, await listTables(q));
  } finally {
    await client.end().catch(() => undefined);
  }
}

export interface RestoreOptions {
  place: Place;
  archive: string;
  /** Replace a non-empty target (PGlite and files are moved aside, a PostgreSQL database emptied). */
  force?: boolean;
  now?: Date;
  log?: Log;
}

export interface RestoreResult {
  manifest: Manifest;
  counts: TableCount[];
  /** Where the previous PGlite folder and files went (with force), if there were any. */
  movedAside: string | null;
}

export async function restoreBackup(opts: RestoreOptions): Promise<RestoreResult> {
  const log = opts.log ?? (() => undefined);
  const archive = path.resolve(opts.archive);
  const url = opts.place.databaseUrl;
  const dataDir = path.resolve(opts.place.dataDir);
  if (!existsSync(archive)) throw new BackupError(`Berkas cadangan ${archive} tidak ditemukan.`);

  // 1. The target (looked at, not changed): empty, or --force.
  const pgliteDir = path.join(dataDir, 'pglite');
  const filesDir = path.join(dataDir, 'files');
  const busy: string[] = [];
  if (url) {
    log(`Tujuan: PostgreSQL ${redactUrl(url)}, berkas di ${filesDir}`);
    if (!(await postgresIsEmpty(url, log))) busy.push(`basis data PostgreSQL ${redactUrl(url)} berisi tabel`);
  } else {
    log(`Tujuan: PGlite ${pgliteDir}, berkas di ${filesDir}`);
    assertPgliteFree(pgliteDir, log);
    if (await isNonEmptyDir(pgliteDir)) busy.push(`${pgliteDir} tidak kosong`);
  }
  const targetStore = opts.place.fileStore ?? 'local';
  if (targetStore === 'local' && (await isNonEmptyDir(filesDir))) busy.push(`${filesDir} tidak kosong`);
  if (targetStore === 's3') {
    log(`Berkas dipulihkan ke bucket S3 ${opts.place.s3?.bucket ?? ''}`);
    const bucket = await fileStoreOf('s3', { dataDir, s3: opts.place.s3 });
    for await (const _key of bucket.keys()) {
      busy.push(`bucket S3 ${opts.place.s3?.bucket ?? ''} berisi berkas`);
      break;
    }
  }
  if (busy.length && !opts.force) {
    throw new BackupError(
      `Tujuan pemulihan tidak kosong (${busy.join('; ')}). Tidak ada yang diubah. ` +
        'Pakai --force untuk menimpa: folder PGlite dan berkas lama dipindahkan ke DATA_DIR/sebelum-pulih-…, basis data PostgreSQL dikosongkan.',
    );
  }

  // 2. The archive, checked whole before anything is touched.
  log(`Memeriksa ${archive}…`);
  const manifest = await verifyArchive(archive);
  const m = manifest.database;
  log(
    `Cadangan ${manifest.createdAt} (Sidasek ${manifest.app.version}): ${m.kind === 'postgres' ? 'PostgreSQL' : 'PGlite'}, ` +
      `${Object.keys(m.tables).length} tabel, ${manifest.files.count} berkas; migrasi terakhir ${m.latestMigration?.tag ?? '-'}. Semua SHA-256 cocok.`,
  );
  checkMigrations(manifest);
  const fromPg = m.dumpFormat === 'pg_dump-custom';
  if (fromPg) await toolMajor('pg_restore');
  if (url) await toolMajor('psql');

  // 3. Unpack into a staging folder inside DATA_DIR (same disk, so the final step is a rename).
  const dataDirExisted = existsSync(dataDir);
  const stage = path.join(dataDir, `.pulih-${stamp(opts.now ?? new Date())}-${randomBytes(3).toString('hex')}`);
  await mkdir(stage, { recursive: true });
  let committed = false;
  try {
    const expected = new Map(manifest.entries.map((e) => [e.path, e]));
    const mismatched: string[] = [];
    await readTarGz(archive, async (entry) => {
      checkEntryName(entry.name);
      if (entry.name === MANIFEST) return { write: () => undefined, end: () => undefined };
      const target = path.join(stage, entry.name);
      await mkdir(path.dirname(target), { recursive: true });
      const out = createWriteStream(target, { flags: 'wx' });
      const sink: EntrySink = {
        async write(chunk) {
          if (!out.write(chunk)) await once(out, 'drain');
        },
        async end() {
          out.end();
          await once(out, 'finish');
        },
      };
      return hashingSink((size, sha) => {
        const e = expected.get(entry.name);
        if (!e || e.size !== size || e.sha256 !== sha) mismatched.push(entry.name);
      }, sink);
    });
    if (mismatched.length)
      throw new BackupError(
        `Arsip berubah selama pemulihan (${mismatched.slice(0, 3).join(', ')}). Tidak ada yang diubah.`,
      );
    const dumpFile = path.join(stage, m.dump);

    // 4. The database.
    let counts: Record<string, number>;
    if (url) {
      log('Memulihkan basis data PostgreSQL (satu transaksi)…');
      await restoreIntoPostgres(url, manifest, dumpFile, busy.length > 0);
      committed = true;
      counts = await postgresCounts(url);
    } else {
      log('Memulihkan basis data PGlite…');
      counts = await restoreIntoPglite(path.join(stage, 'pglite'), manifest, dumpFile);
      const wrong = Object.entries(m.tables).filter(([t, n]) => counts[t] !== n);
      if (wrong.length) {
        throw new BackupError(
          `Jumlah baris hasil pemulihan berbeda dari manifest: ${wrong.map(([t, n]) => `${t} ${counts[t] ?? '-'}/${n}`).join(', ')}. Tidak ada yang diubah.`,
        );
      }
    }

    // 5. Into place: the previous data moved aside, the restored folders renamed in.
    let movedAside: string | null = null;
    const aside = () => {
      movedAside ??= path.join(dataDir, `sebelum-pulih-${stamp(opts.now ?? new Date())}`);
      return movedAside;
    };
    /** What was restored: each table's rows, restored against the manifest's (-1 where one side lacks the table). */
    const result = (): RestoreResult => {
      const tables = [...new Set([...Object.keys(m.tables), ...Object.keys(counts)])].sort();
      return {
        manifest,
        counts: tables.map((table) => ({ table, expected: m.tables[table] ?? -1, actual: counts[table] ?? -1 })),
        movedAside,
      };
    };
    const stagedFiles = path.join(stage, 'files');
    if (!existsSync(stagedFiles)) await mkdir(stagedFiles);
    if (!url) {
      if (await isNonEmptyDir(pgliteDir)) {
        await mkdir(aside(), { recursive: true });
        await rename(pgliteDir, path.join(aside(), 'pglite'));
      } else if (existsSync(pgliteDir)) {
        await rmdir(pgliteDir);
      }
      await rename(path.join(stage, 'pglite'), pgliteDir);
      committed = true;
    }
    if (targetStore !== 'local') {
      // The files go into the store the server reads (FILE_STORE), after the database is in place.
      await restoreIntoStore(targetStore, opts.place, stagedFiles, pgliteDir, log);
      await rm(stage, { recursive: true, force: true });
      return result();
    }
    if (await isNonEmptyDir(filesDir)) {
      await mkdir(aside(), { recursive: true });
      await rename(filesDir, path.join(aside(), 'files'));
    } else if (existsSync(filesDir)) {
      await rm(filesDir, { recursive: true });
    }
    await rename(stagedFiles, filesDir);
    await rm(stage, { recursive: true, force: true });
    return result();
  } catch (err) {
    await rm(stage, { recursive: true, force: true }).catch(() => undefined);
    if (!committed && !dataDirExisted) await rm(dataDir, { recursive: true, force: true }).catch(() => undefined);
    if (committed && err instanceof Error && !(err instanceof BackupError)) {
      throw new BackupError(`Basis data sudah dipulihkan, tetapi memindahkan berkas gagal: ${err.message}`);
    }
    throw err;
  }
}

/**
 * Puts the archive's files (unpacked in `stagedFiles`, DATA_DIR/files layout) into the PostgreSQL
 * or S3 store under their keys, each copy read back and its SHA-256 compared; files the store
 * already holds unchanged (the PostgreSQL store's own rows came with the dump) are left alone.
 */
async function restoreIntoStore(
  kind: FileStoreChoice,
  place: Place,
  stagedFiles: string,
  pgliteDir: string,
  log: Log,
): Promise<void> {
  const database =
    kind === 'postgres' ? await openDatabase({ databaseUrl: place.databaseUrl, pgliteDir, poolSize: 1 }) : null;
  try {
    const target: FileStore = await fileStoreOf(kind, { dataDir: place.dataDir, db: database?.writeDb, s3: place.s3 });
    const result = await copyFiles(localFileStore(stagedFiles), target, (done, total) => {
      if (done === total || done % 500 === 0)
        log(`  ${done}/${total} berkas ke ${kind === 's3' ? 'S3' : 'basis data'}`);
    });
    if (result.failed.length) {
      throw new BackupError(
        `Basis data sudah dipulihkan, tetapi ${result.failed.length} berkas gagal disimpan ke ${kind}: ${result.failed
          .slice(0, 3)
          .map((f) => `${f.key} (${f.reason})`)
          .join('; ')}`,
      );
    }
  } finally {
    await database?.close();
  }
}

/** A table of row counts for the terminal. */
export function formatCounts(counts: TableCount[]): string {
  const width = Math.max(5, ...counts.map((c) => c.table.length));
  const lines = [`${'tabel'.padEnd(width)}  ${'manifest'.padStart(9)}  ${'hasil'.padStart(9)}`];
  for (const c of counts) {
    const mark = c.expected === c.actual ? '' : '  ← BERBEDA';
    lines.push(
      `${c.table.padEnd(width)}  ${String(c.expected < 0 ? '-' : c.expected).padStart(9)}  ${String(c.actual < 0 ? '-' : c.actual).padStart(9)}${mark}`,
    );
  }
  return lines.join('\n');
}
