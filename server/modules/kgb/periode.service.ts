import type { Db } from '../../db/client.ts';
import type { FileStore } from '../../lib/file-store.ts';
import { AppError, errors } from '../../lib/errors.ts';
import { runInRequestScope, type AuditActor } from '../../db/request-context.ts';
import { nextTurn, ROWS_PER_TURN, turns } from '../../lib/turn.ts';
import { addMonths, namaLengkap } from '../../domain/kepegawaian.ts';
import {
  bulanGajiSetelah,
  NOTICE_MONTHS,
  planKgb,
  rapel,
  type Decree,
  type KgbPlan,
  type RapelSurat,
} from '../../domain/kgb.ts';
import { tanggalPanjang } from '../../domain/terbilang.ts';
import type { WaktuKantor } from '../../domain/waktu-kantor.ts';
import { KGB_MSG } from '#contract/kgb.ts';
import {
  PERIODE_DAPAT_DIDRAF,
  PERIODE_MSG,
  type HasilTugas,
  type PeriodeItem,
  type PeriodeKgb,
  type PeriodeStatus,
  type StatusGaji,
  type StatusGajiKode,
  type TugasKgb,
} from '#contract/kgb-periode.ts';
import { STATUS_PNS } from '#contract/asn.ts';
import { kgbService as kgbServiceOf, STALE_SIGNING_MS } from './kgb.service.ts';
import type { Config } from '../../config.ts';
import { periodeRepository, type TugasRow } from './periode.repository.ts';
import { notifikasiRepository } from '../notifikasi/notifikasi.repository.ts';
import { decreesOfMany } from '../guru/record-basis.ts';
import { notReadyText } from './belum-siap.ts';
import { peringatanData } from '../../domain/golongan-awal.ts';
import type { LetterContent } from './letter.ts';
import type { Signer, SignerSecret } from './signer.ts';
import { NOMINATIF_SIGNATURE_RECT, renderNominatif, type NominatifRow } from './nominatif.ts';
import type { SalaryTables } from './kgb.repository.ts';

/** The payroll office's answer recorded on a letter, if any. */
function statusGajiOf(l: {
  gajiStatus: string | null;
  gajiAlasan: string | null;
  gajiDicatatAt: Date | null;
}): StatusGaji | null {
  return l.gajiStatus && l.gajiDicatatAt
    ? { status: l.gajiStatus as StatusGajiKode, alasan: l.gajiAlasan, dicatat_pada: l.gajiDicatatAt.toISOString() }
    : null;
}

/** Which signed letters a nominative list holds: a TMT month or a dispatch day, and the payroll month. */
export interface Batch {
  bulan?: string;
  tanggal_ttd?: string;
  bulan_gaji?: string;
}

/** What back pay is computed from, as a letter froze it (older letters: their MKG years as steps). */
function rapelSurat(tmt: string, isi: LetterContent): RapelSurat {
  return {
    tmt,
    golongan: isi.guru.golongan,
    gajiLama: isi.gajiLama,
    gajiBaru: isi.gajiBaru,
    stepLama: isi.stepLama ?? isi.mkgLama.tahun,
    stepBaru: isi.stepBaru ?? isi.mkgBaru.tahun,
    persen: isi.persen ?? 100,
  };
}

const ringkas = (r: ReturnType<typeof rapel>) => (r ? { bulan: r.bulan, jumlah: r.jumlah } : null);

/** A run whose progress has not moved for this long was stopped with its server. */
const RUN_STALE_MS = 2 * 60_000;

let door: (() => Promise<void>) | null = null;

/** For tests: every letter of a run on this server first awaits `hold` (null: none). */
export function holdPeriodeRuns(hold: typeof door): void {
  door = hold;
}

type KgbService = ReturnType<typeof kgbServiceOf>;
type Letter = Awaited<ReturnType<KgbService['repo']['letterById']>> & object;
type Result = TugasKgb['hasil'][number];

