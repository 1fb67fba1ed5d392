import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  dokumenBody,
  KP_MSG,
  kpListQuery,
  kpPeriodeQuery,
  statusUsulBody,
  tetapkanBody,
  usulanBody,
  type KpUsulan,
} from '#contract/kenaikan-pangkat.ts';
import { idParam } from '#contract/user.ts';
import { GOLONGAN_PANGKAT } from '#contract/master-guru.ts';
import { ok } from '../../lib/envelope.ts';
import { errors } from '../../lib/errors.ts';
import { ownNpsn } from '../../lib/scope.ts';
import { sendXlsx } from '../../lib/xlsx.ts';
import { sendPdf } from '../../lib/pdf-reply.ts';
import { currentUser } from '../../plugins/auth.ts';
import type { AppDeps } from '../../deps.ts';
import { guruRepository } from '../guru/guru.repository.ts';
import { requireGuru } from '../guru/guru-access.ts';
import { kantorRepository, readProfile } from '../kantor/kantor.repository.ts';
import { pejabatRepository } from '../kgb/pejabat.repository.ts';
import { kenaikanPangkatService } from './kenaikan-pangkat.service.ts';
import { kelengkapan, renderNominatifKp, renderSuratPengantar } from './surat.ts';
import { kepadaKepegawaian } from '../../lib/kop-surat.ts';

const formatQuery = z.object({
  format: z.enum(['pdf', 'xlsx'], { error: 'format harus pdf atau xlsx' }).default('pdf'),
});
const guruPeriodeQuery = z.object({ periode: kpPeriodeQuery.shape.periode.optional() });

/** The month after `today`'s: the next period a teacher can be proposed for. */
const nextPeriode = (today: string) => {
  const [y, m] = today.split('-').map(Number) as [number, number];
  return m === 12 ? `${y + 1}-01` : `${y}-${String(m + 1).padStart(2, '0')}`;
};

/**
 * Rank promotion (docs/domain/kenaikan-pangkat.md): the period list (administrators; an operator
 * sees their school), one teacher's result, and the proposal batches with their letters and
 * decisions (administrators).
 */
