import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { guru, referensi, sekolah } from '../../db/schema/index.ts';

export type NewGuru = typeof guru.$inferInsert;
export type GuruValues = Partial<NewGuru>;
export type GuruRecord = typeof guru.$inferSelect;

/** The lock that makes imports of teachers one at a time (an arbitrary constant of this application). */
const IMPOR_LOCK = 7_402_040;

/**
 * Takes the teacher import's lock for the rest of the transaction: a second import of the same
 * file waits, then its checks (run again after the lock) see the teachers the first one created.
 */
export async function lockImport(db: Db): Promise<void> {
  await db.execute(sql`select pg_advisory_xact_lock(${IMPOR_LOCK})`);
}

/** SQL of the teacher import (impor.service.ts): the schools, master names and teachers it matches rows to, and its writes. */
export function imporRepository(db: Db) {
  return {
    /** The schools of these NPSNs (as stored), NPSN → id. */
    async schoolIdsByNpsn(npsns: string[]): Promise<Map<string, number>> {
      return new Map(
        (npsns.length
          ? await db.select({ id: sekolah.id, npsn: sekolah.npsn }).from(sekolah).where(inArray(sekolah.npsn, npsns))
          : []
        ).map((s) => [s.npsn, s.id]),
      );
    },

    /** The NPSNs of these schools, id → NPSN. */
    async npsnsById(ids: number[]): Promise<Map<number, string>> {
      return new Map(
        (ids.length
          ? await db.select({ id: sekolah.id, npsn: sekolah.npsn }).from(sekolah).where(inArray(sekolah.id, ids))
          : []
        ).map((s) => [s.id, s.npsn]),
      );
    },

    /** The master rows of these categories. */
    async masters(kategori: string[]) {
      return db.select().from(referensi).where(inArray(referensi.kategori, kategori));
    },

    /** Teachers whose NIP, NUPTK or NIK is one of these, oldest first. */
    async teachersBy(key: 'nip' | 'nuptk' | 'nik', values: string[]): Promise<GuruRecord[]> {
      return values.length ? db.select().from(guru).where(inArray(guru[key], values)).orderBy(guru.id) : [];
    },

    /** A teacher without any number: by name (any case), birth date and school. */
    async teacherByName(nama: string, tglLahir: string, sekolahId: number): Promise<GuruRecord | undefined> {
      const [found] = await db
        .select()
        .from(guru)
        .where(
          and(
            sql`lower(${guru.nama}) = ${nama.toLowerCase()}`,
            eq(guru.tgl_lahir, tglLahir),
            eq(guru.sekolah_id, sekolahId),
          ),
        )
        .limit(1);
      return found;
    },

    async teachersById(ids: number[]): Promise<GuruRecord[]> {
      return ids.length ? db.select().from(guru).where(inArray(guru.id, ids)) : [];
    },

    /** The school's active teachers, by name. */
    async activeOfSchool(sekolahId: number): Promise<{ id: number; nip: string | null; nama: string }[]> {
      return db
        .select({ id: guru.id, nip: guru.nip, nama: guru.nama })
        .from(guru)
        .where(and(eq(guru.sekolah_id, sekolahId), eq(guru.status_kepegawaian, 'aktif')))
        .orderBy(guru.nama, guru.id);
    },

    /** New teachers, in one statement. */
    async insertTeachers(rows: NewGuru[]): Promise<void> {
      await db.insert(guru).values(rows);
    },

    /**
     * Changes a teacher unless changed since `versi` was read; false when it was (every update
     * raises versi: trigger sidasek_guru_versi, migration 0008).
     */
    async updateTeacher(id: number, versi: number, changes: GuruValues, now: Date): Promise<boolean> {
      const done = await db
        .update(guru)
        .set({ ...changes, updated_at: now })
        .where(and(eq(guru.id, id), eq(guru.versi, versi)))
        .returning({ id: guru.id });
      return done.length > 0;
    },
  };
}