function toTugas(row: TugasRow, now: Date): TugasKgb {
  const hasil = row.hasil as Result[];
  const count = (h: HasilTugas) => hasil.filter((r) => r.hasil === h).length;
  const stopped = row.status === 'berjalan' && now.getTime() - row.diperbarui.getTime() > RUN_STALE_MS;
  return {
    id: row.id,
    jenis: row.jenis as TugasKgb['jenis'],
    bulan: row.tmt.slice(0, 7),
    status: stopped ? 'terhenti' : (row.status as TugasKgb['status']),
    pesan: row.pesan,
    total: row.total,
    diproses: hasil.length,
    berhasil: count('berhasil'),
    dilewati: count('dilewati'),
    gagal: count('gagal'),
    hasil,
    mulai: row.mulai.toISOString(),
    selesai: row.selesai ? row.selesai.toISOString() : null,
  };
}

/** What a failure says in a run's result list (an unexpected error says no more than that). */
function failure(err: unknown): { hasil: HasilTugas; pesan: string } {
  if (err instanceof AppError) {
    if (err.code === 'kgb.already_signed') return { hasil: 'dilewati', pesan: PERIODE_MSG.skippedDone };
    if (err.code === 'kgb.already_verified') return { hasil: 'dilewati', pesan: PERIODE_MSG.skippedVerified };
    return { hasil: 'gagal', pesan: err.message };
  }
  return { hasil: 'gagal', pesan: 'Terjadi kesalahan saat memproses surat ini; coba lagi' };
}

/**
 * A failure that would fail every letter after it as well: a wrong passphrase, the attempt limit,
 * or the signing service (BSrE unreachable, slow, refusing the certificate). A run stops there and
 * leaves the letters it has not reached verified, to be signed by running it again.
 */
const stopsTheRun = (err: unknown) =>
  err instanceof AppError &&
  (err.code === 'kgb.wrong_passphrase' ||
    err.code === 'kgb.sign_throttled' ||
    err.code === 'kgb.totp_p12' ||
    err.code.startsWith('kgb.bsre_'));

export interface PeriodeDeps {
  db: Db;
  /** Runs keep their progress on the write pool, outside any request's scope. */
  writeDb: Db;
  files: FileStore;
  kgb: KgbService;
  retirementAge: number;
  now: () => Date;
  /** The app's office clock (AppDeps.waktu): the runs' dates and stamps in the office's zone. */
  waktu: WaktuKantor;
  /** Letters signed: the statistics and dashboard caches are emptied. */
  onChanged: () => void;
  /** Letters of a run signed at once (BSrE answers over the network; the office's key signs on one thread). */
  signConcurrency?: number;
  log: (err: unknown) => void;
  /**
   * Goes on with a started run somewhere else (a process of its own: server/lib/run-process.ts,
   * periode-proses-main.ts) instead of on this server's event loop; absent, the run goes on here.
   */
  runElsewhere?: (run: PeriodeRunLanjut) => void;
}

/** What a run's process needs to go on with it: the entries left, the officer, and for a signature its secret. */
export type PeriodeRunLanjut =
  | {
      jenis: 'verifikasi';
      runId: number;
      actor: AuditActor & { user_id: number };
      entries: { guru_id: number; nama: string }[];
    }
  | {
      jenis: 'ttd';
      runId: number;
      actor: AuditActor & { user_id: number };
      tmt: string;
      suratIds: number[];
      secret: SignerSecret;
      proven: boolean;
      terimaBelumVerifikasi: boolean;
    };

/**
 * The monthly KGB run: the month's teachers and where each stands, drafts made at once,
 * drafts sent back with a note, verification and signature of many letters as runs with a result
 * per letter, and the nominative list for the payroll office.
 */
