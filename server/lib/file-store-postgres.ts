import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { rowsOf, type Db } from '../db/client.ts';
import {
  FILE_KEY_PATTERN,
  FileIntegrityError,
  isBytes,
  keyedAccess,
  partsOf,
  type FileContent,
  type FileInfo,
  type FileSource,
  type FileStore,
} from './file-store.ts';

/** Bytes per row of `berkas_bagian`: a 10 MB PDF is 40 rows, each written and read on its own. */
export const PART_SIZE = 256 * 1024;
/** Keys per page when listing. */
const LIST_PAGE = 1000;

const asBuffer = (v: Uint8Array) => (Buffer.isBuffer(v) ? v : Buffer.from(v.buffer, v.byteOffset, v.byteLength));

/**
 * Cuts a stream of parts of any size into parts of exactly PART_SIZE (the last one shorter).
 * Parts of bytes in memory are views, not copies.
 */
async function* fixedParts(parts: AsyncIterable<Uint8Array>): AsyncIterable<Buffer> {
  let pending: Buffer[] = [];
  let pendingSize = 0;
  for await (const raw of parts) {
    let part = asBuffer(raw);
    while (part.length > 0) {
      const take = Math.min(PART_SIZE - pendingSize, part.length);
      pending.push(part.subarray(0, take));
      pendingSize += take;
      part = part.subarray(take);
      if (pendingSize === PART_SIZE) {
        yield pending.length === 1 ? pending[0]! : Buffer.concat(pending, PART_SIZE);
        pending = [];
        pendingSize = 0;
      }
    }
  }
  if (pendingSize > 0) yield pending.length === 1 ? pending[0]! : Buffer.concat(pending, pendingSize);
}

/**
 * Files in PostgreSQL (or PGlite): the row `berkas` (key, size, SHA-256) and the content in rows
 * of `berkas_bagian` of PART_SIZE bytes. A write runs in one transaction (a savepoint inside a
 * request's transaction), so a file is whole or absent; reading fetches one part per statement,
 * so a large file is never held whole and a slow client holds no connection between parts.
 */
export function postgresFileStore(db: Db): FileStore {
  async function store(key: string, source: FileSource): Promise<FileInfo> {
    return db.transaction(async (tx) => {
      // The row first (the parts refer to it); size and SHA-256 are set once all parts are in.
      await tx.execute(sql`delete from berkas where key = ${key}`);
      await tx.execute(sql`insert into berkas (key, ukuran, sha256) values (${key}, 0, '')`);
      const hash = createHash('sha256');
      let size = 0;
      let n = 0;
      for await (const part of fixedParts(partsOf(source))) {
        hash.update(part);
        size += part.length;
        await tx.execute(sql`insert into berkas_bagian (key, urutan, isi) values (${key}, ${n++}, ${part})`);
      }
      const sha256 = hash.digest('hex');
      const expected = isBytes(source) ? null : source;
      if (expected && expected.size !== size)
        throw new FileIntegrityError(`Ukuran berkas ${key} berbeda: ${size} bita, seharusnya ${expected.size}`);
      if (expected?.sha256 && expected.sha256 !== sha256)
        throw new FileIntegrityError(`SHA-256 berkas ${key} berbeda dari sumbernya`);
      await tx.execute(sql`update berkas set ukuran = ${size}, sha256 = ${sha256} where key = ${key}`);
      return { size, sha256 };
    });
  }

  async function stat(key: string): Promise<FileInfo | null> {
    if (!FILE_KEY_PATTERN.test(key)) return null;
    const [row] = rowsOf<{ ukuran: string | number; sha256: string }>(
      await db.execute(sql`select ukuran, sha256 from berkas where key = ${key}`),
    );
    return row ? { size: Number(row.ukuran), sha256: row.sha256 } : null;
  }

  async function* partsFrom(key: string, count: number): AsyncIterable<Uint8Array> {
    for (let n = 0; n < count; n++) {
      const [row] = rowsOf<{ isi: Uint8Array }>(
        await db.execute(sql`select isi from berkas_bagian where key = ${key} and urutan = ${n}`),
      );
      // Deleted while being read: the answer breaks off rather than ending short and looking whole.
      if (!row) throw new FileIntegrityError(`Bagian ${n} berkas ${key} hilang`);
      yield row.isi;
    }
  }

  async function open(key: string): Promise<FileContent | null> {
    const info = await stat(key);
    if (!info) return null;
    return { ...info, body: partsFrom(key, Math.ceil(info.size / PART_SIZE)) };
  }

  return {
    kind: 'postgres',
    ...keyedAccess(store, open),
    open,
    stat,
    async exists(key) {
      return (await stat(key)) !== null;
    },
    async delete(key) {
      if (!FILE_KEY_PATTERN.test(key)) return;
      await db.execute(sql`delete from berkas where key = ${key}`);
    },
    async *keys() {
      let after = '';
      for (;;) {
        const rows = rowsOf<{ key: string }>(
          await db.execute(sql`select key from berkas where key > ${after} order by key limit ${LIST_PAGE}`),
        );
        for (const r of rows) yield r.key;
        if (rows.length < LIST_PAGE) return;
        after = rows.at(-1)!.key;
      }
    },
    inTransaction: (scoped) => postgresFileStore(scoped),
  };
}
