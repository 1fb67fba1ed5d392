import { asc, eq } from 'drizzle-orm';
import type { Galeri, GaleriFields } from '#contract/sarpras.ts';
import type { Page } from '#contract/paging.ts';
import type { Db } from '../../db/client.ts';
import { galeri, sekolah } from '../../db/schema/index.ts';
import { fileUrl } from '../../lib/file-store.ts';
import { propertyPage, propertyWrites } from '../sekolah/school-property.ts';

const columns = {
  id: galeri.id,
  npsn: sekolah.npsn,
  nama: galeri.nama,
  jenis: galeri.jenis,
  desk: galeri.desk,
  ket: galeri.ket,
  fotoKey: galeri.fotoKey,
  thumbKey: galeri.thumbKey,
};

/** A gallery row as stored: the answer's fields plus the keys of its two files in the file store. */
export type GaleriStored = Omit<Galeri, 'foto' | 'thumbnail'> & { fotoKey: string; thumbKey: string };
export interface GaleriKeys {
  fotoKey: string;
  thumbKey: string;
}

/** The answer's shape: the file keys become URLs. */
export const toGaleri = ({ fotoKey, thumbKey, ...rest }: GaleriStored): Galeri => ({
  ...rest,
  foto: fileUrl(fotoKey),
  thumbnail: fileUrl(thumbKey),
});

const values = (f: GaleriFields) => ({ nama: f.nama, jenis: f.jenis, desk: f.desk, ket: f.ket });

/** The school's photo gallery (SPEC §3 Galeri). */
export function galeriRepository(db: Db) {
  const query = () => db.select(columns).from(galeri).innerJoin(sekolah, eq(sekolah.id, galeri.sekolahId));
  const find = async (id: number): Promise<GaleriStored | undefined> => (await query().where(eq(galeri.id, id)))[0];
  const writes = propertyWrites(db, galeri, find);
  return {
    find,
    /** In the order the photos were added. */
    pageOfSchool(sekolahId: number, pageNo: number): Promise<Page<GaleriStored>> {
      const where = eq(galeri.sekolahId, sekolahId);
      return propertyPage(db, galeri, where, pageNo, query().where(where).orderBy(asc(galeri.id)).$dynamic());
    },
    insert: (sekolahId: number, f: GaleriFields, keys: GaleriKeys): Promise<GaleriStored> =>
      writes.insert({ sekolahId, ...values(f), ...keys }),
    /** New file keys only when a new photo came with the update. */
    update: (id: number, f: GaleriFields, keys: GaleriKeys | null, now: Date): Promise<GaleriStored> =>
      writes.update(id, { ...values(f), ...(keys ?? {}) }, now),
    remove: writes.remove,
  };
}
