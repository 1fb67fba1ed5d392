import { and, asc, desc, eq, ilike, inArray, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.ts';
import { fasilitas, sekolah, sekolahFasilitas, users, wilayah } from '../../db/schema/index.ts';
import {
  markerOf,
  type Sekolah,
  type SekolahCreateBody,
  type SekolahRingkas,
  type SekolahRow,
  type SekolahUpdateBody,
} from '#contract/sekolah.ts';
import { ROLE_OPERATOR } from '#contract/auth.ts';
import { fileUrl } from '../../lib/file-store.ts';
import { capped, cappedCount, countLimit, countUpTo, type CappedCount } from '../../lib/capped-count.ts';
import { likePattern } from '../../lib/like.ts';

export type SekolahRecord = typeof sekolah.$inferSelect;

// Region names resolved from the village code: village → district → regency → province.
const desa = alias(wilayah, 'desa');
const kec = alias(wilayah, 'kec');
const kab = alias(wilayah, 'kab');
const prov = alias(wilayah, 'prov');

/** The school list counts at most this many rows ("10.000+"): a province has 220,000 schools. */
export const SEKOLAH_COUNT_CAP = 10_000;

export function sekolahRepository(db: Db) {
  function withNames(npsn: string) {
    return db
      .select({ s: sekolah, desa: desa.nama, kec: kec.nama, kab: kab.nama, prov: prov.nama })
      .from(sekolah)
      .leftJoin(desa, eq(desa.kodeWilayah, sekolah.kodeWilayah))
      .leftJoin(kec, eq(kec.kodeWilayah, desa.induk))
      .leftJoin(kab, eq(kab.kodeWilayah, kec.induk))
      .leftJoin(prov, eq(prov.kodeWilayah, kab.induk))
      .where(eq(sekolah.npsn, npsn));
  }

  async function toSekolah(row: {
    s: SekolahRecord;
    desa: string | null;
    kec: string | null;
    kab: string | null;
    prov: string | null;
  }): Promise<Sekolah> {
    const items = await db
      .select({ id: fasilitas.id, fasilitas: fasilitas.fasilitas })
      .from(sekolahFasilitas)
      .innerJoin(fasilitas, eq(fasilitas.id, sekolahFasilitas.fasilitasId))
      .where(eq(sekolahFasilitas.sekolahId, row.s.id))
      .orderBy(asc(fasilitas.fasilitas));
    const s = row.s;
    return {
      id: s.id,
      npsn: s.npsn,
      nama_sekolah: s.namaSekolah,
      status: s.status,
      bentuk_pendidikan: s.bentukPendidikan,
      alamat: s.alamat,
      rtrw: s.rtrw,
      kode_wilayah: s.kodeWilayah,
      dusun_kel: row.desa,
      desa_kec: row.kec,
      kota_asal: row.kab,
      provinsi: row.prov,
      kode_pos: s.kodePos,
      telpon: s.telpon,
      fax: s.fax,
      email: s.email,
      web: s.web,
      rombel: s.rombel,
      lat: s.lat,
      long: s.long,
      link_logo: s.logoKey ? fileUrl(s.logoKey) : null,
      link_marker: markerOf(s.bentukPendidikan),
      fasilitas: items,
    };
  }

  return {
    /** A new school and its operator account (username = NPSN, password to be changed at first login), in one transaction. */
    async createWithOperator(b: SekolahCreateBody, passwordHash: string): Promise<void> {
      await db.transaction(async (tx) => {
        await tx.insert(sekolah).values({
          npsn: b.npsn,
          namaSekolah: b.nama_sekolah,
          bentukPendidikan: b.bentuk_pendidikan,
          status: b.status,
        });
        await tx.insert(users).values({
          username: b.npsn,
          nama: `Operator ${b.nama_sekolah}`,
          passwordHash,
          roleId: ROLE_OPERATOR,
          mustChangePassword: true,
        });
      });
    },
    /**
     * The identity form: fields left out of the body keep their value, fields sent empty are
     * cleared; the facilities are replaced when given. One transaction.
     */
    async update(
      record: SekolahRecord,
      b: SekolahUpdateBody,
      facilityIds: number[] | undefined,
      now: Date,
    ): Promise<void> {
      const keep = <T>(v: T | undefined, old: T) => (v === undefined ? old : v);
      await db.transaction(async (tx) => {
        await tx
          .update(sekolah)
          .set({
            namaSekolah: b.nama_sekolah,
            bentukPendidikan: b.bentuk_pendidikan,
            status: b.status,
            alamat: keep(b.alamat, record.alamat),
            rtrw: keep(b.rtrw?.replace(/\s/g, ''), record.rtrw),
            kodePos: keep(b.kode_pos, record.kodePos),
            telpon: keep(b.telpon, record.telpon),
            rombel: keep(b.rombel, record.rombel),
            fax: keep(b.fax, record.fax),
            email: keep(b.email, record.email),
            web: keep(b.web, record.web),
            lat: keep(b.lat, record.lat),
            long: keep(b.long, record.long),
            kodeWilayah: keep(b.kode_wilayah, record.kodeWilayah),
            updatedAt: now,
          })
          .where(eq(sekolah.id, record.id));
        if (facilityIds) {
          await tx.delete(sekolahFasilitas).where(eq(sekolahFasilitas.sekolahId, record.id));
          if (facilityIds.length)
            await tx
              .insert(sekolahFasilitas)
              .values(facilityIds.map((fasilitasId) => ({ sekolahId: record.id, fasilitasId })));
        }
      });
    },
    async setLogo(id: number, logoKey: string, now: Date): Promise<void> {
      await db.update(sekolah).set({ logoKey, updatedAt: now }).where(eq(sekolah.id, id));
    },
    async findByNpsn(npsn: string): Promise<Sekolah | null> {
      const [row] = await withNames(npsn);
      return row ? toSekolah(row) : null;
    },

    async recordByNpsn(npsn: string): Promise<SekolahRecord | null> {
      const [row] = await db.select().from(sekolah).where(eq(sekolah.npsn, npsn)).limit(1);
      return row ?? null;
    },

    /**
     * A page of schools and their capped count (server/lib/capped-count.ts) in one statement: the
     * page's ids from the sort column's index, then only those rows joined to their regions.
     */
    async list(opts: {
      q: string;
      page: number;
      perPage: number;
      sortBy: 'npsn' | 'nama_sekolah';
      desc: boolean;
      onlyNpsn?: string | undefined;
    }): Promise<CappedCount & { rows: SekolahRow[] }> {
      const where = and(
        opts.q
          ? or(ilike(sekolah.npsn, likePattern(opts.q)), ilike(sekolah.namaSekolah, likePattern(opts.q)))
          : undefined,
        opts.onlyNpsn ? eq(sekolah.npsn, opts.onlyNpsn) : undefined,
      );
      const limit = countLimit(SEKOLAH_COUNT_CAP, opts.page, opts.perPage);
      // Names sort without regard to case (sekolah_nama_id_idx), the same on PGlite and PostgreSQL.
      const column = opts.sortBy === 'npsn' ? sekolah.npsn : sql`lower(${sekolah.namaSekolah})`;
      const order = opts.desc ? [desc(column), desc(sekolah.id)] : [asc(column), asc(sekolah.id)];
      const ids = db
        .select({ id: sekolah.id })
        .from(sekolah)
        .where(where)
        .orderBy(...order)
        .limit(opts.perPage)
        .offset((opts.page - 1) * opts.perPage)
        .as('p');
      const found = await db
        .select({
          id: sekolah.id,
          npsn: sekolah.npsn,
          nama_sekolah: sekolah.namaSekolah,
          bentuk_pendidikan: sekolah.bentukPendidikan,
          status: sekolah.status,
          kota_asal: kab.nama,
          total: countUpTo(sekolah, where, limit).as('total'),
        })
        .from(sekolah)
        .innerJoin(ids, eq(ids.id, sekolah.id))
        .leftJoin(desa, eq(desa.kodeWilayah, sekolah.kodeWilayah))
        .leftJoin(kec, eq(kec.kodeWilayah, desa.induk))
        .leftJoin(kab, eq(kab.kodeWilayah, kec.induk))
        .orderBy(...order);
      if (found.length) return { rows: found.map(({ total: _t, ...r }) => r), ...capped(found[0]!.total, limit) };
      return { rows: [], ...(await cappedCount(db, sekolah, where, countLimit(SEKOLAH_COUNT_CAP, 1, opts.perPage))) };
    },

    async all(): Promise<SekolahRingkas[]> {
      const rows = await db
        .select({
          id: sekolah.id,
          npsn: sekolah.npsn,
          nama_sekolah: sekolah.namaSekolah,
          bentuk_pendidikan: sekolah.bentukPendidikan,
          alamat: sekolah.alamat,
          lat: sekolah.lat,
          long: sekolah.long,
        })
        .from(sekolah)
        .orderBy(asc(sekolah.namaSekolah));
      return rows.map((r) => ({ ...r, link_marker: markerOf(r.bentuk_pendidikan) }));
    },

    /** The school's id and NPSN (what the school-property routes need), or null. */
    async refByNpsn(npsn: string): Promise<{ id: number; npsn: string } | null> {
      const [row] = await db
        .select({ id: sekolah.id, npsn: sekolah.npsn })
        .from(sekolah)
        .where(eq(sekolah.npsn, npsn))
        .limit(1);
      return row ?? null;
    },

    async npsnExists(npsn: string): Promise<boolean> {
      const [row] = await db.select({ id: sekolah.id }).from(sekolah).where(eq(sekolah.npsn, npsn)).limit(1);
      return !!row;
    },

    async existingFasilitas(ids: number[]): Promise<number[]> {
      if (!ids.length) return [];
      const rows = await db.select({ id: fasilitas.id }).from(fasilitas).where(inArray(fasilitas.id, ids));
      return rows.map((r) => r.id);
    },

    async villageExists(kode: string): Promise<boolean> {
      const [row] = await db
        .select({ k: wilayah.kodeWilayah })
        .from(wilayah)
        .where(and(eq(wilayah.kodeWilayah, kode), eq(wilayah.level, 4)));
      return !!row;
    },
  };
}
export type SekolahRepository = ReturnType<typeof sekolahRepository>;
