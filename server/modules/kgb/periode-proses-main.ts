// The process of one KGB month run (server/lib/run-process.ts, decision 0058): goes on with the
// verification or signature its server started, letter by letter, as the server would: the
// letters' drawing, numbering and signing (through the office's key or BSrE) off the server's
// event loop. The signing secret comes over the IPC channel and lives only in this process's memory.
import { logLine, runInProcess } from '../../lib/run-process-child.ts';
import { periodeServiceOf, type PeriodeRunLanjut } from './periode.service.ts';
import { signerOf } from './signers.ts';
import { salaryTables } from './kgb.repository.ts';

await runInProcess<PeriodeRunLanjut>(async ({ config, database, db, files, payload, now, waktu }) => {
  const service = periodeServiceOf({
    db,
    writeDb: database.writeDb,
    files,
    config,
    signer: signerOf(config.signer),
    now,
    waktu,
    salaryTables: salaryTables(),
    // The statistics caches of every server hear the letters' changes from the database (decision 0039).
    onChanged: () => undefined,
    log: (err) => logLine('proses KGB bulanan gagal', err),
  });
  await service.continueRun(payload);
});
