import { nextTurn, ROWS_PER_TURN } from '../../lib/turn.ts';
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { rowsOf } from '../../db/client.ts';
import { guru, kgbDraf, kgbPenundaan, kgbSurat, kgbTugas, sekolah } from '../../db/schema/index.ts';
import { lahirBelumPensiun } from '../../domain/pensiun.ts';
import { namaGuruColumns } from '../guru/guru.repository.ts';
import { KGB_PESERTA_SQL, NEXT_TMT_SQL } from './kgb.repository.ts';

/** A teacher of a month's KGB run, as the run's list reads them. */
export interface PeriodeRow {
  id: number;
  nip: string | null;
  nama: string;
  gelar_depan: string | null;
  gelar_belakang: string | null;
  status_guru: string | null;
  tgl_lahir: string;
  kgb_tunda_bulan: number;
  verifikasi: number;
  golongan: string | null;
  pendidikan_terakhir: string | null;
  nama_sekolah: string | null;
  npsn: string | null;
}

export type DrafRow = typeof kgbDraf.$inferSelect;
export type TugasRow = typeof kgbTugas.$inferSelect;

/** SQL of the monthly KGB run: the month's teachers, drafts, letters and runs. */
export function periodeRepository(db: Db) {
  return {
    /**
     * Everyone the month concerns: active civil servants whose next TMT is `tmt` (the due list's
     * rule and index, retired teachers and those retiring first left out), and whoever already has
     * a draft or a letter (signed, cancelled) for it. By school, then name.
     */
    async members(tmt: string, today: string, retirementAge: number): Promise<PeriodeRow[]> {
      return rowsOf<PeriodeRow>(
        await db.execute(sql`
          with ids as (
            select ${guru.id} as id from ${guru}
            where ${KGB_PESERTA_SQL(null)} and ${guru.status_kepegawaian} = 'aktif'
              and ${NEXT_TMT_SQL} = ${tmt}::date
              and ${guru.tgl_lahir} >= ${lahirBelumPensiun(today, retirementAge)}::date
              and ${NEXT_TMT_SQL} < (date_trunc('month', ${guru.tgl_lahir}) + make_interval(months => ${retirementAge * 12 + 1}))::date
            union select ${kgbSurat.guruId} from ${kgbSurat} where ${kgbSurat.tmt} = ${tmt}::date
            union select ${kgbDraf.guruId} from ${kgbDraf} where ${kgbDraf.tmt} = ${tmt}::date
          )
          select g.id, g.nip, g.nama, g.gelar_depan, g.gelar_belakang, g.status_guru, g.tgl_lahir::text as tgl_lahir, g.kgb_tunda_bulan, g.verifikasi, g.golongan, g.pendidikan_terakhir,
                 s.nama_sekolah, s.npsn
          from ids join ${guru} g on g.id = ids.id
          left join ${sekolah} s on s.id = g.sekolah_id
          order by s.nama_sekolah nulls last, g.nama, g.id`),
      );
    },

    /** The month's letters, oldest first (a cancelled one before its replacement). */
    async letters(tmt: string) {
      return db.select().from(kgbSurat).where(eq(kgbSurat.tmt, tmt)).orderBy(asc(kgbSurat.id));
    },

    async drafts(tmt: string): Promise<DrafRow[]> {
      return db.select().from(kgbDraf).where(eq(kgbDraf.tmt, tmt));
    },

    /** Writes drafts for these teachers; a returned draft becomes a draft again, its note cleared. */
    async saveDrafts(
      rows: { guruId: number; tmt: string; rencana: unknown }[],
      userId: number,
      now: Date,
    ): Promise<number> {
      let saved = 0;
      // A province's month at once: statements of ROWS_PER_TURN drafts (one transaction, the
      // request's), the other requests served between them. The rows go as one JSON parameter: a
      // parameter per value would make building each statement hold the event loop.
      for (let i = 0; i < rows.length; i += ROWS_PER_TURN) {
        if (i > 0) await nextTurn();
        const part = rows
          .slice(i, i + ROWS_PER_TURN)
          .map((r) => ({ guru_id: r.guruId, tmt: r.tmt, rencana: r.rencana }));
        const at = now.toISOString();
        const result = await db.execute(sql`
          insert into ${kgbDraf} (guru_id, tmt, status, rencana, dibuat_oleh, dibuat_pada, diubah_pada)
          select r.guru_id, r.tmt, 'draf', r.rencana, ${userId}::int, ${at}::timestamptz, ${at}::timestamptz
          from jsonb_to_recordset(${JSON.stringify(part)}::jsonb) as r(guru_id int, tmt date, rencana jsonb)
          on conflict (guru_id, tmt) do update
            set status = 'draf', catatan = null, rencana = excluded.rencana, diubah_pada = excluded.diubah_pada
          returning id`);
        saved += rowsOf(result).length;
      }
      return saved;
    },

    /** Sends a teacher's month back to the school with a note (a draft is made if there was none). */
    async returnDraft(guruId: number, tmt: string, catatan: string, userId: number, now: Date): Promise<void> {
      await db
        .insert(kgbDraf)
        .values({ guruId, tmt, status: 'dikembalikan', catatan, dibuatOleh: userId, dibuatPada: now, diubahPada: now })
        .onConflictDoUpdate({
          target: [kgbDraf.guruId, kgbDraf.tmt],
          set: { status: 'dikembalikan', catatan, diubahPada: now },
        });
    },

    async lettersByIds(ids: number[]) {
      if (!ids.length) return [];
      return db.select().from(kgbSurat).where(inArray(kgbSurat.id, ids)).orderBy(asc(kgbSurat.id));
    },

    async createRun(values: {
      jenis: 'verifikasi' | 'ttd';
      tmt: string;
      total: number;
      userId: number;
      now: Date;
    }): Promise<TugasRow> {
      const [row] = await db
        .insert(kgbTugas)
        .values({
          jenis: values.jenis,
          tmt: values.tmt,
          status: 'berjalan',
          total: values.total,
          dibuatOleh: values.userId,
          mulai: values.now,
          diperbarui: values.now,
        })
        .returning();
      return row!;
    },

    /** Appends results to a run (jsonb concatenation: a run of 1,000 letters does not rewrite its list each time). */
    async addResults(id: number, results: unknown[], now: Date): Promise<void> {
      await db
        .update(kgbTugas)
        .set({ hasil: sql`${kgbTugas.hasil} || ${JSON.stringify(results)}::jsonb`, diperbarui: now })
        .where(eq(kgbTugas.id, id));
    },

    async finishRun(id: number, now: Date): Promise<void> {
      await db
        .update(kgbTugas)
        .set({ status: 'selesai', selesai: now, diperbarui: now })
        .where(and(eq(kgbTugas.id, id), eq(kgbTugas.status, 'berjalan')));
    },

    /** Ends a run early (the signing service failed), with the reason the screen shows. */
    async stopRun(id: number, pesan: string, now: Date): Promise<void> {
      await db
        .update(kgbTugas)
        .set({ status: 'berhenti', pesan, selesai: now, diperbarui: now })
        .where(and(eq(kgbTugas.id, id), eq(kgbTugas.status, 'berjalan')));
    },

    async runById(id: number): Promise<TugasRow | null> {
      const [row] = await db.select().from(kgbTugas).where(eq(kgbTugas.id, id));
      return row ?? null;
    },

    async latestRun(tmt: string): Promise<TugasRow | null> {
      const [row] = await db.select().from(kgbTugas).where(eq(kgbTugas.tmt, tmt)).orderBy(desc(kgbTugas.id)).limit(1);
      return row ?? null;
    },

    /**
     * Signed letters, by school and name: of a TMT month, or of one dispatch batch (signed on the
     * office's day `tanggalTtd`, in its zone, whatever their TMT).
     */
    async signedLetters(f: { tmt: string } | { tanggalTtd: string; zona: string }) {
      const which =
        'tmt' in f
          ? eq(kgbSurat.tmt, f.tmt)
          : sql`(${kgbSurat.signedAt} at time zone ${f.zona})::date = ${f.tanggalTtd}::date`;
      return db
        .select({ surat: kgbSurat, npsn: sekolah.npsn })
        .from(kgbSurat)
        .innerJoin(guru, eq(guru.id, kgbSurat.guruId))
        .leftJoin(sekolah, eq(sekolah.id, guru.sekolah_id))
        .where(and(which, eq(kgbSurat.status, 'signed')))
        .orderBy(asc(sekolah.namaSekolah), asc(guru.nama), asc(kgbSurat.id));
    },

    /**
     * Records the payroll office's answer on a signed letter, in one statement: a letter cancelled
     * meanwhile is not touched. Answers whether it was recorded.
     */
    async recordGaji(
      id: number,
      v: { status: string; alasan: string | null },
      userId: number,
      now: Date,
    ): Promise<boolean> {
      const done = await db
        .update(kgbSurat)
        .set({ gajiStatus: v.status, gajiAlasan: v.alasan, gajiDicatatAt: now, gajiDicatatBy: userId })
        .where(and(eq(kgbSurat.id, id), eq(kgbSurat.status, 'signed')))
        .returning({ id: kgbSurat.id });
      return done.length > 0;
    },

    async letterExists(id: number): Promise<boolean> {
      return (await db.select({ id: kgbSurat.id }).from(kgbSurat).where(eq(kgbSurat.id, id))).length > 0;
    },

    /** The postponements of increases due on `tmt`: the month still lists those teachers, as postponed. */
    async postponedFrom(tmt: string) {
      return db
        .select({
          p: kgbPenundaan,
          g: {
            id: guru.id,
            ...namaGuruColumns,
            status_guru: guru.status_guru,
          },
          nama_sekolah: sekolah.namaSekolah,
          npsn: sekolah.npsn,
        })
        .from(kgbPenundaan)
        .innerJoin(guru, eq(guru.id, kgbPenundaan.guruId))
        .leftJoin(sekolah, eq(sekolah.id, guru.sekolah_id))
        .where(eq(kgbPenundaan.tmtSemula, tmt))
        .orderBy(asc(sekolah.namaSekolah), asc(guru.nama));
    },

    /** The letters that replaced these cancelled ones (a ralat names the letter it replaces). */
    async replacements(ids: number[]) {
      if (!ids.length) return [];
      return db
        .select({ id: kgbSurat.id, nomor: kgbSurat.nomor, menggantikanId: kgbSurat.menggantikanId })
        .from(kgbSurat)
        .where(inArray(kgbSurat.menggantikanId, ids));
    },
  };
}
