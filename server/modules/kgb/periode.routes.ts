import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  gajiQuery,
  kembalikanBody,
  nominatifBody,
  nominatifQuery,
  periodeBatchBody,
  periodeQuery,
  periodeTtdBody,
  PERIODE_MSG,
  statusGajiBody,
} from '#contract/kgb-periode.ts';
import { idParam } from '#contract/user.ts';
import { ok } from '../../lib/envelope.ts';
import { sendXlsx } from '../../lib/xlsx.ts';
import { sendCsv, type CsvColumn } from '../../lib/csv.ts';
import { sendPdf } from '../../lib/pdf-reply.ts';
import { currentUser, runActorOf } from '../../plugins/auth.ts';
import type { AppDeps } from '../../deps.ts';
import { recordSecurityEvent } from '../audit/security-events.ts';
import { statCacheOf } from '../statistik/statistik.cache.ts';
import { periodeServiceOf, type PeriodeRunLanjut } from './periode.service.ts';
import { runProcessPlace, startRunProcess } from '../../lib/run-process.ts';

const PERIODE_PROSES = new URL('./periode-proses-main.ts', import.meta.url);
import type { NominatifRow } from './nominatif.ts';
import { secretOf } from './signer.ts';

/** The monthly KGB run : administrators only, like every letter. */
export function periodeRoutes(base: FastifyInstance, deps: AppDeps): void {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const cache = statCacheOf(app, deps);
  const log = (err: unknown) => app.log.error({ err }, 'proses KGB bulanan gagal');
  // On PostgreSQL a run goes on in a process of its own (server/lib/run-process.ts, PROSES_LATAR).
  const place = runProcessPlace(deps.config, deps.database);
  const service = periodeServiceOf({
    db: deps.database.db,
    writeDb: deps.database.writeDb,
    files: deps.files,
    config: deps.config,
    signer: deps.signer,
    now: deps.now,
    waktu: deps.waktu,
    salaryTables: deps.salaryTables,
    onChanged: () => cache.clear(),
    log,
    ...(place
      ? { runElsewhere: (run: PeriodeRunLanjut) => startRunProcess(PERIODE_PROSES, place, run, deps.now, log) }
      : {}),
  });
  const admin = { access: 'admin' } as const;
  // Runs keep their own transactions (one per letter); the request holds none.
  const manual = { ...admin, transaction: 'manual' } as const;

  app.get('/api/kgb/periode', { config: admin, schema: { querystring: periodeQuery } }, async (request) =>
    ok(await service.view(request.query.bulan, deps.now())),
  );

  app.post('/api/kgb/periode/draf', { config: admin, schema: { body: periodeBatchBody } }, async (request) => {
    const { n, periode } = await service.makeDrafts(
      request.body.bulan,
      request.body.guru_ids,
      currentUser(request).user.id,
      deps.now(),
    );
    return ok(periode, PERIODE_MSG.draftsMade(n));
  });

  app.post('/api/kgb/periode/kembalikan', { config: admin, schema: { body: kembalikanBody } }, async (request) => {
    const { bulan, guru_id, catatan } = request.body;
    await service.returnDraft(bulan, guru_id, catatan, currentUser(request).user.id, deps.now());
    return ok(await service.view(bulan, deps.now()), PERIODE_MSG.returned);
  });

  app.post(
    '/api/kgb/periode/verifikasi',
    { config: manual, schema: { body: periodeBatchBody } },
    async (request, reply) => {
      const run = await service.startVerify(request.body.bulan, request.body.guru_ids, runActorOf(request), deps.now());
      return reply.code(202).send(ok(run, PERIODE_MSG.verifyStarted(run.total)));
    },
  );

  app.post('/api/kgb/periode/ttd', { config: manual, schema: { body: periodeTtdBody } }, async (request, reply) => {
    const { bulan, surat_ids, pejabat_id, terima_data_belum_diverifikasi } = request.body;
    try {
      const run = await service.startSign(
        bulan,
        surat_ids,
        secretOf(request.body),
        runActorOf(request),
        deps.now(),
        pejabat_id,
        terima_data_belum_diverifikasi === true,
      );
      return reply.code(202).send(ok(run, PERIODE_MSG.signStarted(run.total)));
    } catch (err) {
      const code = (err as { code?: string }).code;
      if (code === 'kgb.wrong_passphrase')
        await recordSecurityEvent(deps.database.writeDb, request, 'passphrase_salah', { bulan });
      if (code === 'kgb.sign_throttled')
        await recordSecurityEvent(deps.database.writeDb, request, 'passphrase_ditahan', { bulan });
      throw err;
    }
  });

  app.get('/api/kgb/tugas/:id', { config: admin, schema: { params: idParam } }, async (request) =>
    ok(await service.run(request.params.id, deps.now())),
  );

  app.get(
    '/api/kgb/periode/nominatif',
    { config: admin, schema: { querystring: nominatifQuery } },
    async (request, reply) => {
      const q = request.query;
      const rows = await service.nominatif(q);
      const nama = q.bulan ?? `ttd-${q.tanggal_ttd}`;
      const mkg = (m: { tahun: number; bulan: number }) => `${m.tahun} tahun ${m.bulan} bulan`;
      // The totals row ends the sheet (the PDF has the same).
      const total: NominatifRow = {
        nip: '',
        nama: `JUMLAH (${rows.length} pegawai)`,
        jenis: '',
        pangkat: null,
        golongan: '',
        sekolah: null,
        mkgLama: { tahun: 0, bulan: 0 },
        mkgBaru: { tahun: 0, bulan: 0 },
        gajiLama: rows.reduce((n, r) => n + (r.gajiLama ?? 0), 0),
        gajiBaru: rows.reduce((n, r) => n + r.gajiBaru, 0),
        tmt: '',
        nomor: '',
        tanggalSurat: '',
        ditandatangani: '',
        rapel: { bulan: 0, jumlah: rows.reduce((n, r) => n + (r.rapel?.jumlah ?? 0), 0) },
      };
      const isTotal = (r: NominatifRow) => r === total;
      return sendXlsx<NominatifRow>(
        reply,
        `nominatif-kgb-${nama}.xlsx`,
        `KGB ${nama}`,
        [
          { header: 'NIP / NI PPPK', value: (r) => r.nip, width: 21 },
          { header: 'Nama', value: (r) => r.nama, width: 32 },
          { header: 'Status', value: (r) => r.jenis, width: 8 },
          { header: 'Pangkat', value: (r) => r.pangkat ?? '', width: 22 },
          { header: 'Golongan', value: (r) => r.golongan, width: 10 },
          { header: 'Sekolah', value: (r) => r.sekolah, width: 30 },
          { header: 'MKG Lama', value: (r) => (isTotal(r) ? '' : mkg(r.mkgLama)), width: 16 },
          { header: 'Gaji Pokok Lama', value: (r) => r.gajiLama, format: 'rupiah', width: 16 },
          { header: 'MKG Baru', value: (r) => (isTotal(r) ? '' : mkg(r.mkgBaru)), width: 16 },
          { header: 'Gaji Pokok Baru', value: (r) => r.gajiBaru, format: 'rupiah', width: 16 },
          { header: 'TMT', value: (r) => r.tmt || null, format: 'date', width: 12 },
          { header: 'Nomor Surat', value: (r) => r.nomor, width: 28 },
          { header: 'Ditandatangani', value: (r) => r.ditandatangani || null, format: 'date', width: 14 },
          { header: 'Rapel (bulan)', value: (r) => (isTotal(r) ? null : (r.rapel?.bulan ?? 0)), width: 12 },
          { header: 'Rapel (Rp)', value: (r) => r.rapel?.jumlah ?? 0, format: 'rupiah', width: 16 },
        ],
        (async function* () {
          yield rows;
        })(),
        { total: () => total },
      );
    },
  );

  // The payroll office's file (docs/domain/dapodik.md "Ke bagian gaji"): the signed letters of a TMT
  // month or a dispatch day, one row a letter, in the columns a payroll application keys in.
  app.get('/api/kgb/periode/gaji', { config: admin, schema: { querystring: gajiQuery } }, async (request, reply) => {
    const q = request.query;
    const rows = await service.nominatif(q);
    const nama = `gaji-kgb-${q.bulan ?? `ttd-${q.tanggal_ttd}`}`;
    const columns: (CsvColumn<NominatifRow> & { width: number; format?: 'date' | 'rupiah' | 'int' })[] = [
      { header: 'NIP / NI PPPK', value: (r) => r.nip, width: 21 },
      { header: 'Nama', value: (r) => r.nama, width: 32 },
      { header: 'Status Pegawai', value: (r) => r.jenis, width: 10 },
      { header: 'Golongan', value: (r) => r.golongan, width: 10 },
      { header: 'Nomor SK', value: (r) => r.nomor, width: 28 },
      { header: 'Tanggal SK', value: (r) => r.tanggalSurat, format: 'date', width: 12 },
      { header: 'TMT', value: (r) => r.tmt, format: 'date', width: 12 },
      { header: 'MKG Tahun', value: (r) => r.mkgBaru.tahun, format: 'int', width: 10 },
      { header: 'MKG Bulan', value: (r) => r.mkgBaru.bulan, format: 'int', width: 10 },
      { header: 'Gaji Pokok Lama', value: (r) => r.gajiLama, format: 'rupiah', width: 16 },
      { header: 'Gaji Pokok Baru', value: (r) => r.gajiBaru, format: 'rupiah', width: 16 },
      { header: 'Rapel Bulan', value: (r) => r.rapel?.bulan ?? 0, format: 'int', width: 11 },
      { header: 'Rapel Jumlah', value: (r) => r.rapel?.jumlah ?? 0, format: 'rupiah', width: 16 },
    ];
    if (q.format === 'csv') return sendCsv(reply, `${nama}.csv`, columns, rows);
    return sendXlsx<NominatifRow>(
      reply,
      `${nama}.xlsx`,
      'Gaji KGB',
      columns,
      (async function* () {
        yield rows;
      })(),
    );
  });

  app.post(
    '/api/kgb/surat/:id/status-gaji',
    { config: admin, schema: { params: idParam, body: statusGajiBody } },
    async (request) => {
      await service.recordGaji(request.params.id, request.body, currentUser(request).user.id, deps.now());
      return ok(null, PERIODE_MSG.gajiRecorded);
    },
  );

  app.post(
    '/api/kgb/periode/nominatif',
    { config: manual, schema: { body: nominatifBody } },
    async (request, reply) => {
      const { bulan, tanggal_ttd, bulan_gaji } = request.body;
      let pdf: Buffer;
      try {
        pdf = await service.nominatifPdf(
          { bulan, tanggal_ttd, bulan_gaji },
          currentUser(request).user.id,
          secretOf(request.body),
          deps.now(),
        );
      } catch (err) {
        if ((err as { code?: string }).code === 'kgb.wrong_passphrase')
          await recordSecurityEvent(deps.database.writeDb, request, 'passphrase_salah', {
            bulan: bulan ?? tanggal_ttd,
          });
        throw err;
      }
      return sendPdf(reply, pdf, `nominatif-kgb-${bulan ?? `ttd-${tanggal_ttd}`}.pdf`, 'attachment');
    },
  );
}
