import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  LABEL_USUL_PENSIUN,
  LANGKAH_USUL_PENSIUN,
  PENSIUN_MSG,
  pensiunListQuery,
  usulPensiunBody,
  type PensiunItem,
  type PensiunRingkasan,
} from '#contract/pensiun.ts';
import type { Page } from '#contract/paging.ts';
import { ok } from '../../lib/envelope.ts';
import { errors } from '../../lib/errors.ts';
import { ownNpsn } from '../../lib/scope.ts';
import { sendPdf } from '../../lib/pdf-reply.ts';
import { currentUser } from '../../plugins/auth.ts';
import {
  akhirMasaKerja,
  bulanMenujuPensiun,
  JENDELA_DEFAULT_BULAN,
  kekuranganUsulPensiun,
  tanggalBup,
  tmtPensiun,
} from '../../domain/pensiun.ts';
import type { AppDeps } from '../../deps.ts';
import { assertGuruAccess } from '../guru/guru-access.ts';
import { kantorRepository, readProfile } from '../kantor/kantor.repository.ts';
import { pejabatRepository } from '../kgb/pejabat.repository.ts';
import { renderDpcp, renderSkpp, renderSuratUsulPensiun, tmtCpnsDariNip } from './dpcp.ts';
import { kepadaKepegawaian } from '../../lib/kop-surat.ts';
import { isPasangan, pensiunRepository, type PensiunRecord, type PensiunRow } from './pensiun.repository.ts';

export const PENSIUN_PAGE_SIZE = 25;
const guruParam = z.object({
  guruId: z.coerce
    .number({ error: 'Id guru harus berupa angka' })
    .int('Id guru harus berupa angka')
    .positive('Id guru tidak valid')
    .max(2_147_483_647, 'Id guru tidak valid'),
});

/** One teacher of the list: the dates from the BUP rule, the record, what is missing. */
export function pensiunItem(g: PensiunRow, rec: PensiunRecord, today: string, usia: number): PensiunItem {
  const akhir = akhirMasaKerja(g.status_guru) ?? 'pensiun';
  const tmt = tmtPensiun(g.tgl_lahir, usia);
  const pasangan = rec.keluarga.filter((k) => isPasangan(k.hubungan) && k.keadaan === 'Hidup' && k.status === 1);
  const kekurangan = kekuranganUsulPensiun({
    statusGuru: g.status_guru,
    nip: g.nip,
    tempatLahir: g.tempat_lahir,
    golongan: g.golongan,
    gajiPokok: g.gaji_pokok,
    adaSkPangkat: rec.adaSkPangkat,
    pasangan: pasangan.map((p) => ({ tglNikah: p.tgl_nikah })),
    keluargaBelumVerifikasi: rec.keluarga.filter((k) => k.status !== 1).length,
    statusNikah: g.status_nikah,
    // The rating of the last year (Peraturan BKN 2/2018 checklist): last year's or this year's.
    adaSkpTahunTerakhir: rec.skpTahunTerbaru != null && rec.skpTahunTerbaru >= Number(today.slice(0, 4)) - 1,
  });
  return {
    id: g.id,
    nama: g.nama,
    nip: g.nip,
    status_guru: g.status_guru,
    sekolah: { nama_sekolah: g.nama_sekolah, npsn: g.npsn },
    tgl_lahir: g.tgl_lahir,
    tgl_bup: tanggalBup(g.tgl_lahir, usia),
    tmt_pensiun: tmt,
    bulan_lagi: bulanMenujuPensiun(today, tmt),
    akhir,
    golongan: g.golongan,
    mkg_tahun: g.mkg_tahun,
    mkg_bulan: g.mkg_bulan,
    gaji_pokok: g.gaji_pokok,
    kekurangan,
    usul: rec.usul,
    selesai: rec.usul?.status === 'ditetapkan' || g.status_kepegawaian === 'pensiun',
  };
}

/**
 * Retirement at the age limit (docs/domain/pensiun.md): who retires within the window
 * (administrators; an operator sees their school) and the proposal's state per teacher
 * (administrators: the office sends the proposal and enters the decision).
 */
