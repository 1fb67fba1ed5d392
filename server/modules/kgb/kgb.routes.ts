import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  arsipQuery,
  kgbListQuery,
  KGB_MSG,
  signatureBody,
  signLetterBody,
  type ArsipKgbItem,
  type KgbPdf,
} from '#contract/kgb.ts';
import { batalBody, penundaanBody } from '#contract/kgb-forms.ts';
import { idParam } from '#contract/user.ts';
import { ok, page } from '../../lib/envelope.ts';
import { cappedPage } from '../../lib/capped-count.ts';
import { errors } from '../../lib/errors.ts';
import { sendPdf } from '../../lib/pdf-reply.ts';
import { currentUser } from '../../plugins/auth.ts';
import { ownNpsn } from '../../lib/scope.ts';
import { guruRepository } from '../guru/guru.repository.ts';
import { requireGuru } from '../guru/guru-access.ts';
import { arsipItemOf, kgbService, toSurat } from './kgb.service.ts';
import { dueItems } from './due-item.ts';
import { secretOf } from './signer.ts';
import { markCancelled } from './letter.ts';
import type { AppDeps } from '../../deps.ts';
import { peringatanData } from '../../domain/golongan-awal.ts';
import { catatanSkp } from './skp-kgb.ts';
import { recordSecurityEvent } from '../audit/security-events.ts';

export const KGB_PAGE_SIZE = 10;

