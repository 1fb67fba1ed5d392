import { asc, eq } from 'drizzle-orm';
import type { Lahan, LahanBody } from '#contract/sarpras.ts';
import type { Page } from '#contract/paging.ts';
import type { Db } from '../../db/client.ts';
import { lahan, sekolah } from '../../db/schema/index.ts';
import { propertyPage, propertyWrites } from '../sekolah/school-property.ts';

const columns = {
  id: lahan.id,
  npsn: sekolah.npsn,
  nama: lahan.nama,
  luas: lahan.luas,
  tglperolehan: lahan.tglPerolehan,
  harga: lahan.harga,
  kondisi: lahan.kondisi,
  keterangan: lahan.keterangan,
};

const values = (b: LahanBody) => ({
  nama: b.nama,
  luas: b.luas,
  tglPerolehan: b.tglperolehan,
  harga: b.harga,
  kondisi: b.kondisi,
  keterangan: b.keterangan,
});

/** Land plots of a school (SPEC §3 Lahan), each with its school's NPSN. */
export function lahanRepository(db: Db) {
  const query = () => db.select(columns).from(lahan).innerJoin(sekolah, eq(sekolah.id, lahan.sekolahId));
  const find = async (id: number): Promise<Lahan | undefined> => (await query().where(eq(lahan.id, id)))[0];
  const writes = propertyWrites(db, lahan, find);
  return {
    find,
    /** Oldest acquisition first. */
    pageOfSchool(sekolahId: number, pageNo: number): Promise<Page<Lahan>> {
      const where = eq(lahan.sekolahId, sekolahId);
      const rows = query().where(where).orderBy(asc(lahan.tglPerolehan), asc(lahan.id));
      return propertyPage(db, lahan, where, pageNo, rows.$dynamic());
    },
    insert: (sekolahId: number, b: LahanBody): Promise<Lahan> => writes.insert({ sekolahId, ...values(b) }),
    update: (id: number, b: LahanBody, now: Date): Promise<Lahan> => writes.update(id, values(b), now),
    remove: writes.remove,
  };
}
