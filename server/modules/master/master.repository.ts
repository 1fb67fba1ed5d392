import { and, asc, eq } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { MSG } from '#contract/messages.ts';
import type { Db } from '../../db/client.ts';
import { bentukPendidikan, fasilitas, jenisRuangan, kondisi, masterAset, referensi } from '../../db/schema/index.ts';
import { errors } from '../../lib/errors.ts';
import { isForeignKeyViolation, isUniqueViolation } from '../../lib/db-errors.ts';

type NamedTable = PgTable & { id: PgColumn; nama: PgColumn };
const named = (t: unknown) => t as NamedTable;

/** The master lists of SPEC §7 with an id and a name. */
export const MASTER_TABLES = {
  bentukPendidikan: named(bentukPendidikan),
  kondisi: named(kondisi),
  jenisRuangan: named(jenisRuangan),
  masterAset: named(masterAset),
};
export type MasterTable = keyof typeof MASTER_TABLES;

async function unique<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (err) {
    if (isUniqueViolation(err)) throw errors.conflict('master.duplicate', MSG.masterDuplicate);
    throw err;
  }
}

export function masterRepository(db: Db) {
  return {
    list(name: MasterTable, by: 'id' | 'nama') {
      const table = MASTER_TABLES[name];
      return db
        .select({ id: table.id, nama: table.nama })
        .from(table)
        .orderBy(asc(by === 'id' ? table.id : table.nama));
    },
    fasilitas: () => db.select().from(fasilitas).orderBy(asc(fasilitas.fasilitas)),
    /** A teacher master list (table referensi, by kategori; keahlian also by nama2 = umum/bahasa), in its set order. */
    referensi: (kategori: string, nama2?: string) =>
      db
        .select()
        .from(referensi)
        .where(and(eq(referensi.kategori, kategori), nama2 ? eq(referensi.nama2, nama2) : undefined))
        .orderBy(asc(referensi.urutan), asc(referensi.id)),
    /** 409 when the name exists. */
    async create(name: MasterTable, nama: string) {
      const table = MASTER_TABLES[name];
      const [row] = await unique(() =>
        db
          .insert(table)
          .values({ nama } as never)
          .returning({ id: table.id, nama: table.nama }),
      );
      return row;
    },
    /** Undefined when there is no such row; 409 when the name exists. */
    async rename(name: MasterTable, id: number, nama: string) {
      const table = MASTER_TABLES[name];
      const [row] = await unique(() =>
        db
          .update(table)
          .set({ nama } as never)
          .where(eq(table.id, id))
          .returning({ id: table.id, nama: table.nama }),
      );
      return row;
    },
    /** False when there is no such row; 409 while a row still uses it. */
    async remove(name: MasterTable, id: number): Promise<boolean> {
      const table = MASTER_TABLES[name];
      try {
        return (await db.delete(table).where(eq(table.id, id)).returning({ id: table.id })).length > 0;
      } catch (err) {
        if (isForeignKeyViolation(err)) throw errors.conflict('master.in_use', MSG.masterInUse);
        throw err;
      }
    },
  };
}
