import type { FastifyInstance, FastifyRequest } from 'fastify';
import { IMPOR_MAX_BYTES, IMPOR_MSG } from '#contract/impor.ts';
import { ok } from '../../lib/envelope.ts';
import { AppError, errors } from '../../lib/errors.ts';
import { isUniqueViolation } from '../../lib/db-errors.ts';
import { readCheckedMultipart } from '../../lib/multipart.ts';
import { applyRows, checkRows, lockImport, readWorkbook, summarize, templateXlsx } from './impor.service.ts';
import type { AppDeps } from '../../deps.ts';

/** Teacher import from Excel (administrators): template, preview, confirmed import. */
export function imporRoutes(app: FastifyInstance, deps: AppDeps): void {
  const { db } = deps.database;
  const admin = { access: 'admin' } as const;

  app.get('/api/guru/import/template', { config: admin }, async (_request, reply) =>
    reply
      .header('content-type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
      .header('content-disposition', 'attachment; filename="template-impor-guru.xlsx"')
      .send(await templateXlsx()),
  );

  /** The workbook is read (and its size guarded) before the request's transaction opens. */
  function read(request: FastifyRequest) {
    return readCheckedMultipart(request, IMPOR_MAX_BYTES, IMPOR_MSG.tooLarge, async ({ fields, files }) => {
      if (!files.file) throw errors.validation({ file: IMPOR_MSG.noFile });
      return { fields, workbook: await readWorkbook(files.file.bytes) };
    });
  }

  // Checks every row; nothing is written. `npsn` names the school of a Dapodik file without an NPSN column.
  app.post('/api/guru/import/preview', { config: admin }, async (request) => {
    const { fields, workbook } = await read(request);
    return ok(summarize(await checkRows(db, workbook, fields.npsn)), IMPOR_MSG.previewDone);
  });

  // The same checks again (the database may have changed), then the valid rows, in the request's
  // transaction. Imports run one at a time: a second one waits and then sees what the first wrote.
  app.post('/api/guru/import', { config: admin }, async (request) => {
    const { fields, workbook } = await read(request);
    if (fields.konfirmasi !== 'ya') throw errors.validation({ konfirmasi: IMPOR_MSG.notConfirmed });
    await lockImport(db);
    const checked = await checkRows(db, workbook, fields.npsn);
    try {
      const done = await applyRows(db, checked.rows, deps.now());
      return ok({ ...summarize(checked), ...done }, IMPOR_MSG.imported);
    } catch (err) {
      if (isUniqueViolation(err)) throw new AppError(409, 'impor.conflict', 'Data berubah saat impor (NIP ganda); ulangi pratinjau');
      throw err;
    }
  });
}
