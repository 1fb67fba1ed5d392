import { createHash, randomBytes } from 'node:crypto';
import { mkdir, open, readdir, rm, rename } from 'node:fs/promises';
import path from 'node:path';
import type { Db } from '../db/client.ts';

/**
 * Where uploaded files live (decision 0041). Keys are random (never the uploaded name) and carry
 * the extension that decides the served Content-Type. Four stores sit behind this one interface:
 * the local disk (the embedded default), PostgreSQL (the default with DATABASE_URL, shared by every
 * instance on the database; server/lib/file-store-postgres.ts), an S3-compatible bucket
 * (server/lib/file-store-s3.ts) and memory (tests). server/lib/file-stores.ts picks one from the
 * configuration.
 */
export interface FileStore {
  readonly kind: FileStoreKind;
  /** Stores new content under a fresh random key with this extension; answers the key. */
  put(source: FileSource, extension: string): Promise<string>;
  /**
   * Stores content under a given key, replacing what it held (moving files between stores,
   * restoring a backup). Checks the size and SHA-256 the source states, if any; answers both.
   */
  write(key: string, source: FileSource): Promise<FileInfo>;
  /** The whole content in one buffer (small files: images, keys, letters to sign). */
  get(key: string): Promise<Buffer | null>;
  /** The content as a stream of parts, for answering and copying without holding it whole. */
  open(key: string): Promise<FileContent | null>;
  /** Size, and the SHA-256 where the store records it (PostgreSQL, S3, memory); null if absent. */
  stat(key: string): Promise<FileInfo | null>;
  exists(key: string): Promise<boolean>;
  delete(key: string): Promise<void>;
  /** Every stored key (for moving files between stores and for backups). */
  keys(): AsyncIterable<string>;
  /**
   * Stores that keep files in the database answer the same store writing through `db`: a write
   * request's transaction (server/db/request-context.ts), so that a file and the row naming it
   * are committed or rolled back together.
   */
  inTransaction?(db: Db): FileStore;
}

export type FileStoreKind = 'local' | 'memory' | 'postgres' | 's3';

export interface FileInfo {
  size: number;
  /** Hex SHA-256 of the content; null where the store does not record it (local disk). */
  sha256: string | null;
}

/** Content as a stream of parts, with its size (and SHA-256 when known). */
export interface FileContent extends FileInfo {
  body: AsyncIterable<Uint8Array>;
}

/** What a store takes: bytes in memory, or a stream whose size is known. */
export type FileSource = Uint8Array | FileContent;

export const FILE_KEY_PATTERN = /^[a-f0-9]{32}\.(jpg|png|webp|pdf|p12|xlsx)$/;

export const CONTENT_TYPES: Record<string, string> = {
  jpg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
  pdf: 'application/pdf',
};

export const newFileKey = (extension: string): string => {
  const key = `${randomBytes(16).toString('hex')}.${extension}`;
  if (!FILE_KEY_PATTERN.test(key)) throw new Error(`Ekstensi berkas tidak dikenal: ${extension}`);
  return key;
};

/** Throws on a key that is not one of ours (never reaches a path, an object name or SQL). */
export function checkFileKey(key: string): void {
  if (!FILE_KEY_PATTERN.test(key)) throw new Error('Kunci berkas tidak sah');
}

export const sha256Hex = (bytes: Uint8Array): string => createHash('sha256').update(bytes).digest('hex');

export const isBytes = (source: FileSource): source is Uint8Array => source instanceof Uint8Array;

/** The content of a source as parts (bytes in memory: one part, not copied). */
export async function* partsOf(source: FileSource): AsyncIterable<Uint8Array> {
  if (isBytes(source)) yield source;
  else yield* source.body;
}

/** A size or SHA-256 that differs from what the source stated: the copy is refused. */
export class FileIntegrityError extends Error {}

/**
 * Hashes and counts the parts passing through; `check()` compares the totals with what the source
 * stated and answers them.
 */
export function hashingPass(source: FileSource): { parts: AsyncIterable<Uint8Array>; check(key: string): FileInfo } {
  const hash = createHash('sha256');
  let size = 0;
  async function* parts() {
    for await (const part of partsOf(source)) {
      hash.update(part);
      size += part.length;
      yield part;
    }
  }
  return {
    parts: parts(),
    check(key) {
      const sha256 = hash.digest('hex');
      const expected = isBytes(source) ? { size: source.length, sha256: null } : source;
      if (size !== expected.size)
        throw new FileIntegrityError(`Ukuran berkas ${key} berbeda: ${size} bita, seharusnya ${expected.size}`);
      if (expected.sha256 && expected.sha256 !== sha256)
        throw new FileIntegrityError(`SHA-256 berkas ${key} berbeda dari sumbernya`);
      return { size, sha256 };
    },
  };
}

/** Reads a stream of parts into one buffer of the stated size (one copy). */
export async function readWhole(content: FileContent): Promise<Buffer> {
  const out = Buffer.allocUnsafe(content.size);
  let at = 0;
  for await (const part of content.body) {
    if (at + part.length > out.length) throw new FileIntegrityError('Berkas lebih panjang dari ukurannya');
    out.set(part, at);
    at += part.length;
  }
  if (at !== out.length) throw new FileIntegrityError('Berkas lebih pendek dari ukurannya');
  return out;
}

/** SHA-256 and size of a stored file, read through (for stores that do not record it). */
export async function hashStored(store: FileStore, key: string): Promise<FileInfo | null> {
  const content = await store.open(key);
  if (!content) return null;
  const hash = createHash('sha256');
  let size = 0;
  for await (const part of content.body) {
    hash.update(part);
    size += part.length;
  }
  return { size, sha256: hash.digest('hex') };
}

