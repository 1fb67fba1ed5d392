import { and, asc, eq, sql } from 'drizzle-orm';
import type { Aset, AsetBody, Ruangan, RuanganBody } from '#contract/sarpras.ts';
import type { Page } from '#contract/paging.ts';
import type { Db } from '../../db/client.ts';
import { aset, jenisRuangan, masterAset, ruangan, sekolah } from '../../db/schema/index.ts';
import { propertyPage, propertyWrites } from '../sekolah/school-property.ts';

const roomColumns = {
  id: ruangan.id,
  npsn: sekolah.npsn,
  nama: ruangan.nama,
  jenisruangan: { id: jenisRuangan.id, nama: jenisRuangan.nama },
  panjang: ruangan.panjang,
  lebar: ruangan.lebar,
  tinggi: ruangan.tinggi,
  keterangan: ruangan.keterangan,
  status: ruangan.status,
  jumlah_aset: sql<number>`(select count(*)::int from ${aset} where ${aset.ruanganId} = ${ruangan.id})`,
};

const assetColumns = {
  id: aset.id,
  nama: aset.nama,
  asset_id: aset.masterAsetId,
  masterasset: { id: masterAset.id, nama: masterAset.nama },
  jumlah: aset.jumlah,
  harga: aset.harga,
  kondisi: aset.kondisi,
  ruangan_id: aset.ruanganId,
  npsn: sekolah.npsn,
};

/** An asset with its school's NPSN (for the access check; not part of the answer). */
export type AsetOwned = Aset & { npsn: string };
export const publicAsset = ({ npsn: _npsn, ...row }: AsetOwned): Aset => row;

const roomValues = (b: RuanganBody) => ({
  jenisRuanganId: b.ruangan,
  nama: b.nama,
  panjang: b.panjang,
  lebar: b.lebar,
  tinggi: b.tinggi,
  keterangan: b.keterangan,
  status: b.status,
});
const assetValues = (b: AsetBody) => ({
  ruanganId: b.ruangan_id,
  masterAsetId: b.asset_id,
  nama: b.nama,
  jumlah: b.jumlah,
  harga: b.harga,
  kondisi: b.kondisi,
});

/** Rooms of a school (SPEC §3 Ruangan) and the assets in each room (SPEC §3 Aset). */
export function ruanganRepository(db: Db) {
  const roomQuery = () =>
    db
      .select(roomColumns)
      .from(ruangan)
      .innerJoin(sekolah, eq(sekolah.id, ruangan.sekolahId))
      .innerJoin(jenisRuangan, eq(jenisRuangan.id, ruangan.jenisRuanganId));
  const assetQuery = () =>
    db
      .select(assetColumns)
      .from(aset)
      .innerJoin(masterAset, eq(masterAset.id, aset.masterAsetId))
      .innerJoin(ruangan, eq(ruangan.id, aset.ruanganId))
      .innerJoin(sekolah, eq(sekolah.id, ruangan.sekolahId));
  const findRoom = async (id: number): Promise<Ruangan | undefined> => (await roomQuery().where(eq(ruangan.id, id)))[0];
  const findAsset = async (id: number): Promise<AsetOwned | undefined> =>
    (await assetQuery().where(eq(aset.id, id)))[0];
  const roomWrites = propertyWrites(db, ruangan, findRoom);
  const assetWrites = propertyWrites(db, aset, findAsset);

  return {
    findRoom,
    findAsset,
    async roomTypeExists(id: number): Promise<boolean> {
      return (await db.select({ id: jenisRuangan.id }).from(jenisRuangan).where(eq(jenisRuangan.id, id))).length > 0;
    },
    async assetTypeExists(id: number): Promise<boolean> {
      return (await db.select({ id: masterAset.id }).from(masterAset).where(eq(masterAset.id, id))).length > 0;
    },
    /** By name. */
    roomsOfSchool(sekolahId: number, pageNo: number): Promise<Page<Ruangan>> {
      const where = eq(ruangan.sekolahId, sekolahId);
      const rows = roomQuery().where(where).orderBy(asc(ruangan.nama), asc(ruangan.id));
      return propertyPage(db, ruangan, where, pageNo, rows.$dynamic());
    },
    insertRoom: (sekolahId: number, b: RuanganBody): Promise<Ruangan> =>
      roomWrites.insert({ sekolahId, ...roomValues(b) }),
    updateRoom: (id: number, b: RuanganBody, now: Date): Promise<Ruangan> => roomWrites.update(id, roomValues(b), now),
    /** Deletes an empty room; false when it has assets. Checked and deleted in one statement, so an asset added meanwhile cannot be orphaned. */
    async removeEmptyRoom(id: number): Promise<boolean> {
      const deleted = await db
        .delete(ruangan)
        .where(and(eq(ruangan.id, id), sql`not exists (select 1 from ${aset} where ${aset.ruanganId} = ${ruangan.id})`))
        .returning({ id: ruangan.id });
      return deleted.length > 0;
    },
    /** By name. */
    assetsOfRoom(ruanganId: number, pageNo: number): Promise<Page<AsetOwned>> {
      const where = eq(aset.ruanganId, ruanganId);
      const rows = assetQuery().where(where).orderBy(asc(aset.nama), asc(aset.id));
      return propertyPage(db, aset, where, pageNo, rows.$dynamic());
    },
    insertAsset: (b: AsetBody): Promise<AsetOwned> => assetWrites.insert(assetValues(b)),
    updateAsset: (id: number, b: AsetBody, now: Date): Promise<AsetOwned> =>
      assetWrites.update(id, assetValues(b), now),
    removeAsset: assetWrites.remove,
  };
}
