import path from 'node:path';
import type { Config, FileStoreChoice, S3Config } from '../config.ts';
import type { Db } from '../db/client.ts';
import { localFileStore, type FileStore } from './file-store.ts';
import { postgresFileStore } from './file-store-postgres.ts';

/** What a store is made from: the settings, and the database for the PostgreSQL store. */
export interface FileStorePlace {
  dataDir: string;
  /** The write pool (server/db/client.ts `writeDb`): writes outside a request's transaction go there. */
  db?: Db | undefined;
  s3?: S3Config | undefined;
}

/** The store of a kind (server/config.ts FILE_STORE). The S3 SDK is loaded only when used. */
export async function fileStoreOf(kind: FileStoreChoice, place: FileStorePlace): Promise<FileStore> {
  if (kind === 'local') return localFileStore(path.join(place.dataDir, 'files'));
  if (kind === 'postgres') {
    if (!place.db) throw new Error('Penyimpanan berkas postgres memerlukan basis data');
    return postgresFileStore(place.db);
  }
  if (!place.s3) throw new Error('FILE_STORE=s3 memerlukan S3_BUCKET (dan S3_ENDPOINT untuk server selain AWS)');
  const { s3FileStore } = await import('./file-store-s3.ts');
  return s3FileStore(place.s3);
}

/**
 * Reads from `primary`, and from `legacy` what `primary` does not hold: files uploaded to
 * DATA_DIR/files before an installation on PostgreSQL switched to the shared store by default,
 * until `npm run files:migrate -- --from local --to postgres` has moved them. Writes go to
 * `primary` only; a delete removes the key from both.
 */
export function withLegacyReads(primary: FileStore, legacy: FileStore): FileStore {
  const wrap = (p: FileStore): FileStore => ({
    kind: p.kind,
    put: (source, ext) => p.put(source, ext),
    write: (key, source) => p.write(key, source),
    get: async (key) => (await p.get(key)) ?? legacy.get(key),
    open: async (key) => (await p.open(key)) ?? legacy.open(key),
    stat: async (key) => (await p.stat(key)) ?? legacy.stat(key),
    exists: async (key) => (await p.exists(key)) || legacy.exists(key),
    async delete(key) {
      await p.delete(key);
      await legacy.delete(key);
    },
    keys: () => p.keys(),
    ...(p.inTransaction ? { inTransaction: (db: Db) => wrap(p.inTransaction!(db)) } : {}),
  });
  return wrap(primary);
}

/**
 * The server's store: FILE_STORE, or PostgreSQL when DATABASE_URL is set and local disk otherwise.
 * When PostgreSQL was chosen by default and DATA_DIR/files still holds files, those stay readable
 * (and `warn` says how to move them).
 */
export async function openConfiguredFileStore(
  config: Pick<Config, 'dataDir' | 'fileStore' | 'fileStoreExplicit' | 's3'>,
  db: Db,
  warn: (message: string) => void = () => undefined,
): Promise<FileStore> {
  const store = await fileStoreOf(config.fileStore, { dataDir: config.dataDir, db, s3: config.s3 });
  if (config.fileStore === 'local' || config.fileStoreExplicit) return store;
  const legacy = localFileStore(path.join(config.dataDir, 'files'));
  for await (const _key of legacy.keys()) {
    warn(
      `Ada berkas lama di ${path.join(config.dataDir, 'files')}; berkas baru disimpan di PostgreSQL. Pindahkan yang lama dengan ` +
        '`npm run files:migrate -- --from local --to postgres` (sampai itu, berkas lama hanya terbaca oleh instans ini).',
    );
    return withLegacyReads(store, legacy);
  }
  return store;
}
