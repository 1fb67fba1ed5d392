// npm run files:migrate (scripts/files-migrate.ts): files move local → postgres → s3 with the same
// keys, every copy read back and its SHA-256 compared; a repeated run copies nothing; a target
// file whose content differs is copied again. PostgreSQL store on PGlite, or on PostgreSQL with
// TEST_DB=postgres; S3 against an S3-protocol server started here.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawn } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { openDatabase } from '../server/db/client.ts';
import { localFileStore, type FileStore } from '../server/lib/file-store.ts';
import { postgresFileStore } from '../server/lib/file-store-postgres.ts';
import { s3FileStore } from '../server/lib/file-store-s3.ts';
import { startTestS3, type TestS3 } from '../server/test/s3-server.ts';
import { adminQuery } from '../server/test/test-db.ts';

const root = path.resolve(import.meta.dirname, '..');
const sha = (b: Uint8Array) => createHash('sha256').update(b).digest('hex');
const ON_POSTGRES = process.env.TEST_DB === 'postgres';
const dbName = `${process.env.TEST_DB_PREFIX || 'sidasek_test'}_filesmig_${process.pid}_${randomBytes(2).toString('hex')}`;

let work: string;
let s3: TestS3;
let env: Record<string, string>;
const originals = new Map<string, Buffer>();

function cli(args: string[]): Promise<{ code: number | null; out: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'scripts/files-migrate.ts'), ...args], {
      cwd: root,
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.stderr.on('data', (d: Buffer) => (out += d.toString()));
    child.on('close', (code) => resolve({ code, out }));
  });
}

/** Key → SHA-256 of every file a store holds, read through. */
async function contentsOf(store: FileStore): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for await (const key of store.keys()) out[key] = sha((await store.get(key))!);
  return out;
}

async function withPostgresStore<T>(fn: (store: FileStore) => Promise<T>): Promise<T> {
  const database = await openDatabase({
    databaseUrl: env.DATABASE_URL || undefined,
    pgliteDir: path.join(work, 'pglite'),
    poolSize: 1,
  });
  try {
    return await fn(postgresFileStore(database.writeDb));
  } finally {
    await database.close();
  }
}

beforeAll(async () => {
  work = await mkdtemp(path.join(tmpdir(), 'sidasek-files-migrate-'));
  s3 = await startTestS3();
  let databaseUrl = '';
  if (ON_POSTGRES) {
    await adminQuery(`CREATE DATABASE "${dbName}"`);
    databaseUrl = `postgres://${encodeURIComponent(process.env.PGUSER || 'postgres')}@${process.env.PGHOST || '127.0.0.1'}:${process.env.PGPORT || '5432'}/${dbName}`;
  }
  env = {
    DATA_DIR: work,
    DATABASE_URL: databaseUrl,
    FILE_STORE: '',
    S3_ENDPOINT: s3.config.endpoint!,
    S3_BUCKET: s3.config.bucket,
    S3_REGION: s3.config.region,
    S3_ACCESS_KEY_ID: s3.config.accessKeyId!,
    S3_SECRET_ACCESS_KEY: s3.config.secretAccessKey!,
    S3_FORCE_PATH_STYLE: 'true',
  };
  const local = localFileStore(path.join(work, 'files'));
  for (const [bytes, ext] of [
    [randomBytes(700 * 1024), 'pdf'],
    [randomBytes(20_000), 'jpg'],
    [randomBytes(3000), 'p12'],
    [Buffer.alloc(0), 'png'],
  ] as const) {
    originals.set(await local.put(bytes, ext), bytes);
  }
}, 60_000);
afterAll(async () => {
  await s3?.close();
  if (ON_POSTGRES) await adminQuery(`DROP DATABASE IF EXISTS "${dbName}" WITH (FORCE)`).catch(() => undefined);
  await rm(work, { recursive: true, force: true });
});

describe('npm run files:migrate', () => {
  const expected = () => Object.fromEntries([...originals].map(([k, b]) => [k, sha(b)]));

  it('local → postgres: every file copied and verified, with progress; a second run copies nothing', async () => {
    const run = await cli(['--from', 'local', '--to', 'postgres']);
    expect(run.out).toContain('Menyalin berkas dari local ke postgres');
    expect(run.out).toMatch(/4\/4 berkas \(disalin 4, sudah ada 0, gagal 0\)/);
    expect(run.out).toContain('SHA-256 semua salinan cocok');
    expect(run.code, run.out).toBe(0);
    await withPostgresStore(async (store) => {
      expect(await contentsOf(store)).toEqual(expected());
      for (const [key, bytes] of originals) expect((await store.stat(key))?.sha256).toBe(sha(bytes));
    });

    const again = await cli(['--from', 'local', '--to', 'postgres']);
    expect(again.code, again.out).toBe(0);
    expect(again.out).toMatch(/4 berkas, 0 disalin, 4 sudah ada/);
  }, 120_000);

  it('postgres → s3: every file copied and verified; a differing copy in the target is replaced', async () => {
    const run = await cli(['--from', 'postgres', '--to', 's3']);
    expect(run.code, run.out).toBe(0);
    expect(run.out).toMatch(/4 berkas, 4 disalin, 0 sudah ada/);
    const bucket = s3FileStore(s3.config);
    expect(await contentsOf(bucket)).toEqual(expected());
    for (const [key, bytes] of originals) expect((await bucket.stat(key))?.sha256).toBe(sha(bytes));
    // No secret in what the command said.
    expect(run.out).not.toContain(env.S3_SECRET_ACCESS_KEY);

    const [damaged] = [...originals.keys()];
    await bucket.write(damaged!, Buffer.from('isi lain'));
    const again = await cli(['--from', 'postgres', '--to', 's3']);
    expect(again.code, again.out).toBe(0);
    expect(again.out).toMatch(/4 berkas, 1 disalin, 3 sudah ada/);
    expect(await contentsOf(bucket)).toEqual(expected());
  }, 120_000);

  it('refuses unknown or equal stores, with its usage in Indonesian', async () => {
    for (const args of [
      ['--from', 'local', '--to', 'local'],
      ['--from', 'ftp', '--to', 's3'],
      ['--to', 's3'],
    ]) {
      const run = await cli(args);
      expect(run.code).toBe(2);
      expect(run.out).toContain('Pemakaian: npm run files:migrate');
    }
  }, 60_000);
});
