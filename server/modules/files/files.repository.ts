import { sql } from 'drizzle-orm';
import { rowsOf, type Db } from '../../db/client.ts';

/** Which stored files are public, decided by what they are (the rows that name them), not by their names. */
export function filesRepository(db: Db) {
  return {
    /**
     * Whether `key` is a school's logo or a gallery photo or its thumbnail: pictures of a school,
     * shown on its public pages. Anything else (a teacher's photo, documents, letters, signing
     * keys, the office logo, a key no row names) is not. Indexed lookups (sekolah_logo_key_idx,
     * galeri_foto_key_idx, galeri_thumb_key_idx).
     */
    async isPublic(key: string): Promise<boolean> {
      const [row] = rowsOf<{ ok: boolean }>(
        await db.execute(sql`select exists (select 1 from sekolah where logo_key = ${key})
          or exists (select 1 from galeri where foto_key = ${key})
          or exists (select 1 from galeri where thumb_key = ${key}) as ok`),
      );
      return row?.ok === true;
    },
  };
}
