import { mkdir, readFile, rm, writeFile, rename } from 'node:fs/promises';
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

export function localFileStore(root: string): FileStore {
  // Two-level fan-out keeps folders small: ab/abcdef….jpg
  const pathOf = (key: string) => path.join(root, key.slice(0, 2), key);
  return {
    async put(bytes, extension) {
      const key = `${randomBytes(16).toString('hex')}.${extension}`;
      const file = pathOf(key);
      await mkdir(path.dirname(file), { recursive: true });
      // Written under a temporary name and renamed, so a crash never leaves half a file under a key.
      const tmp = `${file}.${process.pid}.tmp`;
      await writeFile(tmp, bytes);
      await rename(tmp, file);
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