export function periodeService(d: PeriodeDeps) {
  const repo = periodeRepository(d.db);
  const runs = periodeRepository(d.writeDb);

  /** The month's items, with the plan of those that have no letter in force. */
  async function items(
    bulan: string,
    today: string,
  ): Promise<{ tmt: string; list: (PeriodeItem & { plan: KgbPlan | null })[]; cancelled: Letter[] }> {
    const tmt = `${bulan}-01`;
    const members = await repo.members(tmt, today, d.retirementAge);
    const table = await d.kgb.repo.salaryTable();
    const live = new Map<number, Letter>();
    const cancelled = new Map<number, Letter>();
    const allCancelled: Letter[] = [];
    for (const l of await repo.letters(tmt)) {
      (l.status === 'cancelled' ? cancelled : live).set(l.guruId, l);
      if (l.status === 'cancelled') allCancelled.push(l);
    }
    const drafts = new Map((await repo.drafts(tmt)).map((r) => [r.guruId, r]));
    // Teachers whose increase due this month was postponed stay on the list, as postponed (docs/domain/kgb.md).
    const postponedRows = await repo.postponedFrom(tmt);
    const postponed = new Map(
      postponedRows.map((r) => [
        r.g.id,
        `Ditunda ${r.p.bulan} bulan ke TMT ${tanggalPanjang(addMonths(r.p.tmtSemula, r.p.bulan))}${r.p.nomorSk ? ` (SK ${r.p.nomorSk})` : ''}: ${r.p.alasan}`,
      ]),
    );
    const memberIds = new Set(members.map((m) => m.id));

    const list: (PeriodeItem & { plan: KgbPlan | null })[] = [];
    // A province's month is thousands of teachers: their decrees are read a slice at a time and the
    // other requests get a turn whenever planning has held the event loop for TURN_BUDGET_MS.
    const turn = turns();
    let decrees = new Map<number, Decree[]>();
    for (const [i, m] of members.entries()) {
      if (i % ROWS_PER_TURN === 0) {
        decrees = await decreesOfMany(
          d.db,
          members.slice(i, i + ROWS_PER_TURN).map((x) => x.id),
        );
      }
      await turn();
      list.push(itemOf(m));
    }
    function itemOf(m: (typeof members)[number]): PeriodeItem & { plan: KgbPlan | null } {
      const base = {
        guru_id: m.id,
        nip: m.nip,
        nama: namaLengkap(m),
        status_guru: m.status_guru,
        sekolah: m.nama_sekolah,
        npsn: m.npsn,
        tmt,
        peringatan: peringatanData(m),
      };
      const letter = live.get(m.id) ?? null;
      if (letter) {
        const isi = letter.isi as LetterContent;
        const signedAt = letter.status === 'signed' && letter.signedAt ? letter.signedAt : null;
        return {
          ...base,
          status: letter.status as PeriodeStatus,
          catatan: null,
          golongan: isi.guru.golongan,
          gaji_lama: isi.gajiLama,
          gaji_baru: isi.gajiBaru,
          mkg_lama: isi.mkgLama,
          mkg_baru: isi.mkgBaru,
          surat: {
            id: letter.id,
            nomor: letter.nomor,
            kode_dokumen: letter.kodeDokumen,
            signed_at: signedAt ? signedAt.toISOString() : null,
            pejabat_id: letter.pejabatId,
            gaji: statusGajiOf(letter),
          },
          rapel: signedAt
            ? ringkas(rapel(rapelSurat(letter.tmt, isi), bulanGajiSetelah(d.waktu.hariIni(signedAt)), table))
            : null,
          plan: null,
        };
      }
      const result = planKgb(
        {
          statusGuru: m.status_guru,
          nip: m.nip,
          tglLahir: m.tgl_lahir,
          retirementAge: d.retirementAge,
          decrees: decrees.get(m.id) ?? [],
          tundaBulan: m.kgb_tunda_bulan,
        },
        table,
      );
      const plan = result.ok && result.plan.tmt === tmt ? result.plan : null;
      const draft = drafts.get(m.id);
      const old = cancelled.get(m.id);
      let status: PeriodeStatus;
      let catatan: string | null = null;
      const tunda = postponed.get(m.id);
      if (tunda) [status, catatan] = ['ditunda', tunda];
      else if (draft?.status === 'dikembalikan') [status, catatan] = ['dikembalikan', draft.catatan];
      else if (!result.ok) [status, catatan] = ['belum_siap', notReadyText(result)];
      else if (!plan)
        [status, catatan] = [
          'belum_siap',
          `TMT KGB guru ini sekarang ${tanggalPanjang(result.plan.tmt)}, bukan pada periode ini`,
        ];
      else if (draft) status = 'draf';
      else if (old) [status, catatan] = ['cancelled', old.alasanBatal];
      else status = 'siap';
      return {
        ...base,
        status,
        catatan,
        golongan: plan?.golongan ?? null,
        gaji_lama: plan?.gajiLama ?? null,
        gaji_baru: plan?.gajiBaru ?? null,
        mkg_lama: plan?.mkgLama ?? null,
        mkg_baru: plan?.mkgBaru ?? null,
        surat: old
          ? {
              id: old.id,
              nomor: old.nomor,
              kode_dokumen: old.kodeDokumen,
              signed_at: null,
              pejabat_id: old.pejabatId,
              gaji: statusGajiOf(old),
            }
          : null,
        rapel: null,
        plan,
      };
    }
    // Postponed teachers who are no longer members of this month (their TMT moved on).
    for (const r of postponedRows) {
      if (memberIds.has(r.g.id)) continue;
      list.push({
        guru_id: r.g.id,
        nip: r.g.nip,
        nama: namaLengkap(r.g),
        status_guru: r.g.status_guru,
        sekolah: r.nama_sekolah,
        npsn: r.npsn,
        tmt,
        status: 'ditunda',
        catatan: postponed.get(r.g.id)!,
        peringatan: [],
        golongan: null,
        gaji_lama: null,
        gaji_baru: null,
        mkg_lama: null,
        mkg_baru: null,
        surat: null,
        rapel: null,
        plan: null,
      });
    }
    return { tmt, list, cancelled: allCancelled };
  }

  /** The month's page from a planned list (`items`): counts, the last run, cancelled letters. */
  async function viewOf(
    bulan: string,
    today: string,
    now: Date,
    { tmt, list, cancelled }: Awaited<ReturnType<typeof items>>,
  ): Promise<PeriodeKgb> {
    const jumlah = {
      belum_siap: 0,
      siap: 0,
      draf: 0,
      dikembalikan: 0,
      verified: 0,
      signing: 0,
      signed: 0,
      cancelled: 0,
      ditunda: 0,
    } satisfies Record<PeriodeStatus, number>;
    for (const i of list) jumlah[i.status]++;
    const latest = await repo.latestRun(tmt);
    const replacedBy = new Map(
      (await repo.replacements(cancelled.map((l) => l.id))).map((r) => [r.menggantikanId!, r]),
    );
    return {
      bulan,
      tmt,
      dapat_diproses_mulai: dueFrom(tmt),
      dapat_diproses: today >= dueFrom(tmt),
      jumlah,
      data: list.map(({ plan: _p, ...item }) => item),
      tugas: latest ? toTugas(latest, now) : null,
      dibatalkan: cancelled.map((l) => {
        const by = replacedBy.get(l.id);
        return {
          surat_id: l.id,
          nomor: l.nomor,
          guru_id: l.guruId,
          nama: (l.isi as LetterContent).guru.nama,
          alasan: l.alasanBatal,
          dibatalkan_pada: l.batalAt ? l.batalAt.toISOString() : null,
          pengganti: by ? { id: by.id, nomor: by.nomor } : null,
        };
      }),
    };
  }

  const dueFrom = (tmt: string) => addMonths(tmt, -NOTICE_MONTHS);
  const chosen = <T>(list: T[], key: (x: T) => number, ids: number[] | undefined) => {
    if (!ids) return list;
    const wanted = new Set(ids);
    return list.filter((x) => wanted.has(key(x)));
  };

  /**
   * Runs `work` on each entry in the background, each in its own scope (its own transactions,
   * audited as the officer who started the run), appending each result to the run's row. The
   * event loop is given back between letters, so other users' requests go on during a run.
   */
  function runInBackground<T extends { guru_id: number; nama: string }>(
    run: TugasRow,
    entries: T[],
    actor: AuditActor,
    work: (entry: T) => Promise<Result>,
    opts: { concurrency?: number; stopOn?: (err: unknown) => boolean } = {},
  ): Promise<void> {
    const queue = [...entries];
    let stop: string | null = null;
    // `concurrency` lanes take the next letter until none is left or one failure stops them all
    // (the letters in hand finish; the others stay as they were).
    const lane = async () => {
      while (queue.length && stop === null) {
        const entry = queue.shift()!;
        await nextTurn();
        if (door) await door();
        let result: Result;
        try {
          result = await runInRequestScope(
            d.writeDb,
            d.files,
            'manual',
            () => actor,
            false,
            () => work(entry),
          );
        } catch (err) {
          if (!(err instanceof AppError)) d.log(err);
          result = { guru_id: entry.guru_id, nama: entry.nama, ...failure(err) };
          if (opts.stopOn?.(err)) stop ??= (err as Error).message;
        }
        if (result.hasil === 'berhasil') d.onChanged();
        await runs.addResults(run.id, [result], d.now());
      }
    };
    return (async () => {
      await Promise.all(Array.from({ length: Math.max(1, Math.min(opts.concurrency ?? 1, entries.length)) }, lane));
      if (stop !== null) await runs.stopRun(run.id, stop, d.now());
      else await runs.finishRun(run.id, d.now());
    })().catch((err: unknown) => d.log(err));
  }

  /** A verification run's work on one teacher: the letter numbered and its PDF frozen. */
  const verifyOne =
    (actor: AuditActor & { user_id: number }) =>
    async (i: { guru_id: number; nama: string }): Promise<Result> => {
      const letter = await d.kgb.verify(i.guru_id, actor.user_id, d.now());
      return { guru_id: i.guru_id, nama: i.nama, hasil: 'berhasil', pesan: `Nomor ${letter.nomor}` };
    };

  const letterEntry = (l: Letter) => ({ guru_id: l.guruId, nama: (l.isi as LetterContent).guru.nama, letter: l });

  /** A signature run's work on one letter, with one secret for all. */
  function signWork(
    actor: AuditActor & { user_id: number },
    secret: SignerSecret,
    provenBefore: boolean,
    terimaBelumVerifikasi: boolean,
  ) {
    // Once a letter is signed the secret is proven: the others are no guesses (kgb.service.ts).
    let proven = provenBefore;
    return {
      proven: () => proven,
      one: async (e: ReturnType<typeof letterEntry>): Promise<Result> => {
        await d.kgb.signLetter(e.letter, actor.user_id, secret, d.now(), { proven, terimaBelumVerifikasi });
        proven = true;
        return { guru_id: e.guru_id, nama: e.nama, hasil: 'berhasil', pesan: `Nomor ${e.letter.nomor}` };
      },
    };
  }

  return {
    /**
     * A run's process (periode-proses-main.ts) goes on with the run its server started, from the
     * entries it was handed; a run no longer going on is left alone.
     */
    async continueRun(p: PeriodeRunLanjut): Promise<void> {
      const run = await runs.runById(p.runId);
      if (!run || run.status !== 'berjalan') return;
      if (p.jenis === 'verifikasi') return runInBackground(run, p.entries, p.actor, verifyOne(p.actor));
      const byId = new Map((await repo.letters(p.tmt)).map((l) => [l.id, l]));
      const entries = p.suratIds.flatMap((id) => (byId.has(id) ? [letterEntry(byId.get(id)!)] : []));
      return runInBackground(
        run,
        entries,
        p.actor,
        signWork(p.actor, p.secret, p.proven, p.terimaBelumVerifikasi).one,
        { concurrency: d.signConcurrency ?? 1, stopOn: stopsTheRun },
      );
    },

    async view(bulan: string, now: Date): Promise<PeriodeKgb> {
      const today = d.waktu.hariIni(now);
      return viewOf(bulan, today, now, await items(bulan, today));
    },

    /**
     * Drafts for every teacher of the month who is ready (or those chosen); a returned one is
     * drafted again. Answers the count and the month as it now stands, built from the list just
     * planned (a drafted teacher reads exactly as `items` would read it again: status draf, no
     * note), so a province's month is planned once per request, not twice.
     */
    async makeDrafts(
      bulan: string,
      ids: number[] | undefined,
      userId: number,
      now: Date,
    ): Promise<{ n: number; periode: PeriodeKgb }> {
      const today = d.waktu.hariIni(now);
      const month = await items(bulan, today);
      const ready = chosen(month.list, (i) => i.guru_id, ids).filter(
        (i) => i.plan && PERIODE_DAPAT_DIDRAF.includes(i.status),
      );
      const n = await repo.saveDrafts(
        ready.map((i) => ({
          guruId: i.guru_id,
          tmt: i.tmt,
          rencana: {
            golongan: i.plan!.golongan,
            gaji_lama: i.plan!.gajiLama,
            gaji_baru: i.plan!.gajiBaru,
            mkg_baru: i.plan!.mkgBaru,
          },
        })),
        userId,
        now,
      );
      if (!n) throw new AppError(422, 'kgb.nothing_to_draft', PERIODE_MSG.nothingToDraft);
      for (const i of ready) [i.status, i.catatan] = ['draf', null];
      return { n, periode: await viewOf(bulan, today, now, month) };
    },
    /** Sends a teacher's letter of the month back to the school with a note, before verification. */
    async returnDraft(bulan: string, guruId: number, catatan: string, userId: number, now: Date): Promise<void> {
      const { tmt, list } = await items(bulan, d.waktu.hariIni(now));
      const item = list.find((i) => i.guru_id === guruId);
      if (!item) throw errors.notFound(PERIODE_MSG.notInPeriod);
      if (['verified', 'signing', 'signed'].includes(item.status))
        throw errors.conflict('kgb.not_returnable', PERIODE_MSG.notReturnable);
      await repo.returnDraft(guruId, tmt, catatan, userId, now);
      // The school's operators see the note with a link to the teacher's record.
      await notifikasiRepository(d.db).toTeachersSchool(
        guruId,
        {
          jenis: 'dikembalikan',
          judul: `Draf KGB ${item.nama} dikembalikan untuk diperbaiki`,
          isi: `${catatan} (TMT ${tanggalPanjang(tmt)})`,
        },
        now,
      );
    },

    /** Starts verifying the month's drafts (or those chosen): each gets its number and frozen PDF. */
    async startVerify(
      bulan: string,
      ids: number[] | undefined,
      actor: AuditActor & { user_id: number },
      now: Date,
    ): Promise<TugasKgb> {
      const today = d.waktu.hariIni(now);
      const tmt = `${bulan}-01`;
      if (today < dueFrom(tmt))
        throw new AppError(422, 'kgb.not_due', PERIODE_MSG.notYet(tanggalPanjang(dueFrom(tmt))));
      const { list } = await items(bulan, today);
      const todo = chosen(list, (i) => i.guru_id, ids).filter((i) => i.status === 'draf');
      if (!todo.length) throw new AppError(422, 'kgb.nothing_to_verify', PERIODE_MSG.nothingToVerify);
      const run = await runs.createRun({ jenis: 'verifikasi', tmt, total: todo.length, userId: actor.user_id, now });
      const entries = todo.map((i) => ({ guru_id: i.guru_id, nama: i.nama }));
      if (d.runElsewhere) d.runElsewhere({ jenis: 'verifikasi', runId: run.id, actor, entries });
      else void runInBackground(run, entries, actor, verifyOne(actor));
      return toTugas(run, now);
    },

    /**
     * Signs the month's verified letters (or those chosen) with one passphrase. The first letter is
     * signed before the answer: a wrong passphrase signs nothing and is answered 422 (and counted);
     * the rest go on in the background. Letters another run holds are skipped; a letter left
     * mid-signature by a stopped server is taken again once its claim is stale.
     */
    async startSign(
      bulan: string,
      suratIds: number[] | undefined,
      secret: SignerSecret,
      actor: AuditActor & { user_id: number },
      now: Date,
      pejabatId?: number,
      terimaBelumVerifikasi = false,
    ): Promise<TugasKgb> {
      const tmt = `${bulan}-01`;
      const staleBefore = now.getTime() - STALE_SIGNING_MS;
      const waiting = chosen(await repo.letters(tmt), (l) => l.id, suratIds).filter(
        (l) => l.status === 'verified' || (l.status === 'signing' && l.signedAt && l.signedAt.getTime() < staleBefore),
      );
      // One passphrase opens one official's key: with delegations the run is per official.
      const signers = [...new Set(waiting.map((l) => l.pejabatId))];
      if (pejabatId === undefined && signers.length > 1)
        throw new AppError(422, 'kgb.several_officials', PERIODE_MSG.severalOfficials, { pejabat: signers });
      const letters = pejabatId === undefined ? waiting : waiting.filter((l) => l.pejabatId === pejabatId);
      if (!letters.length) throw new AppError(422, 'kgb.nothing_to_sign', PERIODE_MSG.nothingToSign);
      const signing = signWork(actor, secret, false, terimaBelumVerifikasi);
      const signOne = signing.one;
      // Until one letter has really been tried: a wrong passphrase or the limit ends the request.
      const first: Result[] = [];
      const rest = letters.map(letterEntry);
      while (rest.length) {
        const e = rest.shift()!;
        try {
          first.push(await signOne(e));
          d.onChanged();
          break;
        } catch (err) {
          // Nothing has been signed by this request: a wrong passphrase, the limit or the signing
          // service failing fails it as a whole (the letter tried is verified again).
          if (stopsTheRun(err)) throw err;
          first.push({ guru_id: e.guru_id, nama: e.nama, ...failure(err) });
        }
      }
      const run = await runs.createRun({ jenis: 'ttd', tmt, total: letters.length, userId: actor.user_id, now });
      await runs.addResults(run.id, first, now);
      if (!rest.length) await runs.finishRun(run.id, d.now());
      else if (d.runElsewhere)
        d.runElsewhere({
          jenis: 'ttd',
          runId: run.id,
          actor,
          tmt,
          suratIds: rest.map((e) => e.letter.id),
          secret,
          proven: signing.proven(),
          terimaBelumVerifikasi,
        });
      else
        void runInBackground(run, rest, actor, signOne, { concurrency: d.signConcurrency ?? 1, stopOn: stopsTheRun });
      const row = await runs.runById(run.id);
      return toTugas(row!, d.now());
    },

    async run(id: number, now: Date): Promise<TugasKgb> {
      const row = await repo.runById(id);
      if (!row) throw errors.notFound(PERIODE_MSG.runNotFound);
      return toTugas(row, now);
    },

    /**
     * Signed letters as rows of the nominative list, with the back pay of each up to the payroll
     * month chosen (else the month after each letter was signed): of a TMT month, or of the dispatch
     * batch signed on one day.
     */
    async nominatif(f: Batch): Promise<NominatifRow[]> {
      const rows = await repo.signedLetters(
        f.bulan ? { tmt: `${f.bulan}-01` } : { tanggalTtd: f.tanggal_ttd!, zona: d.waktu.zona() },
      );
      const table = await d.kgb.repo.salaryTable();
      return rows.map(({ surat }) => {
        const isi = surat.isi as LetterContent;
        const signed = d.waktu.hariIni(surat.signedAt!);
        return {
          nip: isi.guru.nip,
          nama: isi.guru.nama,
          jenis: isi.guru.jenis ?? STATUS_PNS,
          pangkat: isi.guru.pangkat,
          golongan: isi.guru.golongan,
          sekolah: isi.guru.sekolah,
          mkgLama: isi.mkgLama,
          mkgBaru: isi.mkgBaru,
          gajiLama: isi.gajiLama,
          gajiBaru: isi.gajiBaru,
          tmt: surat.tmt,
          nomor: surat.nomor,
          tanggalSurat: isi.tanggalTtd ?? isi.tanggalSurat,
          ditandatangani: signed,
          rapel: ringkas(
            rapel(rapelSurat(surat.tmt, isi), f.bulan_gaji ? `${f.bulan_gaji}-01` : bulanGajiSetelah(signed), table),
          ),
          suratId: surat.id,
          gaji: statusGajiOf(surat),
        };
      });
    },

    /** Records what the payroll office answered about a signed letter (accepted, or returned with the reason). */
    async recordGaji(
      id: number,
      v: { status: StatusGajiKode; alasan?: string },
      userId: number,
      now: Date,
    ): Promise<void> {
      const alasan = v.status === 'dikembalikan' ? (v.alasan ?? null) : null;
      if (await repo.recordGaji(id, { status: v.status, alasan }, userId, now)) return;
      if (!(await repo.letterExists(id))) throw errors.notFound(PERIODE_MSG.gajiLetterNotFound);
      throw new AppError(422, 'kgb.gaji_not_signed', PERIODE_MSG.gajiNotSigned);
    },

    /** The nominative list as a PDF signed by the active official (PAdES, like the letters), or sealed with the office's seal. */
    async nominatifPdf(f: Batch, userId: number, secret: SignerSecret, now: Date): Promise<Buffer> {
      const rows = await this.nominatif(f);
      if (!rows.length) throw new AppError(422, 'kgb.no_signed_letters', PERIODE_MSG.noSignedLetters);
      const official = await d.kgb.repo.activeOfficial();
      if (!official) throw new AppError(422, 'kgb.no_official', KGB_MSG.noOfficial);
      const today = d.waktu.hariIni(now);
      const judul = f.bulan
        ? `TMT ${tanggalPanjang(`${f.bulan}-01`)}`
        : `ditandatangani ${tanggalPanjang(f.tanggal_ttd!)}`;
      const head = await d.kgb.kantor.letterhead();
      const { pdf, page } = await renderNominatif(rows, head, {
        judul,
        bulanGaji: f.bulan_gaji ? `${f.bulan_gaji}-01` : null,
        tanggal: today,
        pejabat: { nama: official.nama, nip: official.nip, jabatan: official.jabatan, pangkat: official.pangkat },
        stamp: `${tanggalPanjang(today)} ${d.waktu.jam(now)}`,
        segel: d.kgb.sealHolder(head),
      });
      return d.kgb.signDocument(pdf, official, userId, secret, now, {
        reason: `Daftar nominatif KGB ${judul}`,
        page,
        rect: NOMINATIF_SIGNATURE_RECT,
      });
    },
  };
}

