// The process side of a background run (run-process.ts): the server's settings, the office's zone,
// a small pool on the server's PostgreSQL and its file store, seen through the same request scope
// the server's modules use, and the payload its server sent.
import { setPriority } from 'node:os';
import { loadConfig, type Config } from '../config.ts';
import { openDatabase, type Database, type Db } from '../db/client.ts';
import { requestScopedDb, requestScopedFiles } from '../db/request-context.ts';
import { waktuKantor, type WaktuKantor } from '../domain/waktu-kantor.ts';
import type { FileStore } from './file-store.ts';
import { openConfiguredFileStore } from './file-stores.ts';
import type { RunProcessMessage } from './run-process.ts';

/** A log line as JSON on stderr, like the server's. */
export const logLine = (msg: string, err?: unknown) =>
  console.error(
    JSON.stringify({
      level: 50,
      time: Date.now(),
      pid: process.pid,
      msg,
      err: err instanceof Error ? { message: err.message, stack: err.stack } : err,
    }),
  );

export interface RunProcessContext<P> {
  config: Config;
  database: Database;
  /** The request-scoped database and file store, as the server's modules see them. */
  db: Db;
  files: FileStore;
  payload: P;
  /** The server's clock (server/deps.ts `now`): the run's dates are the ones its server would have written. */
  now: () => Date;
  /** The office's clock, in the configured zone (server/domain/waktu-kantor.ts), as its server's at start. */
  waktu: WaktuKantor;
}

/** Sets the process up and runs `work`; the process ends with it. */
export async function runInProcess<P>(work: (ctx: RunProcessContext<P>) => Promise<void>): Promise<never> {
  // Below the server's requests (and its database connections' work) for the CPU.
  try {
    setPriority(10);
  } catch {
    // Not permitted here: the run goes on at the same priority.
  }
  // Its server is gone (stopped or crashed): stop as well. What is in flight is rolled back with
  // its connection; the run's row shows it stopped, and it is resumed from there.
  process.on('disconnect', () => process.exit(0));
  const { payload, clockOffsetMs } = await new Promise<RunProcessMessage>((resolve) =>
    process.once('message', (m) => resolve(m as RunProcessMessage)),
  );
  const now = () => new Date(Date.now() + clockOffsetMs);
  const config = loadConfig();
  // The office's zone decides the run's "today" (server/domain/waktu-kantor.ts), as in the server.
  const waktu = waktuKantor(config.officeTimezone);
  if (!config.databaseUrl) {
    logLine('proses latar: DATABASE_URL tidak diatur');
    process.exit(2);
  }
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    poolSize: 2,
    connectTimeoutMs: config.dbConnectTimeoutMs,
    statementTimeoutMs: config.dbStatementTimeoutMs,
  });
  let code = 0;
  try {
    const files = await openConfiguredFileStore(config, database.writeDb, (message) => logLine(message));
    const db = requestScopedDb(database.db, database.writeDb);
    await work({ config, database, db, files: requestScopedFiles(files, db), payload: payload as P, now, waktu });
  } catch (err) {
    logLine('proses latar gagal', err);
    code = 1;
  } finally {
    await database.close();
  }
  process.exit(code);
}
