// For the tests of npm run backup / restore (backup.test.ts, backup-files.test.ts): a place's
// database opened as its server opens it (DATABASE_URL, else PGlite in DATA_DIR/pglite; see
// server/config.ts), a new PGlite from the tests' initdb cache (PGLITE_INITDB_CACHE, vitest.config.ts).
import path from 'node:path';
import { openDatabase, type Database, type OpenDatabaseOptions } from '../server/db/client.ts';
import type { Place } from './backup-lib.ts';

/** Opens the database of place `p`, with `options` (a pool size). */
export function openPlaceDatabase(p: Place, options: Pick<OpenDatabaseOptions, 'poolSize'> = {}): Promise<Database> {
  return openDatabase({
    databaseUrl: p.databaseUrl,
    pgliteDir: path.join(p.dataDir, 'pglite'),
    pgliteInitdbCache: process.env.PGLITE_INITDB_CACHE,
    ...options,
  });
}
