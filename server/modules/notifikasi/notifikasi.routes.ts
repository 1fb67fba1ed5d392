import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { bacaBody, NOTIFIKASI_MSG, type DaftarNotifikasi, type Notifikasi } from '#contract/notifikasi.ts';
import { ROLE_ADMIN } from '#contract/roles.ts';
import { ok } from '../../lib/envelope.ts';
import { currentUser } from '../../plugins/auth.ts';
import { hariIni } from '../../domain/waktu-kantor.ts';
import { tanggalPanjang } from '../../domain/terbilang.ts';
import type { AppDeps } from '../../deps.ts';
import { kgbRepository } from '../kgb/kgb.repository.ts';
import { dueItems } from '../kgb/due-item.ts';
import { notifikasiRepository, type NotifikasiRow } from './notifikasi.repository.ts';
import { kenaikanPangkatNotices } from '../kenaikan-pangkat/notices.ts';
import { pensiunNotices } from '../pensiun/notices.ts';

const toNotifikasi = (r: NotifikasiRow): Notifikasi => ({ id: r.id, jenis: r.jenis as Notifikasi['jenis'], judul: r.judul, isi: r.isi, guru_id: r.guruId, dibuat_pada: r.dibuatPada.toISOString(), dibaca: r.dibacaPada !== null });
const monthName = (tmt: string) => tanggalPanjang(tmt).replace(/^\d+ /, '');

/**
 * Notices to school operators: the stored ones (a draft sent back, a letter signed) and,
 * worked out when asked, the school's teachers entering their KGB months, with how many still lack a
 * verified decree. Administrators have none: they see the month run itself.
 */
export function notifikasiRoutes(base: FastifyInstance, deps: AppDeps): void {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { db } = deps.database;
  const repo = notifikasiRepository(db);
  const kgb = kgbRepository(db);
  const user = { access: 'user' } as const;

  /** One notice per upcoming TMT month of the school's due teachers. */
  async function upcoming(npsn: string): Promise<Notifikasi[]> {
    const today = hariIni(deps.now());
    const { rows } = await kgb.dueList({ today, cari: '', bp: '', npsn, page: 1, perPage: 200, retirementAge: deps.config.retirementAge });
    const items = (await dueItems(db, kgb, rows, today, deps.config.retirementAge)).filter((i) => i.status_surat === null);
    const months = new Map<string, { total: number; belum: typeof items }>();
    for (const i of items) {
      const m = months.get(i.tmt_kgb) ?? { total: 0, belum: [] };
      m.total++;
      if (!i.siap) m.belum.push(i);
      months.set(i.tmt_kgb, m);
    }
    return [...months.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([tmt, m]) => ({
      id: null,
      jenis: 'akan_kgb',
      judul: `${m.total} guru Anda akan KGB pada ${monthName(tmt)}${m.belum.length ? ': lengkapi SK terakhir' : ''}`,
      isi: m.belum.length
        ? `Belum lengkap (${m.belum.length}): ${m.belum.map((b) => b.nama).join(', ')}. Tambahkan SK KGB atau SK kenaikan pangkat terakhir beserta berkasnya di tab Riwayat KGB atau Kepangkatan; Dinas akan memverifikasinya.`
        : 'Data riwayat guru sudah lengkap; surat KGB disiapkan oleh Dinas.',
      guru_id: m.belum.length === 1 ? m.belum[0]!.id : null,
      dibuat_pada: `${today}T00:00:00.000Z`,
      dibaca: m.belum.length === 0,
    }));
  }

  async function forCaller(request: Parameters<typeof currentUser>[0]): Promise<DaftarNotifikasi> {
    const { user: u } = currentUser(request);
    if (u.roles.id === ROLE_ADMIN || !u.sekolah) return { belum_dibaca: 0, data: [] };
    const [stored, unread, kgbComing] = [await repo.ofSchool(u.sekolah.id), await repo.unread(u.sekolah.id), await upcoming(u.sekolah.npsn)];
    // Next month's promotion period: teachers lacking a rating or its document.
    const coming = [
      ...kgbComing,
      ...(await kenaikanPangkatNotices(db, u.sekolah.npsn, hariIni(deps.now()), deps.config.retirementAge)),
      // Retirement 15, 12 and 6 months ahead: proposals not sent, records lacking data.
      ...(await pensiunNotices(db, u.sekolah.npsn, hariIni(deps.now()), deps.config.retirementAge)),
    ];
    return { belum_dibaca: unread + coming.filter((c) => !c.dibaca).length, data: [...coming, ...stored.map(toNotifikasi)] };
  }

  app.get('/api/notifikasi', { config: user }, async (request) => ok(await forCaller(request)));

  /** The bell's count alone (the top bar asks every minute). */
  app.get('/api/notifikasi/jumlah', { config: user }, async (request) => ok({ belum_dibaca: (await forCaller(request)).belum_dibaca }));

  app.post('/api/notifikasi/baca', { config: user, schema: { body: bacaBody } }, async (request) => {
    const { user: u } = currentUser(request);
    if (u.sekolah && u.roles.id !== ROLE_ADMIN) await repo.markRead(u.sekolah.id, request.body.ids, deps.now());
    return ok(await forCaller(request), NOTIFIKASI_MSG.read);
  });
}