export function kenaikanPangkatRoutes(base: FastifyInstance, deps: AppDeps): void {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { db } = deps.database;
  const service = kenaikanPangkatService(db, { retirementAge: deps.config.retirementAge, zona: deps.waktu.zona });
  const guruRepo = guruRepository(db, deps.config.retirementAge);
  const kantor = kantorRepository(db, deps.files);
  const user = { access: 'user' } as const;
  const admin = { access: 'admin' } as const;
  const today = () => deps.waktu.hariIni(deps.now());

  app.get('/api/kenaikan-pangkat', { config: user, schema: { querystring: kpListQuery } }, async (request) => {
    const q = request.query;
    const npsn = ownNpsn(currentUser(request).user);
    // The period's counts are their own call (GET …/ringkasan): a page does not pay for them.
    return ok(
      await service.list(
        { periode: q.periode, page: q.page, cari: q.cari, bp: q.bentuk_pendidikan, status: q.status, npsn },
        today(),
      ),
    );
  });

  app.get(
    '/api/kenaikan-pangkat/ringkasan',
    { config: user, schema: { querystring: kpPeriodeQuery } },
    async (request) => ok(await service.ringkasan(request.query.periode, today(), ownNpsn(currentUser(request).user))),
  );

  // The teacher's detail page: the next period by default.
  app.get(
    '/api/kenaikan-pangkat/guru/:id',
    { config: user, schema: { params: idParam, querystring: guruPeriodeQuery } },
    async (request) => {
      await requireGuru(guruRepo, currentUser(request).user, request.params.id);
      const item = await service.forTeacher(request.params.id, request.query.periode ?? nextPeriode(today()));
      if (!item) throw errors.notFound();
      return ok(item);
    },
  );

  app.get('/api/kenaikan-pangkat/usulan', { config: admin, schema: { querystring: kpPeriodeQuery } }, async (request) =>
    ok(await service.batches(request.query.periode)),
  );

  app.post('/api/kenaikan-pangkat/usulan', { config: admin, schema: { body: usulanBody } }, async (request) => {
    const batch = await service.propose(request.body, currentUser(request).user.id);
    return ok(batch, KP_MSG.proposed(batch.jumlah));
  });

  async function batchOr404(id: number): Promise<KpUsulan> {
    const batch = await service.batch(id);
    if (!batch) throw errors.notFound('Usulan tidak ditemukan');
    return batch;
  }

  app.get('/api/kenaikan-pangkat/usulan/:id', { config: admin, schema: { params: idParam } }, async (request) =>
    ok(await batchOr404(request.params.id)),
  );

  /** The head of the office who signs: the active signing official, or blank lines. */
  const penandatangan = () => pejabatRepository(db).penandatangan();

  app.get(
    '/api/kenaikan-pangkat/usulan/:id/surat',
    { config: admin, schema: { params: idParam } },
    async (request, reply) => {
      const batch = await batchOr404(request.params.id);
      const profile = await readProfile(db);
      const kepada = kepadaKepegawaian(profile);
      const pdf = await renderSuratPengantar(batch, await kantor.letterhead(), { kepada, ttd: await penandatangan() });
      return sendPdf(reply, pdf, `surat-usul-kp-${batch.id}.pdf`);
    },
  );

  app.get(
    '/api/kenaikan-pangkat/usulan/:id/nominatif',
    { config: admin, schema: { params: idParam, querystring: formatQuery } },
    async (request, reply) => {
      const batch = await batchOr404(request.params.id);
      if (request.query.format === 'pdf') {
        const pdf = await renderNominatifKp(batch, await kantor.letterhead(), await penandatangan());
        return sendPdf(reply, pdf, `nominatif-kp-${batch.id}.pdf`);
      }
      const pangkat = new Map(GOLONGAN_PANGKAT);
      type Row = KpUsulan['guru'][number];
      return sendXlsx<Row>(
        reply,
        `nominatif-kp-${batch.periode}-${batch.id}.xlsx`,
        `KP ${batch.periode}`,
        [
          { header: 'NIP', value: (r) => r.nip ?? '', width: 21 },
          { header: 'Nama', value: (r) => r.nama, width: 32 },
          { header: 'Unit Kerja', value: (r) => r.nama_sekolah ?? '', width: 30 },
          { header: 'Pendidikan', value: (r) => r.pendidikan ?? '', width: 11 },
          {
            header: 'Pangkat Lama',
            value: (r) => `${pangkat.get(r.golongan_lama) ?? ''} (${r.golongan_lama})`,
            width: 24,
          },
          { header: 'TMT Pangkat Lama', value: (r) => r.tmt_pangkat ?? '', width: 16 },
          {
            header: 'Pangkat Baru',
            value: (r) => `${pangkat.get(r.golongan_baru) ?? ''} (${r.golongan_baru})`,
            width: 24,
          },
          { header: 'TMT Usul', value: () => `${batch.periode}-01`, width: 12 },
          { header: 'Kelengkapan', value: (r) => kelengkapan(r.dokumen), width: 22 },
          { header: 'Status', value: (r) => r.status, width: 12 },
          { header: 'Alasan', value: (r) => r.alasan ?? '', width: 30 },
          { header: 'Nomor SK', value: (r) => r.sk_nomor ?? '', width: 26 },
          { header: 'TMT SK', value: (r) => r.sk_tmt ?? '', width: 12 },
        ],
        (async function* () {
          yield batch.guru;
        })(),
      );
    },
  );

  app.post(
    '/api/kenaikan-pangkat/usulan-guru/:id/status',
    { config: admin, schema: { params: idParam, body: statusUsulBody } },
    async (request) =>
      ok(
        await service.setStatus(request.params.id, request.body.status, request.body.alasan, deps.now()),
        KP_MSG.statusSaved,
      ),
  );

  app.put(
    '/api/kenaikan-pangkat/usulan-guru/:id/dokumen',
    { config: admin, schema: { params: idParam, body: dokumenBody } },
    async (request) =>
      ok(await service.setDokumen(request.params.id, request.body.dokumen, deps.now()), KP_MSG.documentsSaved),
  );

  app.post(
    '/api/kenaikan-pangkat/usulan-guru/:id/tetapkan',
    { config: admin, schema: { params: idParam, body: tetapkanBody } },
    async (request) => ok(await service.decide(request.params.id, request.body, deps.now()), KP_MSG.decided),
  );
}
