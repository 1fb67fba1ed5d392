// The process of one background teacher import (server/lib/run-process.ts, decision 0058): runs the
// run its server claimed to its end, cancellation or failure, as the server would.
import type { AuditActor } from '../../db/request-context.ts';
import { logLine, runInProcess } from '../../lib/run-process-child.ts';
import { imporTugasService } from './impor-tugas.ts';

export interface ImporProsesPayload {
  runId: number;
  actor: AuditActor;
}

await runInProcess<ImporProsesPayload>(async ({ database, db, files, payload, now }) => {
  const service = imporTugasService({
    db,
    writeDb: database.writeDb,
    files,
    now,
    onChanged: () => undefined,
    log: (err) => logLine('impor latar belakang gagal', err),
  });
  await service.runClaimed(payload.runId, payload.actor);
});
