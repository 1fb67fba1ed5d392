import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  bacaBody,
  NOTIFIKASI_MSG,
  type DaftarNotifikasi,
  type JenisNotifikasi,
  type Notifikasi,
} from '#contract/notifikasi.ts';
import { ROLE_ADMIN } from '#contract/roles.ts';
import { ok } from '../../lib/envelope.ts';
import { currentUser } from '../../plugins/auth.ts';
import type { AppDeps } from '../../deps.ts';
import { notifikasiRepository, type NotifikasiRow } from './notifikasi.repository.ts';
import type { NoticeSources } from './sources.ts';

const toNotifikasi = (r: NotifikasiRow): Notifikasi => ({
  id: r.id,
  jenis: r.jenis as Notifikasi['jenis'],
  judul: r.judul,
  isi: r.isi,
  guru_id: r.guruId,
  dibuat_pada: r.dibuatPada.toISOString(),
  dibaca: r.dibacaPada !== null,
});

/** The subject a notice is about: a teacher has one current notice per subject. */
const SUBJEK: Record<JenisNotifikasi, 'kgb' | 'kp' | 'pensiun'> = {
  akan_kgb: 'kgb',
  dikembalikan: 'kgb',
  ditandatangani: 'kgb',
  kp_bts: 'kp',
  kenaikan_pangkat: 'kp',
  pensiun: 'pensiun',
};

/**
 * Notices to school operators: the stored ones (a draft sent back, a letter signed) and,
 * worked out when asked, the school's teachers entering their KGB months, with how many still lack a
 * verified decree. Administrators have none: they see the month run itself. The notices worked out
 * when asked come from their subjects' modules (`sources`, ./sources.ts).
 */
export function notifikasiRoutes(base: FastifyInstance, deps: AppDeps, sources: NoticeSources): void {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { db } = deps.database;
  const repo = notifikasiRepository(db);
  const user = { access: 'user' } as const;

  /**
   * The stored notices that are still a teacher's current state: the newest of each teacher and
   * subject; a note sent back only while it stands sent back; none of a KGB teacher counted in a
   * month notice (a newer cycle has begun).
   */
  function current(
    stored: NotifikasiRow[],
    s: { kgbSentBack: Set<number>; kgbInMonth: Set<number>; kpSentBack: Set<number> },
  ): NotifikasiRow[] {
    const seen = new Set<string>();
    return stored.filter((r) => {
      if (r.guruId === null) return true;
      const subjek = SUBJEK[r.jenis as JenisNotifikasi] ?? r.jenis;
      const key = `${subjek}:${r.guruId}`;
      if (seen.has(key)) return false;
      seen.add(key);
      if (r.jenis === 'dikembalikan') return s.kgbSentBack.has(r.guruId);
      if (r.jenis === 'kp_bts') return s.kpSentBack.has(r.guruId);
      if (subjek === 'kgb') return !s.kgbInMonth.has(r.guruId);
      return true;
    });
  }

  async function forCaller(request: Parameters<typeof currentUser>[0]): Promise<DaftarNotifikasi> {
    const { user: u } = currentUser(request);
    if (u.roles.id === ROLE_ADMIN || !u.sekolah) return { belum_dibaca: 0, data: [] };
    const today = deps.waktu.hariIni(deps.now());
    const all = await repo.ofSchool(u.sekolah.id);
    const storedKgb = all
      .filter((r) => r.guruId !== null && SUBJEK[r.jenis as JenisNotifikasi] === 'kgb')
      .map((r) => r.guruId!);
    const kgbNow = await sources.kgb(db, u.sekolah.npsn, today, deps.config.retirementAge, storedKgb);
    const kpSentBack = await repo.kpSentBack([
      ...new Set(all.filter((r) => r.jenis === 'kp_bts' && r.guruId !== null).map((r) => r.guruId!)),
    ]);
    const stored = current(all, { kgbSentBack: kgbNow.sentBack, kgbInMonth: kgbNow.inMonth, kpSentBack });
    const coming = [...kgbNow.notices];
    for (const source of sources.later)
      coming.push(...(await source(db, u.sekolah.npsn, today, deps.config.retirementAge)));
    const data = [...coming, ...stored.map(toNotifikasi)];
    // The bell counts exactly the unread notices this list shows.
    return { belum_dibaca: data.filter((n) => !n.dibaca).length, data };
  }

  app.get('/api/notifikasi', { config: user }, async (request) => ok(await forCaller(request)));

  /** The bell's count alone (the top bar asks every minute). */
  app.get('/api/notifikasi/jumlah', { config: user }, async (request) =>
    ok({ belum_dibaca: (await forCaller(request)).belum_dibaca }),
  );

  app.post('/api/notifikasi/baca', { config: user, schema: { body: bacaBody } }, async (request) => {
    const { user: u } = currentUser(request);
    if (u.sekolah && u.roles.id !== ROLE_ADMIN) await repo.markRead(u.sekolah.id, request.body.ids, deps.now());
    return ok(await forCaller(request), NOTIFIKASI_MSG.read);
  });
}
