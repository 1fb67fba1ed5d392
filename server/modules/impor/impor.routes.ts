import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { idParam as idParamSchema } from '#contract/user.ts';
import {
  IMPOR_MAX_BYTES,
  IMPOR_MSG,
  IMPOR_TUGAS_MAX_BYTES,
  IMPOR_TUGAS_MAX_FILE_BYTES,
  IMPOR_TUGAS_MAX_FILES,
  IMPOR_TUGAS_MSG,
  SEKOLAH_IMPOR_MSG,
  SK_IMPOR_MSG,
} from '#contract/impor.ts';
import { runActorOf } from '../../plugins/auth.ts';
import { sendCsv, type CsvColumn } from '../../lib/csv.ts';
import type { AuditActor } from '../../db/request-context.ts';
import { imporTugasService } from './impor-tugas.ts';
import { runProcessPlace, startRunProcess } from '../../lib/run-process.ts';
import type { ImporProsesPayload } from './impor-proses-main.ts';

const IMPOR_PROSES = new URL('./impor-proses-main.ts', import.meta.url);
import type { ImporTugasLaporan } from '#contract/impor.ts';
import { ok } from '../../lib/envelope.ts';
import { AppError, errors } from '../../lib/errors.ts';
import { isUniqueViolation } from '../../lib/db-errors.ts';
import { readCheckedMultipart } from '../../lib/multipart.ts';
import { applyRows, checkRows, readWorkbook, summarize, templateXlsx } from './impor.service.ts';
import { lockImport } from './impor.repository.ts';
import { applySkRows, checkSkRows, readSkWorkbook, skTemplateXlsx, summarizeSk } from './sk-impor.ts';
import { applySekolahRows, checkSekolahRows, readSekolahWorkbook, summarizeSekolah } from './sekolah-impor.ts';
import { kantorRepository } from '../kantor/kantor.repository.ts';
import type { AppDeps } from '../../deps.ts';

const AKSI_LAPORAN: Record<ImporTugasLaporan['aksi'], string> = {
  baru: 'Baru',
  ubah: 'Diubah',
  sama: 'Sama',
  galat: 'Galat',
  tendik: 'Bukan guru',
  tidak_ada: 'Tidak ada di berkas',
  berkas: 'Berkas',
};
const LAPORAN_KOLOM: CsvColumn<ImporTugasLaporan>[] = [
  { header: 'Berkas', value: (r) => r.berkas },
  { header: 'Baris', value: (r) => r.baris },
  { header: 'NIP', value: (r) => r.nip },
  { header: 'Nama', value: (r) => r.nama },
  { header: 'Hasil', value: (r) => AKSI_LAPORAN[r.aksi] },
  { header: 'Keterangan', value: (r) => r.keterangan },
];

