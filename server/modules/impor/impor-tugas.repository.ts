import { and, desc, eq, inArray, lt, or, sql } from 'drizzle-orm';
import { rowsOf, type Db } from '../../db/client.ts';
import { imporTugas } from '../../db/schema/index.ts';
import { IMPOR_TUGAS_LAPORAN_MAX, type ImporTugasBerkas, type ImporTugasLaporan } from '#contract/impor.ts';

export type ImporTugasRow = typeof imporTugas.$inferSelect;
/** A file of a run as stored: the contract's fields and where its bytes are. */
export type StoredBerkas = ImporTugasBerkas & { key: string };

/** What one written batch adds to its run (in the batch's transaction). */
export interface BatchProgress {
  posisiBerkas: number;
  posisiBaris: number;
  berkas: StoredBerkas[];
  counts: { dibuat: number; diubah: number; sama: number; galat: number; tendik: number; konflik: number };
  laporan: ImporTugasLaporan[];
}

/** The background teacher import runs (impor-tugas.ts). */
export function imporTugasRepository(db: Db) {
  return {
    async insert(berkas: StoredBerkas[], userId: number, now: Date): Promise<ImporTugasRow> {
      const [row] = await db
        .insert(imporTugas)
        .values({ status: 'berjalan', berkas, dibuatOleh: userId, mulai: now, diperbarui: now })
        .returning();
      return row!;
    },

    async find(id: number): Promise<ImporTugasRow | null> {
      const [row] = await db.select().from(imporTugas).where(eq(imporTugas.id, id));
      return row ?? null;
    },

    async latest(limit: number): Promise<ImporTugasRow[]> {
      return db.select().from(imporTugas).orderBy(desc(imporTugas.mulai), desc(imporTugas.id)).limit(limit);
    },

    /** A run still going (its progress moved since `staleBefore`), if any. */
    async running(staleBefore: Date): Promise<ImporTugasRow | null> {
      const [row] = await db
        .select()
        .from(imporTugas)
        .where(and(eq(imporTugas.status, 'berjalan'), sql`${imporTugas.diperbarui} >= ${staleBefore.toISOString()}`))
        .limit(1);
      return row ?? null;
    },

    /**
     * Takes a run to go on with it: one that was cancelled or failed, or one whose progress stopped
     * moving (its server stopped). One caller wins; the others get null.
     */
    async claim(id: number, staleBefore: Date, now: Date): Promise<ImporTugasRow | null> {
      const [row] = await db
        .update(imporTugas)
        .set({ status: 'berjalan', batal: false, diperbarui: now, selesai: null, pesan: null })
        .where(
          and(
            eq(imporTugas.id, id),
            or(
              inArray(imporTugas.status, ['dibatalkan', 'gagal']),
              and(eq(imporTugas.status, 'berjalan'), lt(imporTugas.diperbarui, staleBefore)),
            ),
          ),
        )
        .returning();
      return row ?? null;
    },

    /** The run's position and counts after a batch, in the batch's own transaction. Answers whether cancellation was asked for. */
    async progress(id: number, p: BatchProgress, now: Date): Promise<boolean> {
      const c = p.counts;
      const [row] = await db
        .update(imporTugas)
        .set({
          posisiBerkas: p.posisiBerkas,
          posisiBaris: p.posisiBaris,
          berkas: p.berkas,
          dibuat: sql`${imporTugas.dibuat} + ${c.dibuat}`,
          diubah: sql`${imporTugas.diubah} + ${c.diubah}`,
          sama: sql`${imporTugas.sama} + ${c.sama}`,
          galat: sql`${imporTugas.galat} + ${c.galat}`,
          tendik: sql`${imporTugas.tendik} + ${c.tendik}`,
          konflik: sql`${imporTugas.konflik} + ${c.konflik}`,
          // The report keeps its first rows, up to the cap and the batch that reaches it.
          laporan: p.laporan.length
            ? sql`case when jsonb_array_length(${imporTugas.laporan}) >= ${IMPOR_TUGAS_LAPORAN_MAX} then ${imporTugas.laporan} else ${imporTugas.laporan} || ${JSON.stringify(p.laporan)}::jsonb end`
            : imporTugas.laporan,
          diperbarui: now,
        })
        .where(eq(imporTugas.id, id))
        .returning({ batal: imporTugas.batal });
      return row?.batal ?? false;
    },

    /** Keeps a run's progress moving while a large file is read (no batch written yet). */
    async heartbeat(id: number, now: Date): Promise<boolean> {
      const [row] = await db
        .update(imporTugas)
        .set({ diperbarui: now })
        .where(and(eq(imporTugas.id, id), eq(imporTugas.status, 'berjalan')))
        .returning({ batal: imporTugas.batal });
      return row?.batal ?? true;
    },

    async requestCancel(id: number, now: Date): Promise<ImporTugasRow | null> {
      const [row] = await db
        .update(imporTugas)
        .set({ batal: true, diperbarui: now })
        .where(and(eq(imporTugas.id, id), eq(imporTugas.status, 'berjalan')))
        .returning();
      return row ?? null;
    },

    /**
     * The active teachers of a school that a file did not list (by NIP, NUPTK or NIK): moved,
     * retired? Listed for the office, never deleted.
     */
    async missingFromSchool(
      npsn: string,
      seen: { nip: string[]; nuptk: string[]; nik: string[] },
    ): Promise<{ id: number; nip: string | null; nama: string }[]> {
      // Identity numbers are digits: one text parameter each list, split in SQL.
      const list = (values: string[]) => values.filter((v) => /^\d+$/.test(v)).join(',');
      return rowsOf<{ id: number; nip: string | null; nama: string }>(
        await db.execute(sql`select g.id, g.nip, g.nama from guru g join sekolah s on s.id = g.sekolah_id
          where s.npsn = ${npsn} and g.status_kepegawaian = 'aktif'
            and not (coalesce(g.nip, '') = any(string_to_array(${list(seen.nip)}, ',')))
            and not (coalesce(g.nuptk, '') = any(string_to_array(${list(seen.nuptk)}, ',')))
            and not (coalesce(g.nik, '') = any(string_to_array(${list(seen.nik)}, ',')))
          order by g.nama, g.id`),
      );
    },

    async end(id: number, status: 'selesai' | 'dibatalkan' | 'gagal', pesan: string | null, now: Date): Promise<void> {
      await db
        .update(imporTugas)
        .set({ status, pesan, diperbarui: now, selesai: now })
        .where(and(eq(imporTugas.id, id), eq(imporTugas.status, 'berjalan')));
    },
  };
}
