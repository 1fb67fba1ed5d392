import { and, count, desc, eq, inArray, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { guru, notifikasi } from '../../db/schema/index.ts';

export type NotifikasiRow = typeof notifikasi.$inferSelect;

/** SQL of the notices to schools. */
export function notifikasiRepository(db: Db) {
  return {
    /** A notice to the school of `guruId` (in the caller's transaction). */
    async toTeachersSchool(guruId: number, values: { jenis: string; judul: string; isi: string }, now: Date): Promise<void> {
      const [g] = await db.select({ sekolahId: guru.sekolah_id }).from(guru).where(eq(guru.id, guruId));
      if (!g?.sekolahId) return;
      await db.insert(notifikasi).values({ sekolahId: g.sekolahId, guruId, ...values, dibuatPada: now });
    },

    /** The school's newest notices. */
    async ofSchool(sekolahId: number, limit = 50): Promise<NotifikasiRow[]> {
      return db.select().from(notifikasi).where(eq(notifikasi.sekolahId, sekolahId)).orderBy(desc(notifikasi.id)).limit(limit);
    },

    async unread(sekolahId: number): Promise<number> {
      const [row] = await db.select({ n: count() }).from(notifikasi).where(and(eq(notifikasi.sekolahId, sekolahId), isNull(notifikasi.dibacaPada)));
      return Number(row?.n ?? 0);
    },

    /** Marks the school's notices read (those named, or all); another school's ids change nothing. */
    async markRead(sekolahId: number, ids: number[] | undefined, now: Date): Promise<void> {
      const mine = and(eq(notifikasi.sekolahId, sekolahId), isNull(notifikasi.dibacaPada));
      await db.update(notifikasi).set({ dibacaPada: now }).where(ids ? and(mine, inArray(notifikasi.id, ids)) : mine);
    },
  };
}