/**
 * The month's service as the server and a run's process (periode-proses-main.ts) both make it: the
 * letters' service with the configured signer, and the month's runs on top.
 */
export function periodeServiceOf(o: {
  db: Db;
  writeDb: Db;
  files: FileStore;
  config: Config;
  signer?: Signer | undefined;
  now: () => Date;
  waktu: WaktuKantor;
  salaryTables: SalaryTables;
  onChanged: () => void;
  log: (err: unknown) => void;
  runElsewhere?: PeriodeDeps['runElsewhere'];
}) {
  const { config } = o;
  const kgb = kgbServiceOf(o.db, o.files, {
    publicUrl: config.publicUrl,
    retirementAge: config.retirementAge,
    signer: o.signer,
    sealIdSubscriber: config.signer.kind === 'bsre' ? config.signer.sealIdSubscriber : undefined,
    waktu: o.waktu,
    salaryTables: o.salaryTables,
  });
  return periodeService({
    db: o.db,
    writeDb: o.writeDb,
    files: o.files,
    kgb,
    retirementAge: config.retirementAge,
    // BSrE answers each letter in about a second: several at once (BSRE_CONCURRENCY); the office's
    // own key signs on one thread, one letter after another.
    signConcurrency: config.signer.kind === 'bsre' ? config.signer.concurrency : 1,
    now: o.now,
    waktu: o.waktu,
    onChanged: o.onChanged,
    log: o.log,
    ...(o.runElsewhere ? { runElsewhere: o.runElsewhere } : {}),
  });
}
