import { and, desc, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import { rowsOf, type Db } from '../../db/client.ts';
import { guru, kgbDraf, kgbSurat, kpUsulanGuru, notifikasi } from '../../db/schema/index.ts';

export type NotifikasiRow = typeof notifikasi.$inferSelect;

/**
 * Stored notices of a school read at most: enough for every teacher's current one (a school has
 * tens of teachers, each with a notice or two a year); older ones are past states anyway.
 */
const STORED_LIMIT = 500;

/** The ids as the items of an SQL `in (…)` list. */
const idList = (ids: number[]) =>
  sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  );

/** SQL of the notices to schools. */
export function notifikasiRepository(db: Db) {
  /** The `guru_id`s a query answers, as a set. */
  const guruIdSet = async (query: SQL): Promise<Set<number>> =>
    new Set(rowsOf<{ guru_id: number }>(await db.execute(query)).map((r) => Number(r.guru_id)));

  return {
    /** A notice to the school of `guruId` (in the caller's transaction). */
    async toTeachersSchool(
      guruId: number,
      values: { jenis: string; judul: string; isi: string },
      now: Date,
    ): Promise<void> {
      const [g] = await db.select({ sekolahId: guru.sekolah_id }).from(guru).where(eq(guru.id, guruId));
      if (!g?.sekolahId) return;
      await db.insert(notifikasi).values({ sekolahId: g.sekolahId, guruId, ...values, dibuatPada: now });
    },

    /** The school's stored notices, newest first. */
    async ofSchool(sekolahId: number, limit = STORED_LIMIT): Promise<NotifikasiRow[]> {
      return db
        .select()
        .from(notifikasi)
        .where(eq(notifikasi.sekolahId, sekolahId))
        .orderBy(desc(notifikasi.id))
        .limit(limit);
    },

    /**
     * Of these teachers, those whose KGB stands sent back to the school: their newest draft is
     * 'dikembalikan' and no letter (verified, signing or signed) has been made for it or later.
     */
    async kgbSentBack(guruIds: number[]): Promise<Set<number>> {
      if (!guruIds.length) return new Set();
      return guruIdSet(sql`
          select d.guru_id from ${kgbDraf} d
          where d.guru_id in (${idList(guruIds)}) and d.status = 'dikembalikan'
            and not exists (select 1 from ${kgbDraf} n where n.guru_id = d.guru_id and n.tmt > d.tmt)
            and not exists (select 1 from ${kgbSurat} k where k.guru_id = d.guru_id and k.tmt >= d.tmt and k.status <> 'cancelled')`);
    },

    /** Of these teachers, those whose newest rank-promotion proposal stands returned for correction (BTS). */
    async kpSentBack(guruIds: number[]): Promise<Set<number>> {
      if (!guruIds.length) return new Set();
      return guruIdSet(sql`
          select u.guru_id from ${kpUsulanGuru} u
          where u.guru_id in (${idList(guruIds)}) and u.status = 'bts'
            and not exists (select 1 from ${kpUsulanGuru} n where n.guru_id = u.guru_id and n.id > u.id)`);
    },

    /** Marks the school's notices read (those named, or all); another school's ids change nothing. */
    async markRead(sekolahId: number, ids: number[] | undefined, now: Date): Promise<void> {
      const mine = and(eq(notifikasi.sekolahId, sekolahId), isNull(notifikasi.dibacaPada));
      await db
        .update(notifikasi)
        .set({ dibacaPada: now })
        .where(ids ? and(mine, inArray(notifikasi.id, ids)) : mine);
    },
  };
}
