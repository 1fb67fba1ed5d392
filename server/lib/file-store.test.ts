// One FileStore contract, run against every store: local disk, memory, PostgreSQL (on
// PGlite, and on PostgreSQL with TEST_DB=postgres) and S3 (against an S3-protocol server started
// here). A 10 MB file is written as a stream and must reach the store while it is still coming.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHash, randomBytes } from 'node:crypto';
import { mkdtemp, readdir, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { rowsOf, type Db } from '../db/client.ts';
import { testDatabase, resetDatabase } from '../test/test-db.ts';
import { startTestS3, type TestS3 } from '../test/s3-server.ts';
import {
  FILE_KEY_PATTERN,
  FileIntegrityError,
  localFileStore,
  memoryFileStore,
  type FileContent,
  type FileStore,
} from './file-store.ts';
import { PART_SIZE, postgresFileStore } from './file-store-postgres.ts';
import { s3FileStore } from './file-store-s3.ts';

const sha = (b: Uint8Array) => createHash('sha256').update(b).digest('hex');
const MB = 1024 * 1024;

interface Subject {
  name: string;
  store: () => FileStore;
  /** Bytes the store has written so far of a file in progress (null: the store holds files in memory). */
  progress: (() => Promise<number>) | null;
  recordsSha: boolean;
}

let work: string;
let s3: TestS3;
let db: Db;
/** Statements the PostgreSQL store ran inside its write transactions. */
let executed = 0;

/** The database handle with every statement of a transaction counted. */
function counting(inner: Db): Db {
  const wrapTx = (tx: Db): Db =>
    new Proxy(tx, {
      get(t, p) {
        if (p === 'execute') return (q: never) => (executed++, t.execute(q));
        const v = Reflect.get(t, p, t) as unknown;
        return typeof v === 'function' ? v.bind(t) : v;
      },
    });
  return new Proxy(inner, {
    get(t, p) {
      if (p === 'transaction')
        return (fn: (tx: Db) => Promise<unknown>) => t.transaction((tx) => fn(wrapTx(tx as unknown as Db)));
      const v = Reflect.get(t, p, t) as unknown;
      return typeof v === 'function' ? v.bind(t) : v;
    },
  });
}

async function bytesUnder(dir: string): Promise<number> {
  let total = 0;
  for (const e of await readdir(dir, { recursive: true, withFileTypes: true }))
    if (e.isFile()) total += (await stat(path.join(e.parentPath, e.name))).size;
  return total;
}

const subjects: Subject[] = [
  {
    name: 'local',
    store: () => localFileStore(path.join(work, 'files')),
    progress: () => bytesUnder(path.join(work, 'files')),
    recordsSha: false,
  },
  { name: 'memory', store: () => memoryFileStore(), progress: null, recordsSha: true },
  {
    name: 'postgres',
    store: () => postgresFileStore(counting(db)),
    progress: async () => Math.max(0, executed - 2) * PART_SIZE,
    recordsSha: true,
  },
  { name: 's3', store: () => s3FileStore(s3.config), progress: () => bytesUnder(s3.directory), recordsSha: true },
];

beforeAll(async () => {
  work = await mkdtemp(path.join(tmpdir(), 'sidasek-files-'));
  s3 = await startTestS3();
  const database = await testDatabase();
  await resetDatabase(database);
  db = database.db;
});
afterAll(async () => {
  await s3?.close();
  await rm(work, { recursive: true, force: true });
});

/** `size` bytes in pieces of 64 KB, made as they are pulled; `at(bytes)` runs when that many were given. */
function streamed(
  size: number,
  at?: { bytes: number; run: () => Promise<void> },
): { content: FileContent; whole: Buffer } {
  const seed = randomBytes(64 * 1024);
  const whole = Buffer.alloc(size);
  for (let i = 0; i < size; i += seed.length) seed.copy(whole, i, 0, Math.min(seed.length, size - i));
  whole.writeUInt32BE(size, 0);
  async function* body() {
    for (let i = 0; i < size; i += seed.length) {
      if (at && i >= at.bytes && i - seed.length < at.bytes) await at.run();
      // A fresh buffer each time: the store may keep what it was given.
      yield Buffer.from(whole.subarray(i, Math.min(i + seed.length, size)));
    }
  }
  return { content: { size, sha256: sha(whole), body: body() }, whole };
}

async function collect(content: FileContent): Promise<{ bytes: Buffer; parts: number; largest: number }> {
  const parts: Buffer[] = [];
  for await (const p of content.body) parts.push(Buffer.from(p));
  return { bytes: Buffer.concat(parts), parts: parts.length, largest: Math.max(...parts.map((p) => p.length)) };
}

describe.each(subjects)('file store: $name', (subject) => {
  it('puts, gets, streams, answers size and SHA-256, deletes', async () => {
    const store = subject.store();
    const bytes = randomBytes(300_000);
    const key = await store.put(bytes, 'pdf');
    expect(key).toMatch(FILE_KEY_PATTERN);
    expect(key.endsWith('.pdf')).toBe(true);

    expect(await store.exists(key)).toBe(true);
    expect((await store.get(key))?.equals(bytes)).toBe(true);
    const info = await store.stat(key);
    expect(info?.size).toBe(bytes.length);
    if (subject.recordsSha) expect(info?.sha256).toBe(sha(bytes));
    const opened = await store.open(key);
    expect(opened?.size).toBe(bytes.length);
    expect((await collect(opened!)).bytes.equals(bytes)).toBe(true);

    const keys: string[] = [];
    for await (const k of store.keys()) keys.push(k);
    expect(keys).toContain(key);

    await store.delete(key);
    expect(await store.exists(key)).toBe(false);
    expect(await store.get(key)).toBeNull();
    expect(await store.open(key)).toBeNull();
    expect(await store.stat(key)).toBeNull();
    // Deleting what is not there is no error.
    await store.delete(key);
  });

  it('answers nothing for keys that are not its own, and never writes one', async () => {
    const store = subject.store();
    for (const key of ['../../etc/passwd', 'ab/../x.jpg', `${'a'.repeat(32)}.exe`, `${'A'.repeat(32)}.jpg`, '']) {
      expect(await store.get(key)).toBeNull();
      expect(await store.open(key)).toBeNull();
      expect(await store.exists(key)).toBe(false);
      await expect(store.write(key, Buffer.from('x'))).rejects.toThrow();
    }
    await expect(store.put(Buffer.from('x'), 'exe')).rejects.toThrow();
  });

  it('writes under a given key, and refuses content whose SHA-256 differs from what its source states', async () => {
    const store = subject.store();
    const key = `${randomBytes(16).toString('hex')}.jpg`;
    const bytes = randomBytes(1000);
    const written = await store.write(key, { size: bytes.length, sha256: sha(bytes), body: [bytes] as never });
    expect(written).toEqual({ size: 1000, sha256: sha(bytes) });
    expect((await store.get(key))?.equals(bytes)).toBe(true);

    const other = `${randomBytes(16).toString('hex')}.jpg`;
    await expect(
      store.write(other, {
        size: bytes.length,
        sha256: sha(Buffer.from('lain')),
        body: (async function* () {
          yield bytes;
        })(),
      }),
    ).rejects.toThrow(FileIntegrityError);
    expect(await store.exists(other)).toBe(false);
    await store.delete(key);
  });

  it('a 10 MB file: written as it comes, read back in parts, SHA-256 recorded', async () => {
    const store = subject.store();
    const size = 10 * MB;
    let atHalf = -1;
    executed = 0;
    const expected = subject.name === 's3' ? MB / 2 : 4 * MB;
    // The source waits at 6 MB while this looks (up to 3 s): a store that streams gets what it was
    // given to its storage meanwhile; one that collects the whole file first cannot store anything
    // until the source ends, so it shows nothing however long it is given.
    const sample = async () => {
      const until = Date.now() + 3000;
      for (;;) {
        atHalf = await subject.progress!();
        if (atHalf > expected || Date.now() > until) return;
        await new Promise((r) => setTimeout(r, 50));
      }
    };
    const { content, whole } = streamed(size, {
      bytes: 6 * MB,
      run: async () => void (subject.progress ? await sample() : (atHalf = -1)),
    });
    const key = `${randomBytes(16).toString('hex')}.pdf`;
    const info = await store.write(key, content);
    expect(info).toEqual({ size, sha256: sha(whole) });
    // While the 7th megabyte was being given, the first ones had reached the store (a store that
    // collects the whole file first would show nothing). Disk and database: all but the part in
    // hand; S3: loopback socket buffers (several MB) and the server's writes keep some in flight.
    if (subject.progress) expect(atHalf, 'bytes stored when 6 MB had been given').toBeGreaterThan(expected);

    const stated = await store.stat(key);
    expect(stated?.size).toBe(size);
    if (subject.recordsSha) expect(stated?.sha256).toBe(sha(whole));

    const read = await collect((await store.open(key))!);
    expect(read.bytes.equals(whole)).toBe(true);
    if (subject.name !== 'memory') {
      expect(read.parts).toBeGreaterThanOrEqual(10);
      expect(read.largest).toBeLessThanOrEqual(1 * MB);
    }
    if (subject.name === 'postgres') {
      const [row] = rowsOf<{ n: number; sha256: string }>(
        await db.execute(
          sql`select count(*)::int as n, max(b.sha256) as sha256 from berkas_bagian p join berkas b using (key) where key = ${key}`,
        ),
      );
      expect(row).toEqual({ n: size / PART_SIZE, sha256: sha(whole) });
    }
    await store.delete(key);
    if (subject.name === 'postgres') {
      const [row] = rowsOf<{ n: number }>(
        await db.execute(sql`select count(*)::int as n from berkas_bagian where key = ${key}`),
      );
      expect(row?.n).toBe(0);
    }
  }, 60_000);
});

describe('PostgreSQL store inside a transaction', () => {
  it('a file written in a transaction that rolls back is not stored', async () => {
    const store = postgresFileStore(db);
    let key = '';
    await expect(
      db.transaction(async (tx) => {
        key = await store.inTransaction!(tx).put(Buffer.from('sementara'), 'jpg');
        expect(await store.inTransaction!(tx).exists(key)).toBe(true);
        throw new Error('batal');
      }),
    ).rejects.toThrow('batal');
    expect(key).toMatch(FILE_KEY_PATTERN);
    expect(await store.exists(key)).toBe(false);
  });
});

describe('FILE_STORE and S3 settings (server/config.ts)', () => {
  it('defaults to PostgreSQL with DATABASE_URL and to local disk without; S3 settings are checked', async () => {
    const { loadConfig } = await import('../config.ts');
    expect(loadConfig({}).fileStore).toBe('local');
    expect(loadConfig({ DATABASE_URL: 'postgres://x@h/db' })).toMatchObject({
      fileStore: 'postgres',
      fileStoreExplicit: false,
    });
    expect(loadConfig({ DATABASE_URL: 'postgres://x@h/db', FILE_STORE: 'local' })).toMatchObject({
      fileStore: 'local',
      fileStoreExplicit: true,
    });
    expect(() => loadConfig({ FILE_STORE: 'ftp' })).toThrow('FILE_STORE harus local, postgres atau s3');
    expect(() => loadConfig({ FILE_STORE: 's3' })).toThrow(/S3_BUCKET/);
    expect(() => loadConfig({ FILE_STORE: 's3', S3_BUCKET: 'sidasek', S3_ACCESS_KEY_ID: 'a' })).toThrow(/keduanya/);
    expect(() =>
      loadConfig({ FILE_STORE: 's3', S3_BUCKET: 'sidasek', S3_ENDPOINT: 'http://u:rahasia@host:9000' }),
    ).toThrow(/tanpa nama pengguna/);
    const s3 = loadConfig({
      FILE_STORE: 's3',
      S3_BUCKET: 'sidasek',
      S3_ENDPOINT: 'http://127.0.0.1:9000',
      S3_ACCESS_KEY_ID: 'a',
      S3_SECRET_ACCESS_KEY: 'rahasia',
      S3_FORCE_PATH_STYLE: 'true',
    }).s3;
    expect(s3).toEqual({
      endpoint: 'http://127.0.0.1:9000',
      bucket: 'sidasek',
      region: 'us-east-1',
      accessKeyId: 'a',
      secretAccessKey: 'rahasia',
      forcePathStyle: true,
    });
    expect(loadConfig({ S3_BUCKET: 'sidasek' }).s3).toBeUndefined();
  });
});