/** Teacher import from Excel (administrators): template, preview, confirmed import. */
export function imporRoutes(app: FastifyInstance, deps: AppDeps): void {
  const { db } = deps.database;
  const admin = { access: 'admin' } as const;

  // The background import (docs/domain/dapodik.md, "Impor besar"): many files at once, written in
  // batches with progress; cancelled and resumed from the first batch not written.
  const log = (err: unknown) => app.log.error({ err }, 'impor latar belakang gagal');
  // On PostgreSQL the run goes on in a process of its own (server/lib/run-process.ts, PROSES_LATAR).
  const place = runProcessPlace(deps.config, deps.database);
  const runElsewhere = place
    ? (runId: number, actor: AuditActor) =>
        startRunProcess(IMPOR_PROSES, place, { runId, actor } satisfies ImporProsesPayload, deps.now, log)
    : undefined;
  const tugas = imporTugasService({
    db,
    writeDb: deps.database.writeDb,
    files: deps.files,
    now: deps.now,
    onChanged: () => undefined,
    log,
    runElsewhere,
  });
  // The run keeps its own transactions (one per batch) and its row is written on the write pool:
  // the request holds none (on PGlite a request transaction would wait for itself).
  const manual = { ...admin, transaction: 'manual' } as const;
  const idParam = { params: idParamSchema };

  app.post('/api/guru/import/tugas', { config: manual }, async (request, reply) => {
    // One file may be a province's (up to IMPOR_TUGAS_MAX_ROWS rows): each is bounded by the whole upload's size.
    const { fields, list } = await readCheckedMultipart(
      request,
      IMPOR_TUGAS_MAX_FILE_BYTES,
      IMPOR_TUGAS_MSG.fileTooLarge,
      async (form) => form,
      {
        maxFiles: IMPOR_TUGAS_MAX_FILES,
        maxTotalBytes: IMPOR_TUGAS_MAX_BYTES,
        tooManyMessage: IMPOR_TUGAS_MSG.tooManyFiles,
        tooLargeInAllMessage: IMPOR_TUGAS_MSG.tooLarge,
      },
    );
    const run = await tugas.start(
      list.map((f, i) => ({ nama: f.filename || `berkas-${i + 1}.xlsx`, bytes: f.bytes })),
      fields.npsn,
      runActorOf(request),
    );
    return reply.code(202).send(ok(run, IMPOR_TUGAS_MSG.started));
  });
  app.get('/api/guru/import/tugas', { config: admin }, async () => ok(await tugas.list()));
  app.get('/api/guru/import/tugas/:id', { config: admin, schema: idParam }, async (request) =>
    ok(await tugas.view((request.params as { id: number }).id)),
  );
  app.post('/api/guru/import/tugas/:id/batal', { config: manual, schema: idParam }, async (request) =>
    ok(await tugas.cancel((request.params as { id: number }).id), IMPOR_TUGAS_MSG.cancelRequested),
  );
  app.post('/api/guru/import/tugas/:id/lanjut', { config: manual, schema: idParam }, async (request) =>
    ok(await tugas.resume((request.params as { id: number }).id, runActorOf(request)), IMPOR_TUGAS_MSG.resumed),
  );
  // The run's report as CSV (Excel opens it): every row that needs the office's eye.
  app.get('/api/guru/import/tugas/:id/laporan', { config: admin, schema: idParam }, async (request, reply) => {
    const { tugas: run, baris } = await tugas.laporan((request.params as { id: number }).id);
    const ringkas = run.ringkasan;
    // The counts first (they are complete; the rows below stop at a cap), then a row a line.
    const head: ImporTugasLaporan = {
      berkas: `${run.berkas.length} berkas`,
      baris: null,
      nip: null,
      nama: null,
      aksi: 'berkas',
      keterangan: `Baru ${ringkas.baru}, diubah ${ringkas.ubah}, sama ${ringkas.sama}, galat ${ringkas.galat}, bukan guru ${ringkas.tendik}, konflik ${ringkas.konflik}${run.laporan_lebih ? '; daftar di bawah dipotong' : ''}`,
    };
    return sendCsv(reply, `laporan-impor-${run.id}.csv`, LAPORAN_KOLOM, [head, ...baris]);
  });

  /** An import's template workbook, as a download. */
  const sendTemplate = (reply: FastifyReply, filename: string, xlsx: Buffer) =>
    reply
      .header('content-type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
      .header('content-disposition', `attachment; filename="${filename}"`)
      .send(xlsx);

  /** The uploaded workbook, read by `reader` (and its size guarded) before the request's transaction opens. */
  function readUpload<T>(request: FastifyRequest, reader: (bytes: Buffer) => Promise<T>) {
    return readCheckedMultipart(request, IMPOR_MAX_BYTES, IMPOR_MSG.tooLarge, async ({ fields, files }) => {
      if (!files.file) throw errors.validation({ file: IMPOR_MSG.noFile });
      return { fields, rows: await reader(files.file.bytes) };
    });
  }

  app.get('/api/guru/import/template', { config: admin }, async (_request, reply) =>
    sendTemplate(reply, 'template-impor-guru.xlsx', await templateXlsx()),
  );

  // Checks every row; nothing is written. `npsn` names the school of a Dapodik file without an NPSN column.
  app.post('/api/guru/import/preview', { config: admin }, async (request) => {
    const { fields, rows: workbook } = await readUpload(request, readWorkbook);
    return ok(summarize(await checkRows(db, workbook, fields.npsn)), IMPOR_MSG.previewDone);
  });

  // The same checks again (the database may have changed), then the valid rows, in the request's
  // transaction. Imports run one at a time: a second one waits and then sees what the first wrote.
  app.post('/api/guru/import', { config: admin }, async (request) => {
    const { fields, rows: workbook } = await readUpload(request, readWorkbook);
    if (fields.konfirmasi !== 'ya') throw errors.validation({ konfirmasi: IMPOR_MSG.notConfirmed });
    await lockImport(db);
    const checked = await checkRows(db, workbook, fields.npsn);
    try {
      const done = await applyRows(db, checked.rows, deps.now());
      return ok({ ...summarize(checked), ...done }, IMPOR_MSG.imported);
    } catch (err) {
      if (isUniqueViolation(err))
        throw new AppError(409, 'impor.conflict', 'Data berubah saat impor (NIP ganda); ulangi pratinjau');
      throw err;
    }
  });

  // The decree history (docs/domain/dapodik.md "Riwayat SK"): template, preview, confirmed import
  // of verified KGB and rank decrees, after which the teachers' profile follows their record.
  app.get('/api/riwayat-sk/import/template', { config: admin }, async (_request, reply) =>
    sendTemplate(reply, 'template-impor-riwayat-sk.xlsx', await skTemplateXlsx()),
  );
  const readSk = (request: FastifyRequest) => readUpload(request, readSkWorkbook);

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
    const done = await applySkRows(db, checked, deps.now(), deps.waktu.zona());
    return ok({ ...summarizeSk(checked), ...done }, SK_IMPOR_MSG.imported);
  });

  // The schools from the Dapodik / Data Pokok Sekolah list (docs/domain/dapodik.md "Sekolah"):
  // preview, then the confirmed import, matched by NPSN, under the same one-at-a-time lock.
  const readSekolah = (request: FastifyRequest) => readUpload(request, readSekolahWorkbook);
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
