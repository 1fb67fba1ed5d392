import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { bacaBody, NOTIFIKASI_MSG, type DaftarNotifikasi, type JenisNotifikasi, type Notifikasi } from '#contract/notifikasi.ts';
import type { KgbDueItem } from '#contract/kgb.ts';
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
 * verified decree. Administrators have none: they see the month run itself.
 */
export function notifikasiRoutes(base: FastifyInstance, deps: AppDeps): void {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { db } = deps.database;
  const repo = notifikasiRepository(db);
  const kgb = kgbRepository(db);
  const user = { access: 'user' } as const;

  /**
   * The school's KGB teachers still due with no letter in force, and of them and of the teachers of
   * the stored KGB notices, those whose draft stands sent back to the school.
   */
  async function kgbState(npsn: string, today: string, stored: NotifikasiRow[]) {
    const { rows } = await kgb.dueList({ today, cari: '', bp: '', npsn, page: 1, perPage: 200, retirementAge: deps.config.retirementAge });
    const due = (await dueItems(db, kgb, rows, today, deps.config.retirementAge)).filter((i) => i.status_surat === null);
    const storedIds = stored.filter((r) => r.guruId !== null && SUBJEK[r.jenis as JenisNotifikasi] === 'kgb').map((r) => r.guruId!);
    const sentBack = await repo.kgbSentBack([...new Set([...due.map((i) => i.id), ...storedIds])]);
    return { due: due.filter((i) => !sentBack.has(i.id)), sentBack };
  }

  /**
   * One notice per TMT month of the school's due teachers, a month gone by worded as late. A teacher
   * whose draft was sent back is not counted here: the note sent back is their notice.
   */
  function months(items: KgbDueItem[], today: string): Notifikasi[] {
    const byMonth = new Map<string, { total: number; belum: KgbDueItem[] }>();
    for (const i of items) {
      const m = byMonth.get(i.tmt_kgb) ?? { total: 0, belum: [] };
      m.total++;
      if (!i.siap) m.belum.push(i);
      byMonth.set(i.tmt_kgb, m);
    }
    return [...byMonth.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([tmt, m]) => ({
      id: null,
      jenis: 'akan_kgb',
      // The TMT has passed (docs/domain/kgb.md): the increase is late, not coming.
      judul: `${m.total} guru Anda ${tmt < today ? `terlambat KGB sejak ${monthName(tmt)}` : `akan KGB pada ${monthName(tmt)}`}${m.belum.length ? ': lengkapi SK terakhir' : ''}`,
      isi: m.belum.length
        ? `Belum lengkap (${m.belum.length}): ${m.belum.map((b) => b.nama).join(', ')}. Tambahkan SK KGB atau SK kenaikan pangkat terakhir beserta berkasnya di tab Riwayat KGB atau Kepangkatan; Dinas akan memverifikasinya.`
        : 'Data riwayat guru sudah lengkap; surat KGB disiapkan oleh Dinas.',
      guru_id: m.belum.length === 1 ? m.belum[0]!.id : null,
      dibuat_pada: `${today}T00:00:00.000Z`,
      dibaca: m.belum.length === 0,
    }));
  }

  /**
   * The stored notices that are still a teacher's current state: the newest of each teacher and
   * subject; a note sent back only while it stands sent back; none of a KGB teacher counted in a
   * month notice (a newer cycle has begun).
   */
  function current(stored: NotifikasiRow[], s: { kgbSentBack: Set<number>; kgbInMonth: Set<number>; kpSentBack: Set<number> }): NotifikasiRow[] {
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
    const today = hariIni(deps.now());
    const all = await repo.ofSchool(u.sekolah.id);
    const kgbNow = await kgbState(u.sekolah.npsn, today, all);
    const kpSentBack = await repo.kpSentBack([...new Set(all.filter((r) => r.jenis === 'kp_bts' && r.guruId !== null).map((r) => r.guruId!))]);
    const stored = current(all, { kgbSentBack: kgbNow.sentBack, kgbInMonth: new Set(kgbNow.due.map((i) => i.id)), kpSentBack });
    const coming = [
      ...months(kgbNow.due, today),
      // Next month's promotion period: teachers lacking a rating or its document.
      ...(await kenaikanPangkatNotices(db, u.sekolah.npsn, today, deps.config.retirementAge)),
      // Retirement 15, 12 and 6 months ahead: proposals not sent, records lacking data.
      ...(await pensiunNotices(db, u.sekolah.npsn, today, deps.config.retirementAge)),
    ];
    const data = [...coming, ...stored.map(toNotifikasi)];
    // The bell counts exactly the unread notices this list shows.
    return { belum_dibaca: data.filter((n) => !n.dibaca).length, data };
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