export function pensiunRoutes(base: FastifyInstance, deps: AppDeps): void {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const repo = pensiunRepository(deps.database.db);
  const usia = deps.config.retirementAge;
  const today = () => deps.waktu.hariIni(deps.now());

  app.get(
    '/api/pensiun',
    { config: { access: 'user' }, schema: { querystring: pensiunListQuery } },
    async (request) => {
      const q = request.query;
      const d = today();
      await repo.terapkanJatuhTempo(d, deps.now());
      const f = {
        today: d,
        retirementAge: usia,
        bulan: q.bulan,
        npsn: ownNpsn(currentUser(request).user),
        cari: q.cari,
      };
      const total = await repo.count(f);
      const offset = (q.page - 1) * PENSIUN_PAGE_SIZE;
      const rows = await repo.window(f, offset, PENSIUN_PAGE_SIZE);
      const recs = await repo.records(rows.map((r) => r.id));
      const data = rows.map((g) => pensiunItem(g, recs.get(g.id)!, d, usia));
      const page: Page<PensiunItem> = {
        data,
        current_page: q.page,
        last_page: Math.max(1, Math.ceil(total / PENSIUN_PAGE_SIZE)),
        per_page: PENSIUN_PAGE_SIZE,
        total,
        from: data.length ? offset + 1 : null,
        to: data.length ? offset + data.length : null,
      };
      return ok(page);
    },
  );

  app.get('/api/pensiun/ringkasan', { config: { access: 'user' } }, async (request) => {
    const f = {
      today: today(),
      retirementAge: usia,
      bulan: JENDELA_DEFAULT_BULAN,
      npsn: ownNpsn(currentUser(request).user),
    };
    const r: PensiunRingkasan = { bulan: JENDELA_DEFAULT_BULAN, ...(await repo.ringkasan(f, 12)) };
    return ok(r);
  });

  /** One teacher's retirement (any date; the teacher's page and the DPCP). */
  app.get('/api/pensiun/:guruId', { config: { access: 'user' }, schema: { params: guruParam } }, async (request) => {
    const g = await repo.teacher(request.params.guruId);
    assertGuruAccess(currentUser(request).user, g);
    if (!akhirMasaKerja(g!.status_guru)) throw errors.notFound(PENSIUN_MSG.notRetiring);
    const recs = await repo.records([g!.id]);
    return ok(pensiunItem(g!, recs.get(g!.id)!, today(), usia));
  });

  const kantor = kantorRepository(deps.database.db, deps.files);
  /** The head of the office who signs: the active signing official, or blank lines. */
  const penandatangan = () => pejabatRepository(deps.database.db).penandatangan();
  /** A PNS teacher the caller may reach, as the list shows them, with the record; refused for PPPK and others. */
  async function pnsItem(request: Parameters<typeof currentUser>[0], id: number) {
    const g = await repo.teacher(id);
    assertGuruAccess(currentUser(request).user, g);
    if (akhirMasaKerja(g!.status_guru) !== 'pensiun') throw errors.notFound(PENSIUN_MSG.notRetiring);
    const rec = (await repo.records([id])).get(id)!;
    return { g: g!, rec, item: pensiunItem(g!, rec, today(), usia) };
  }

  /** The DPCP filled from the record (the school's operator may print it for their teacher). */
  app.get(
    '/api/pensiun/:guruId/dpcp',
    { config: { access: 'user' }, schema: { params: guruParam } },
    async (request, reply) => {
      const { g, rec, item } = await pnsItem(request, request.params.guruId);
      const extra = await repo.dpcpExtra(g.id);
      const bytes = await renderDpcp(
        { item, tempatLahir: g.tempat_lahir, ...extra, tmtCpns: tmtCpnsDariNip(g.nip), keluarga: rec.keluarga },
        await kantor.letterhead(),
        await penandatangan(),
      );
      return sendPdf(reply, bytes, `dpcp-${g.id}.pdf`);
    },
  );

  /** The covering letter to the personnel agency: the proposal's number and date (blank before it is sent). */
  app.get(
    '/api/pensiun/:guruId/surat',
    { config: { access: 'admin' }, schema: { params: guruParam } },
    async (request, reply) => {
      const { g, rec, item } = await pnsItem(request, request.params.guruId);
      const profile = await readProfile(deps.database.db);
      const kepada = kepadaKepegawaian(profile);
      const bytes = await renderSuratUsulPensiun(
        { item, nomor: rec.usul?.nomor_surat ?? null, tanggal: rec.usul?.tanggal_surat ?? null },
        await kantor.letterhead(),
        { kepada, ttd: await penandatangan() },
      );
      return sendPdf(reply, bytes, `surat-usul-pensiun-${g.id}.pdf`);
    },
  );

  /** The payment-stop certificate (SKPP) for the payroll office, once the pension decision is entered. */
  app.get(
    '/api/pensiun/:guruId/skpp',
    { config: { access: 'admin' }, schema: { params: guruParam } },
    async (request, reply) => {
      const { g, rec, item } = await pnsItem(request, request.params.guruId);
      if (rec.usul?.status !== 'ditetapkan') throw errors.validation({ status: PENSIUN_MSG.skppBelum });
      const extra = await repo.dpcpExtra(g.id);
      const bytes = await renderSkpp(
        { item, jabatan: extra.jabatan, keluarga: rec.keluarga },
        await kantor.letterhead(),
        await penandatangan(),
      );
      return sendPdf(reply, bytes, `skpp-${g.id}.pdf`);
    },
  );

  app.put(
    '/api/pensiun/:guruId/usul',
    { config: { access: 'admin' }, schema: { params: guruParam, body: usulPensiunBody } },
    async (request) => {
      const id = request.params.guruId;
      const g = await repo.teacher(id);
      if (!g) throw errors.notFound();
      const akhir = akhirMasaKerja(g.status_guru);
      if (!akhir || akhir === 'cpns') throw errors.validation({ status: PENSIUN_MSG.notRetiring });
      if (akhir === 'akhir_perjanjian') throw errors.validation({ status: PENSIUN_MSG.pppk });
      const b = request.body;
      const current = await repo.usul(id);
      const dari = current?.status ?? 'none';
      // A stale version is a conflict before it is a wrong step: the caller saw another state.
      if ((current?.versi ?? null) !== b.versi) throw errors.conflict('pensiun.changed', PENSIUN_MSG.changed);
      if (!LANGKAH_USUL_PENSIUN[dari].includes(b.status))
        throw errors.validation({
          status: PENSIUN_MSG.step(
            dari === 'none' ? 'belum ada' : LABEL_USUL_PENSIUN[dari],
            LABEL_USUL_PENSIUN[b.status],
          ),
        });
      const { versi, ...values } = b;
      const done = await repo.ubah(id, versi, values, currentUser(request).user.id, deps.now(), today());
      if (!done) throw errors.conflict('pensiun.changed', PENSIUN_MSG.changed);
      const recs = await repo.records([id]);
      return ok(
        pensiunItem((await repo.teacher(id))!, recs.get(id)!, today(), usia),
        PENSIUN_MSG.saved(LABEL_USUL_PENSIUN[b.status]),
      );
    },
  );
}
