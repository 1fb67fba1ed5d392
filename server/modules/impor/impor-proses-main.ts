// The process of one background teacher import (impor-proses.ts): `node impor-proses-main.ts <run id>`
// with the server's environment and the actor of the request that started or resumed the run
// (IMPOR_AKTOR). Runs the claimed run to its end, cancellation or failure, as the server would.
import { setPriority } from 'node:os';
import { loadConfig } from '../../config.ts';
import { openDatabase } from '../../db/client.ts';
import { requestScopedDb, requestScopedFiles, type AuditActor } from '../../db/request-context.ts';
import { setZonaKantor } from '../../domain/waktu-kantor.ts';
import { openConfiguredFileStore } from '../../lib/file-stores.ts';
import { imporTugasService } from './impor-tugas.ts';

const log = (msg: string, err?: unknown) => console.error(JSON.stringify({ level: 50, time: Date.now(), pid: process.pid, msg, err: err instanceof Error ? { message: err.message, stack: err.stack } : err }));

const runId = Number(process.argv[2]);
const actor = JSON.parse(process.env.IMPOR_AKTOR ?? 'null') as AuditActor | null;
if (!Number.isInteger(runId) || runId <= 0 || !actor) {
  log('proses impor: nomor impor atau pelaku tidak diberikan');
  process.exit(2);
}
// Below the server's requests (and its database connections' work) for the CPU.
try {
  setPriority(10);
} catch {
  // Not permitted here: the run goes on at the same priority.
}
// Its server is gone (stopped or crashed): stop as well. A batch in flight is rolled back with
// the connection; the run's row shows it stopped and it is resumed from its position.
process.on('disconnect', () => process.exit(0));

const config = loadConfig();
// The office's zone decides the import's "today" (server/domain/waktu-kantor.ts), as in the server.
setZonaKantor(config.officeTimezone);
if (!config.databaseUrl) {
  log('proses impor: DATABASE_URL tidak diatur');
  process.exit(2);
}
const database = await openDatabase({ databaseUrl: config.databaseUrl, poolSize: 2, connectTimeoutMs: config.dbConnectTimeoutMs, statementTimeoutMs: config.dbStatementTimeoutMs });
try {
  const files = await openConfiguredFileStore(config, database.writeDb, (message) => log(message));
  const db = requestScopedDb(database.db, database.writeDb);
  const service = imporTugasService({ db, writeDb: database.writeDb, files: requestScopedFiles(files, db), now: () => new Date(), onChanged: () => undefined, log: (err) => log('impor latar belakang gagal', err) });
  await service.runClaimed(runId, actor);
} finally {
  await database.close();
}
process.exit(0);
