import { and, asc, eq, isNull } from 'drizzle-orm';
import type { WilayahItem } from '#contract/master.ts';
import type { Db } from '../../db/client.ts';
import { wilayah } from '../../db/schema/index.ts';

/** Kemendagri regions: provinces, regencies, districts, villages. */
export function wilayahRepository(db: Db) {
  return {
    /** The children of `parent` by name; the provinces without it. */
    children(parent: string | undefined): Promise<WilayahItem[]> {
      return db
        .select({ kode_wilayah: wilayah.kodeWilayah, nama: wilayah.nama, level: wilayah.level })
        .from(wilayah)
        .where(parent ? eq(wilayah.induk, parent) : and(isNull(wilayah.induk), eq(wilayah.level, 1)))
        .orderBy(asc(wilayah.nama));
    },
  };
}