/** SPEC §7 "KGB process": due list, letter, verification, signature, archive. */
export function kgbRoutes(base: FastifyInstance, deps: AppDeps): void {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { db } = deps.database;
  const service = kgbService(db, deps.files, {
    publicUrl: deps.config.publicUrl,
    retirementAge: deps.config.retirementAge,
    signer: deps.signer,
    sealIdSubscriber: deps.config.signer.kind === 'bsre' ? deps.config.signer.sealIdSubscriber : undefined,
    waktu: deps.waktu,
    salaryTables: deps.salaryTables,
  });
  const guruRepo = guruRepository(db, deps.config.retirementAge);
  const admin = { access: 'admin' } as const;
  const today = () => deps.waktu.hariIni(deps.now());

  app.get('/api/kgb', { config: { access: 'user' }, schema: { querystring: kgbListQuery } }, async (request) => {
    const q = request.query;
    const now = today();
    const { rows, total, more } = await service.repo.dueList({
      today: now,
      cari: q.cari,
      bp: q.bentuk_pendidikan,
      npsn: ownNpsn(currentUser(request).user),
      page: q.page,
      perPage: KGB_PAGE_SIZE,
      retirementAge: deps.config.retirementAge,
    });
    const items = await dueItems(db, service.repo, rows, now, deps.config.retirementAge);
    return ok(cappedPage({ rows: items, total, more }, q.page, KGB_PAGE_SIZE));
  });

  app.get('/api/kgb/:id/pdf', { config: admin, schema: { params: idParam } }, async (request) => {
    const id = request.params.id;
    await requireGuru(guruRepo, currentUser(request).user, id);
    const { plan } = await service.planOf(id);
    const letter = await service.repo.letterFor(id, plan.tmt);
    const official = letter ? await service.officialOf(letter) : null;
    const answer: KgbPdf = {
      pdfLink: letter ? `/api/kgb/surat/${letter.id}/pdf` : `/api/kgb/${id}/draft.pdf`,
      status: letter ? (letter.status as KgbPdf['status']) : 'draft',
      surat: letter ? toSurat(letter, official) : null,
      peringatan: peringatanData((await service.repo.teacher(id))!.g),
      catatan_skp: await catatanSkp(db, id, plan.tmt),
      rencana: {
        tmt: plan.tmt,
        gaji_lama: plan.gajiLama,
        gaji_baru: plan.gajiBaru,
        mkg_baru: plan.mkgBaru,
        golongan: plan.golongan,
        regulasi: plan.persen === 100 ? plan.regulasi : `${plan.regulasi}, ${plan.persen}% bagi CPNS`,
      },
    };
    return ok(answer);
  });

  app.get('/api/kgb/:id/draft.pdf', { config: admin, schema: { params: idParam } }, async (request, reply) => {
    await requireGuru(guruRepo, currentUser(request).user, request.params.id);
    const pdf = await service.draftPdf(request.params.id, today());
    return reply
      .header('content-type', 'application/pdf')
      .header('content-disposition', `inline; filename="draf-kgb-${request.params.id}.pdf"`)
      .header('cache-control', 'no-store')
      .send(pdf);
  });

  app.get('/api/kgb/surat/:id/pdf', { config: admin, schema: { params: idParam } }, async (request, reply) => {
    const letter = await service.repo.letterById(request.params.id);
    if (!letter) throw errors.notFound(KGB_MSG.noLetter);
    // The signed file once there is one (a cancelled signed letter too), else the verified one.
    const stored = await deps.files.get(letter.signedKey ?? letter.pdfKey);
    if (!stored) throw errors.notFound(KGB_MSG.noLetter);
    // A cancelled letter is shown marked DIBATALKAN (the stored original stays as it was signed).
    let bytes = stored;
    if (letter.status === 'cancelled') {
      const pengganti = await service.repo.replacementOf(letter.id);
      bytes = await markCancelled(stored, {
        tanggal: deps.waktu.hariIni(letter.batalAt ?? deps.now()),
        alasan: letter.alasanBatal ?? '-',
        pengganti: pengganti && pengganti.status !== 'cancelled' ? pengganti.nomor : null,
      });
    }
    return sendPdf(reply, bytes, `kgb-${letter.kodeDokumen}.pdf`);
  });

  // SPEC §7 calls verification with GET; POST does the same for clients that prefer it.
  for (const method of ['GET', 'POST'] as const) {
    app.route({
      method,
      url: '/api/kgb/:id/verifikasi',
      // GET writes here (SPEC): no automatic HEAD twin that would write too.
      exposeHeadRoute: false,
      config: { ...admin, transaction: 'request' },
      schema: { params: idParam },
      handler: async (request) => {
        const { id } = request.params as { id: number };
        const { user } = currentUser(request);
        await requireGuru(guruRepo, user, id);
        const letter = await service.verify(id, user.id, deps.now());
        return ok(toSurat(letter, await service.officialOf(letter)), KGB_MSG.verified);
      },
    });
  }

  // Manual transactions: a wrong passphrase is counted although the request fails.
  app.post(
    '/api/kgb/:id/signature',
    { config: { ...admin, transaction: 'manual' }, schema: { params: idParam, body: signLetterBody } },
    async (request) => {
      const { user } = currentUser(request);
      await requireGuru(guruRepo, user, request.params.id);
      let letter;
      try {
        letter = await service.sign(
          request.params.id,
          user.id,
          secretOf(request.body),
          deps.now(),
          request.body.terima_data_belum_diverifikasi === true,
        );
      } catch (err) {
        // Wrong signing passphrases and the lock after them are security events (ASVS 7.2).
        const code = (err as { code?: string }).code;
        if (code === 'kgb.wrong_passphrase')
          await recordSecurityEvent(deps.database.writeDb, request, 'passphrase_salah', { guru_id: request.params.id });
        if (code === 'kgb.sign_throttled')
          await recordSecurityEvent(deps.database.writeDb, request, 'passphrase_ditahan', {
            guru_id: request.params.id,
          });
        throw err;
      }
      return ok(toSurat(letter, await service.officialOf(letter)), KGB_MSG.signed);
    },
  );

  // Cancelling a verified or signed letter: administrators, with a reason.
  app.post(
    '/api/kgb/surat/:id/batal',
    { config: admin, schema: { params: idParam, body: batalBody } },
    async (request) => {
      const found = await service.repo.letterById(request.params.id);
      if (!found) throw errors.notFound(KGB_MSG.noLetter);
      await requireGuru(guruRepo, currentUser(request).user, found.guruId);
      const letter = await service.cancel(
        request.params.id,
        currentUser(request).user.id,
        request.body.alasan,
        deps.now(),
      );
      return ok(toSurat(letter, await service.officialOf(letter)), KGB_MSG.cancelled);
    },
  );

  // The cancellation notice to the payroll office for a signed letter that was cancelled, signed by the active official.
  app.post(
    '/api/kgb/surat/:id/pembatalan',
    { config: { ...admin, transaction: 'manual' }, schema: { params: idParam, body: signatureBody } },
    async (request, reply) => {
      const found = await service.repo.letterById(request.params.id);
      if (!found) throw errors.notFound(KGB_MSG.noLetter);
      const { user } = currentUser(request);
      await requireGuru(guruRepo, user, found.guruId);
      let pdf: Buffer;
      try {
        pdf = await service.cancellationNotice(request.params.id, user.id, secretOf(request.body), deps.now());
      } catch (err) {
        const code = (err as { code?: string }).code;
        if (code === 'kgb.wrong_passphrase')
          await recordSecurityEvent(deps.database.writeDb, request, 'passphrase_salah', {
            surat_id: request.params.id,
          });
        if (code === 'kgb.sign_throttled')
          await recordSecurityEvent(deps.database.writeDb, request, 'passphrase_ditahan', {
            surat_id: request.params.id,
          });
        throw err;
      }
      return sendPdf(reply, pdf, `pembatalan-${found.kodeDokumen}.pdf`, 'attachment');
    },
  );

  // Postponements (penundaan KGB): administrators record and read them per teacher.
  app.get('/api/kgb/:id/penundaan', { config: admin, schema: { params: idParam } }, async (request) => {
    await requireGuru(guruRepo, currentUser(request).user, request.params.id);
    return ok(await service.postponements(request.params.id));
  });

  app.post(
    '/api/kgb/:id/penundaan',
    { config: admin, schema: { params: idParam, body: penundaanBody } },
    async (request) => {
      await requireGuru(guruRepo, currentUser(request).user, request.params.id);
      return ok(
        await service.postpone(request.params.id, request.body, currentUser(request).user.id, deps.now()),
        KGB_MSG.postponed,
      );
    },
  );

  app.delete('/api/kgb/penundaan/:id', { config: admin, schema: { params: idParam } }, async (request) => {
    const found = await service.repo.postponementById(request.params.id);
    if (!found) throw errors.notFound(KGB_MSG.postponementNotFound);
    await requireGuru(guruRepo, currentUser(request).user, found.guruId);
    return ok((await service.removePostponement(request.params.id, deps.now())).rows, KGB_MSG.postponementDeleted);
  });

  /** The teacher's latest letter (verified or signed), for the sign page guru/verifikasi-kgb/{id}. */
  app.get('/api/kgb/:id/surat', { config: admin, schema: { params: idParam } }, async (request) => {
    await requireGuru(guruRepo, currentUser(request).user, request.params.id);
    const letter = await service.repo.latestLetter(request.params.id);
    if (!letter) throw errors.notFound(KGB_MSG.noLetter);
    const teacher = await service.repo.teacher(request.params.id);
    return ok({
      ...toSurat(letter, await service.officialOf(letter)),
      peringatan: teacher ? peringatanData(teacher.g) : [],
    });
  });

  app.get('/api/arsip/kgb', { config: admin, schema: { querystring: arsipQuery } }, async (request) => {
    const { page: p, ...filter } = request.query;
    const { rows, total } = await service.repo.archive(p, KGB_PAGE_SIZE, filter);
    const items: ArsipKgbItem[] = rows.map((r) => ({
      ...arsipItemOf(r),
      status: r.surat.status === 'cancelled' ? 'cancelled' : 'signed',
    }));
    return ok(page(items, total, p, KGB_PAGE_SIZE));
  });
}
