// npm run backup / restore with the shared file stores (decision 0041): with FILE_STORE=postgres
// the files travel in the database dump and the restore brings them back; with FILE_STORE=s3 the
// backup fetches every object into the archive and the restore puts them into the target bucket.
// On PGlite, or on PostgreSQL with TEST_DB=postgres.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHash, randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type FileStore } from '../server/lib/file-store.ts';
import { postgresFileStore } from '../server/lib/file-store-postgres.ts';
import { s3FileStore } from '../server/lib/file-store-s3.ts';
import { startTestS3, type TestS3 } from '../server/test/s3-server.ts';
import { adminQuery } from '../server/test/test-db.ts';
import { createBackup, restoreBackup, verifyArchive, type Place } from './backup-lib.ts';
import { openPlaceDatabase } from './backup-test-place.ts';

const sha = (b: Uint8Array) => createHash('sha256').update(b).digest('hex');
const ON_POSTGRES = process.env.TEST_DB === 'postgres';
const PREFIX = `${process.env.TEST_DB_PREFIX || 'sidasek_test'}_bfiles_${process.pid}_${randomBytes(2).toString('hex')}`;
const created: string[] = [];
let work: string;
const messages: string[] = [];
const log = (m: string) => void messages.push(m);

/** A fresh place: its own DATA_DIR, and on PostgreSQL its own database. */
async function place(name: string, extra: Partial<Place> = {}): Promise<Place> {
  let databaseUrl: string | undefined;
  if (ON_POSTGRES) {
    const db = `${PREFIX}_${name}`;
    await adminQuery(`CREATE DATABASE "${db}"`);
    created.push(db);
    databaseUrl = `postgres://${encodeURIComponent(process.env.PGUSER || 'postgres')}@${process.env.PGHOST || '127.0.0.1'}:${process.env.PGPORT || '5432'}/${db}`;
  }
  return { dataDir: path.join(work, name), databaseUrl, ...extra };
}

async function withDatabase<T>(p: Place, fn: (store: FileStore) => Promise<T>): Promise<T> {
  const database = await openPlaceDatabase(p, { poolSize: 1 });
  try {
    await database.migrate();
    return await fn(postgresFileStore(database.writeDb));
  } finally {
    await database.close();
  }
}

async function contentsOf(store: FileStore): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for await (const key of store.keys()) out[key] = sha((await store.get(key))!);
  return out;
}

/** Three files, one of them over several 256 KB parts. */
async function fill(store: FileStore): Promise<Record<string, string>> {
  for (const [bytes, ext] of [
    [randomBytes(900 * 1024), 'pdf'],
    [randomBytes(30_000), 'jpg'],
    [randomBytes(2500), 'p12'],
  ] as const)
    await store.put(bytes, ext);
  return contentsOf(store);
}

beforeAll(async () => {
  work = await mkdtemp(path.join(tmpdir(), 'sidasek-backup-files-'));
});
afterAll(async () => {
  for (const db of created) await adminQuery(`DROP DATABASE IF EXISTS "${db}" WITH (FORCE)`).catch(() => undefined);
  await rm(work, { recursive: true, force: true });
});

describe('backup and restore with the PostgreSQL file store', () => {
  it('the files are in the dump; the restore brings them back, every SHA-256 equal', async () => {
    const source = await place('pg-sumber', { fileStore: 'postgres' });
    const expected = await withDatabase(source, fill);
    expect(Object.keys(expected)).toHaveLength(3);

    const { file, manifest } = await createBackup({ place: source, out: path.join(work, 'pg.tar.gz'), log });
    expect(manifest.files.store).toBe('postgres');
    expect(manifest.database.tables['public.berkas']).toBe(3);
    expect(manifest.database.tables['public.berkas_bagian']).toBe(4 + 1 + 1);

    const target = await place('pg-pulih', { fileStore: 'postgres' });
    const result = await restoreBackup({ place: target, archive: file, log });
    expect(result.counts.every((c) => c.expected === c.actual)).toBe(true);
    expect(await withDatabase(target, contentsOf)).toEqual(expected);
    await withDatabase(target, async (store) => {
      for (const [key, digest] of Object.entries(expected)) expect((await store.stat(key))?.sha256).toBe(digest);
    });
  }, 180_000);
});

describe('backup and restore with the S3 file store', () => {
  let s3a: TestS3;
  let s3b: TestS3;
  beforeAll(async () => {
    s3a = await startTestS3();
    s3b = await startTestS3();
  });
  afterAll(async () => {
    await s3a?.close();
    await s3b?.close();
  });

  it('the backup fetches every object into the archive; the restore puts them into the target bucket', async () => {
    const source = await place('s3-sumber', { fileStore: 's3', s3: s3a.config });
    await withDatabase(source, async () => undefined);
    const expected = await fill(s3FileStore(s3a.config));

    const { file, manifest } = await createBackup({ place: source, out: path.join(work, 's3.tar.gz'), log });
    expect(manifest.files).toMatchObject({ store: 's3', count: 3 });
    const checked = await verifyArchive(file);
    for (const key of Object.keys(expected))
      expect(checked.entries.find((e) => e.path === `files/${key.slice(0, 2)}/${key}`)?.sha256).toBe(expected[key]);

    const target = await place('s3-pulih', { fileStore: 's3', s3: s3b.config });
    await restoreBackup({ place: target, archive: file, log });
    const restored = s3FileStore(s3b.config);
    expect(await contentsOf(restored)).toEqual(expected);
    for (const [key, digest] of Object.entries(expected)) expect((await restored.stat(key))?.sha256).toBe(digest);

    // A bucket that holds files is a non-empty target: refused without --force.
    const again = await place('s3-lagi', { fileStore: 's3', s3: s3b.config });
    await expect(restoreBackup({ place: again, archive: file, log })).rejects.toThrow(
      /bucket S3 .* berisi berkas.*--force/s,
    );
    expect(messages.join('\n')).not.toContain(s3a.config.secretAccessKey);
  }, 180_000);
});
