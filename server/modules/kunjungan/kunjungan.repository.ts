import type { Db } from '../../db/client.ts';
import { kunjungan } from '../../db/schema/index.ts';

export function kunjunganRepository(db: Db) {
  return {
    /** Records the user's visit on `tanggal`; false when it was already counted that day. */
    async catat(userId: number, tanggal: string): Promise<boolean> {
      const inserted = await db
        .insert(kunjungan)
        .values({ userId, tanggal })
        .onConflictDoNothing()
        .returning({ tanggal: kunjungan.tanggal });
      return inserted.length > 0;
    },
  };
}
