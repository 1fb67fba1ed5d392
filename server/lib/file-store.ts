import { mkdir, open, readFile, rm, rename } from 'node:fs/promises';
import { randomBytes } from 'node:crypto';
import path from 'node:path';

/**
 * Where uploaded files live. Keys are random (never the uploaded name) and carry the extension
 * that decides the served Content-Type. Local disk now; an S3-compatible store can sit behind the
 * same interface.
 */
export interface FileStore {
  put(bytes: Buffer, extension: string): Promise<string>;
  get(key: string): Promise<Buffer | null>;
  delete(key: string): Promise<void>;
}

export const FILE_KEY_PATTERN = /^[a-f0-9]{32}\.(jpg|png|webp|pdf|p12)$/;

export const CONTENT_TYPES: Record<string, string> = {
  jpg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
  pdf: 'application/pdf',
};

/** Flushes a folder's entries (a new or renamed file in it) to disk. */
async function syncDir(dir: string): Promise<void> {
  const handle = await open(dir, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

/**
 * Writes a file so that it is either whole or absent, also after a crash or power cut: the bytes
 * go to a temporary name in the same folder and are flushed (fsync), the file is renamed to its
 * key, and the folder is flushed so the name survives. Only then does put() return, so a row
 * that refers to the key is committed after its file is durable.
 */
async function writeDurably(file: string, bytes: Buffer): Promise<void> {
  const dir = path.dirname(file);
  const tmp = `${file}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
  const handle = await open(tmp, 'wx');
  try {
    await handle.writeFile(bytes);
    await handle.sync();
  } catch (err) {
    await handle.close().catch(() => undefined);
    await rm(tmp, { force: true });
    throw err;
  }
  await handle.close();
  await rename(tmp, file);
  await syncDir(dir);
}

export function localFileStore(root: string): FileStore {
  // Two-level fan-out keeps folders small: ab/abcdef….jpg
  const pathOf = (key: string) => path.join(root, key.slice(0, 2), key);
  return {
    async put(bytes, extension) {
      const key = `${randomBytes(16).toString('hex')}.${extension}`;
      const file = pathOf(key);
      // Folders made just now must themselves survive: flush each one's parent, up to the first made.
      const created = await mkdir(path.dirname(file), { recursive: true });
      for (let dir = path.dirname(file); created; dir = path.dirname(dir)) {
        await syncDir(path.dirname(dir));
        if (dir === created || dir === path.dirname(dir)) break;
      }
      await writeDurably(file, bytes);
      return key;
    },
    async get(key) {
      if (!FILE_KEY_PATTERN.test(key)) return null;
      try {
        return await readFile(pathOf(key));
      } catch {
        return null;
      }
    },
    async delete(key) {
      if (!FILE_KEY_PATTERN.test(key)) return;
      await rm(pathOf(key), { force: true });
    },
  };
}

/** In-memory store for tests. */
export function memoryFileStore(): FileStore & { size(): number } {
  const files = new Map<string, Buffer>();
  return {
    async put(bytes, extension) {
      const key = `${randomBytes(16).toString('hex')}.${extension}`;
      files.set(key, Buffer.from(bytes));
      return key;
    },
    async get(key) {
      return files.get(key) ?? null;
    },
    async delete(key) {
      files.delete(key);
    },
    size: () => files.size,
  };
}

export const fileUrl = (key: string) => `/files/${key}`;
