import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { Config } from '../config.ts';
import type { Database } from '../db/client.ts';
import { RUN_NODE_OPTIONS, SERVER_PRELOAD } from '../../scripts/server-command.mjs';

// Background runs in a process of their own (PROSES_LATAR=terpisah, the default on PostgreSQL;
// decision 0058): the teacher import of a province's files, the KGB month's verification and
// signature. Their work is JavaScript of minutes (reading workbooks, drawing and signing letters):
// on the server's event loop every other request waited behind it. A run's state is in its row,
// so the process needs only the run's id and what its server hands it over the IPC channel (the
// entries, the actor, a signing secret, never written to the environment or a file). The process
// lowers its CPU priority, opens a small pool, runs the run with the same code as the server, and
// ends; when its server is gone, it stops too, and the run is resumed like one its server left.
// The child side is run-process-child.ts.

/** What a run's process shares with its server: the database, the file store, the office's zone. */
export interface RunProcessPlace {
  databaseUrl: string;
  fileStore: string;
  /** Whether the server was told its store (FILE_STORE) or chose it by default: the process does the same (server/lib/file-stores.ts reads DATA_DIR/files only for a store chosen by default). */
  fileStoreExplicit: boolean;
  dataDir: string;
  officeTimezone: string;
}

/** Where this server's runs go on: a place for their processes, or null (in this server). */
export function runProcessPlace(config: Config, database: Pick<Database, 'kind'>): RunProcessPlace | null {
  // The embedded database is one process's: its runs stay in the server.
  if (database.kind !== 'postgres' || config.prosesLatar !== 'terpisah' || !config.databaseUrl) return null;
  return {
    databaseUrl: config.databaseUrl,
    fileStore: config.fileStore,
    fileStoreExplicit: config.fileStoreExplicit,
    dataDir: config.dataDir,
    officeTimezone: config.officeTimezone,
  };
}

/** What the process is handed: the run's payload and its server's clock (as an offset from its own). */
export interface RunProcessMessage {
  payload: object;
  clockOffsetMs: number;
}

/** The arguments after `node` of a run's process: its own heap bound (larger than the server's), the server's preload, `entry`. */
export function runProcessArgs(entry: URL): string[] {
  return [...RUN_NODE_OPTIONS, ...SERVER_PRELOAD, fileURLToPath(entry)];
}

/** The environment of a run's process: its server's, with the place's database, files and zone. */
export function runProcessEnv(place: RunProcessPlace, serverEnv: NodeJS.ProcessEnv = process.env): NodeJS.ProcessEnv {
  const { FILE_STORE: _told, ...env } = serverEnv;
  return {
    ...env,
    DATABASE_URL: place.databaseUrl,
    // A store chosen by default (PostgreSQL) is chosen so again, with files from before DATA_DIR/files readable.
    ...(place.fileStoreExplicit ? { FILE_STORE: place.fileStore } : {}),
    DATA_DIR: place.dataDir,
    OFFICE_TIMEZONE: place.officeTimezone,
  };
}

/** Starts `entry` (a module of the server) for one run and hands it `payload`; the run keeps the server's clock `now`. */
export function startRunProcess(
  entry: URL,
  place: RunProcessPlace,
  payload: object,
  now: () => Date,
  log: (err: unknown) => void,
): void {
  const env = runProcessEnv(place);
  const child = spawn(process.execPath, runProcessArgs(entry), {
    env,
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  child.on('error', log);
  child.on('exit', (code, signal) => {
    if (code !== 0) log(new Error(`proses latar berakhir dengan kode ${code ?? signal}`));
  });
  const message: RunProcessMessage = { payload, clockOffsetMs: now().getTime() - Date.now() };
  child.send(message, (err) => {
    if (err) log(err);
  });
  // The server may stop before the run ends: the process does not keep it alive.
  child.unref();
  child.channel?.unref();
}
