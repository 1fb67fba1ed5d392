import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { AuditActor } from '../../db/request-context.ts';
import { SERVER_NODE_OPTIONS } from '../../../scripts/server-command.mjs';

// The background teacher import in a process of its own (IMPOR_PROSES=terpisah, the default on
// PostgreSQL; decision 0058). Reading a province's workbooks and checking their rows is JavaScript
// work of minutes: on the server's event loop it queued every other request behind it (the teacher
// detail's p99 went from tens to hundreds of milliseconds during a run). The process gets the run's
// id, opens its own small pool, runs at a lower CPU priority, and ends with the run; everything the
// page shows (progress, cancellation, the report) is in the run's row, as before. When its server
// stops, so does it: the batches written stay written, and the run is resumed from the next one.

const ENTRY = fileURLToPath(new URL('./impor-proses-main.ts', import.meta.url));

/** What the process must share with its server: the database, the file store, the office's zone. */
export interface ImportProcessPlace {
  databaseUrl: string;
  fileStore: string;
  dataDir: string;
  officeTimezone: string;
}

/** Starts the process for a run the server has just claimed (inserted or resumed). */
export function startImportProcess(runId: number, actor: AuditActor, place: ImportProcessPlace, log: (err: unknown) => void): void {
  const env = { ...process.env, DATABASE_URL: place.databaseUrl, FILE_STORE: place.fileStore, DATA_DIR: place.dataDir, OFFICE_TIMEZONE: place.officeTimezone, IMPOR_AKTOR: JSON.stringify(actor) };
  const child = spawn(process.execPath, [...SERVER_NODE_OPTIONS, ENTRY, String(runId)], {
    env,
    // The IPC channel only tells the process when its server is gone ('disconnect').
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  child.on('error', log);
  child.on('exit', (code, signal) => {
    if (code !== 0) log(new Error(`proses impor berakhir dengan kode ${code ?? signal}`));
  });
  // The server may stop before the run ends: the process does not keep it alive.
  child.unref();
  child.channel?.unref();
}
