import type { FastifyInstance, FastifyRequest } from 'fastify';
import { IMPOR_MAX_BYTES, IMPOR_MSG, SEKOLAH_IMPOR_MSG, SK_IMPOR_MSG } from '#contract/impor.ts';
import { ok } from '../../lib/envelope.ts';
import { AppError, errors } from '../../lib/errors.ts';
import { isUniqueViolation } from '../../lib/db-errors.ts';
import { readCheckedMultipart } from '../../lib/multipart.ts';
import { applyRows, checkRows, lockImport, readWorkbook, summarize, templateXlsx } from './impor.service.ts';
import { applySkRows, checkSkRows, readSkWorkbook, skTemplateXlsx, summarizeSk } from './sk-impor.ts';
import { applySekolahRows, checkSekolahRows, readSekolahWorkbook, summarizeSekolah } from './sekolah-impor.ts';
import { kantorRepository } from '../kantor/kantor.repository.ts';
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

  // The decree history (docs/domain/dapodik.md "Riwayat SK"): template, preview, confirmed import
  // of verified KGB and rank decrees, after which the teachers' profile follows their record.
  app.get('/api/riwayat-sk/import/template', { config: admin }, async (_request, reply) =>
    reply
      .header('content-type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
      .header('content-disposition', 'attachment; filename="template-impor-riwayat-sk.xlsx"')
      .send(await skTemplateXlsx()),
  );

  function readSk(request: FastifyRequest) {
    return readCheckedMultipart(request, IMPOR_MAX_BYTES, IMPOR_MSG.tooLarge, async ({ fields, files }) => {
      if (!files.file) throw errors.validation({ file: IMPOR_MSG.noFile });
      return { fields, rows: await readSkWorkbook(files.file.bytes) };
    });
  }

  app.post('/api/riwayat-sk/import/preview', { config: admin }, async (request) => {
    const { rows } = await readSk(request);
    return ok(summarizeSk(await checkSkRows(db, rows)), SK_IMPOR_MSG.previewDone);
  });

  app.post('/api/riwayat-sk/import', { config: admin }, async (request) => {
    const { fields, rows } = await readSk(request);
    if (fields.konfirmasi !== 'ya') throw errors.validation({ konfirmasi: IMPOR_MSG.notConfirmed });
    // One import at a time (the teachers' lock): the same file twice writes each decree once.
    await lockImport(db);
    const checked = await checkSkRows(db, rows);
    const done = await applySkRows(db, checked, deps.now());
    return ok({ ...summarizeSk(checked), ...done }, SK_IMPOR_MSG.imported);
  });

  // The schools from the Dapodik / Data Pokok Sekolah list (docs/domain/dapodik.md "Sekolah"):
  // preview, then the confirmed import, matched by NPSN, under the same one-at-a-time lock.
  function readSekolah(request: FastifyRequest) {
    return readCheckedMultipart(request, IMPOR_MAX_BYTES, IMPOR_MSG.tooLarge, async ({ fields, files }) => {
      if (!files.file) throw errors.validation({ file: IMPOR_MSG.noFile });
      return { fields, rows: await readSekolahWorkbook(files.file.bytes) };
    });
  }
  const kantor = () => kantorRepository(db, deps.files).config();

  app.post('/api/sekolah/import/preview', { config: admin }, async (request) => {
    const { rows } = await readSekolah(request);
    return ok(summarizeSekolah(await checkSekolahRows(db, rows, await kantor())), SEKOLAH_IMPOR_MSG.previewDone);
  });

  app.post('/api/sekolah/import', { config: admin }, async (request) => {
    const { fields, rows } = await readSekolah(request);
    if (fields.konfirmasi !== 'ya') throw errors.validation({ konfirmasi: IMPOR_MSG.notConfirmed });
    await lockImport(db);
    const checked = await checkSekolahRows(db, rows, await kantor());
    try {
      const done = await applySekolahRows(db, checked, deps.now());
      return ok({ ...summarizeSekolah(checked), ...done }, SEKOLAH_IMPOR_MSG.imported);
    } catch (err) {
      if (isUniqueViolation(err)) throw new AppError(409, 'impor.conflict', SEKOLAH_IMPOR_MSG.conflict);
      throw err;
    }
  });
}
