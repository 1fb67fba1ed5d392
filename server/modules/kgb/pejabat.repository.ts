import { asc, desc, eq, ne } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { pejabat } from '../../db/schema/index.ts';

export type PejabatRecord = typeof pejabat.$inferSelect;
export type PejabatInsert = Omit<typeof pejabat.$inferInsert, 'id' | 'aktif'>;

/** Signing officials: their keys (by file-store key), certificates, who is active, delegations. */
export function pejabatRepository(db: Db) {
  /** The active one first, then by name. */
  const list = (): Promise<PejabatRecord[]> =>
    db.select().from(pejabat).orderBy(desc(pejabat.aktif), asc(pejabat.nama));
  return {
    list,
    async find(id: number): Promise<PejabatRecord | undefined> {
      return (await db.select().from(pejabat).where(eq(pejabat.id, id)))[0];
    },
    async hasActive(): Promise<boolean> {
      return (await db.select({ id: pejabat.id }).from(pejabat).where(eq(pejabat.aktif, true)).limit(1)).length > 0;
    },
    /** Added inactive; `activate` makes it the one who signs. */
    async insert(values: PejabatInsert): Promise<number> {
      const [row] = await db
        .insert(pejabat)
        .values({ ...values, aktif: false })
        .returning({ id: pejabat.id });
      return row!.id;
    },
    /** Exactly one official is active. */
    async activate(id: number): Promise<void> {
      await db.transaction(async (tx) => {
        await tx.update(pejabat).set({ aktif: false }).where(ne(pejabat.id, id));
        await tx.update(pejabat).set({ aktif: true }).where(eq(pejabat.id, id));
      });
    },
    /** Who signs the covering letters and lists: the active official, or blank lines (nulls) when none is. */
    async penandatangan(): Promise<{ nama: string | null; nip: string | null }> {
      const active = (await list()).find((p) => p.aktif);
      return active ? { nama: active.nama, nip: active.nip } : { nama: null, nip: null };
    },
    /** False when there is no such official. */
    async setDelegation(id: number, delegasi: PejabatRecord['delegasi']): Promise<boolean> {
      return (
        (await db.update(pejabat).set({ delegasi }).where(eq(pejabat.id, id)).returning({ id: pejabat.id })).length > 0
      );
    },
  };
}