/** Flushes a folder's entries (a new or renamed file in it) to disk. */
async function syncDir(dir: string): Promise<void> {
  const handle = await open(dir, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

const isMissing = (err: unknown) => ['ENOENT', 'ENOTDIR'].includes((err as NodeJS.ErrnoException).code ?? '');

/**
 * `put`, `write` and `get` of a store, from how it writes a key and opens one: a new random key,
 * the key checked before writing, the whole content read from the stream.
 */
export function keyedAccess(
  writeKey: (key: string, source: FileSource) => Promise<FileInfo>,
  open: (key: string) => Promise<FileContent | null>,
): Pick<FileStore, 'put' | 'write' | 'get'> {
  return {
    async put(source, extension) {
      const key = newFileKey(extension);
      await writeKey(key, source);
      return key;
    },
    async write(key, source) {
      checkFileKey(key);
      return writeKey(key, source);
    },
    async get(key) {
      const content = await open(key);
      return content ? readWhole(content) : null;
    },
  };
}

export function localFileStore(root: string): FileStore {
  // Two-level fan-out keeps folders small: ab/abcdef….jpg
  const pathOf = (key: string) => path.join(root, key.slice(0, 2), key);

  /**
   * Writes a file so that it is either whole or absent, also after a crash or power cut: the bytes
   * go to a temporary name in the same folder and are flushed (fsync), the file is renamed to its
   * key, and the folder is flushed so the name survives. Only then does it return, so a row that
   * refers to the key is committed after its file is durable.
   */
  async function writeDurably(key: string, source: FileSource): Promise<FileInfo> {
    const file = pathOf(key);
    const dir = path.dirname(file);
    // Folders made just now must themselves survive: flush each one's parent, up to the first made.
    const created = await mkdir(dir, { recursive: true });
    for (let d = dir; created; d = path.dirname(d)) {
      await syncDir(path.dirname(d));
      if (d === created || d === path.dirname(d)) break;
    }
    const tmp = `${file}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
    const handle = await open(tmp, 'wx');
    const pass = hashingPass(source);
    let info: FileInfo;
    try {
      for await (const part of pass.parts) await handle.write(part);
      info = pass.check(key);
      await handle.sync();
    } catch (err) {
      await handle.close().catch(() => undefined);
      await rm(tmp, { force: true });
      throw err;
    }
    await handle.close();
    await rename(tmp, file);
    await syncDir(dir);
    return info;
  }

  const store: FileStore = {
    kind: 'local',
    ...keyedAccess(writeDurably, (key) => store.open(key)),
    async open(key) {
      if (!FILE_KEY_PATTERN.test(key)) return null;
      // Opened before answering, so a missing file is a null and not a stream that fails.
      let handle;
      try {
        handle = await open(pathOf(key), 'r');
      } catch (err) {
        if (isMissing(err)) return null;
        throw err;
      }
      const { size } = await handle.stat();
      return { size, sha256: null, body: handle.createReadStream({ highWaterMark: 256 * 1024 }) };
    },
    async stat(key) {
      if (!FILE_KEY_PATTERN.test(key)) return null;
      try {
        const handle = await open(pathOf(key), 'r');
        try {
          return { size: (await handle.stat()).size, sha256: null };
        } finally {
          await handle.close();
        }
      } catch (err) {
        if (isMissing(err)) return null;
        throw err;
      }
    },
    async exists(key) {
      return (await store.stat(key)) !== null;
    },
    async delete(key) {
      if (!FILE_KEY_PATTERN.test(key)) return;
      await rm(pathOf(key), { force: true });
    },
    async *keys() {
      let dirs: string[];
      try {
        dirs = (await readdir(root)).filter((d) => /^[a-f0-9]{2}$/.test(d)).sort();
      } catch (err) {
        if (isMissing(err)) return;
        throw err;
      }
      for (const dir of dirs) {
        const names = await readdir(path.join(root, dir)).catch((err: unknown) =>
          isMissing(err) ? [] : Promise.reject(err),
        );
        for (const name of names.sort()) if (FILE_KEY_PATTERN.test(name) && name.startsWith(dir)) yield name;
      }
    },
  };
  return store;
}

/** In-memory store for tests. */
export function memoryFileStore(): FileStore & { size(): number } {
  const files = new Map<string, { bytes: Buffer; sha256: string }>();
  const store: FileStore & { size(): number } = {
    kind: 'memory',
    async put(source, extension) {
      const key = newFileKey(extension);
      await store.write(key, source);
      return key;
    },
    async write(key, source) {
      checkFileKey(key);
      const bytes = isBytes(source) ? Buffer.from(source) : await readWhole(source);
      const info = { size: bytes.length, sha256: sha256Hex(bytes) };
      if (!isBytes(source) && source.sha256 && source.sha256 !== info.sha256)
        throw new FileIntegrityError(`SHA-256 berkas ${key} berbeda dari sumbernya`);
      files.set(key, { bytes, sha256: info.sha256 });
      return info;
    },
    async get(key) {
      return files.get(key)?.bytes ?? null;
    },
    async open(key) {
      const file = files.get(key);
      if (!file) return null;
      return { size: file.bytes.length, sha256: file.sha256, body: partsOf(file.bytes) };
    },
    async stat(key) {
      const file = files.get(key);
      return file ? { size: file.bytes.length, sha256: file.sha256 } : null;
    },
    async exists(key) {
      return files.has(key);
    },
    async delete(key) {
      files.delete(key);
    },
    async *keys() {
      yield* [...files.keys()].sort();
    },
    size: () => files.size,
  };
  return store;
}

export const fileUrl = (key: string) => `/files/${key}`;
