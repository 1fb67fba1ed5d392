import { and, asc, eq, sql, type SQL, type SQLWrapper, type Subquery, type WithSubquery } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { referensiOf } from '../master/referensi-cache.ts';
import type { Db } from '../../db/client.ts';
import { perSession } from '../../db/prepared.ts';
import { guru, referensi, sekolah, wilayah } from '../../db/schema/index.ts';
import {
  STATUS_KEPEGAWAIAN,
  VERIFIKASI_BELUM,
  VERIFIKASI_SUDAH,
  type Guru,
  type GuruRow,
  type StatusKepegawaian,
} from '#contract/guru.ts';
import { capped, cappedCount, countLimit, countUpTo, type CappedCount } from '../../lib/capped-count.ts';
import { isAsn } from '#contract/asn.ts';
import { matchesByWords, namaContains } from './nama-search.ts';
import { statusKepegawaianPada } from '../../domain/kepegawaian.ts';
import { tmtPensiun } from '../../domain/pensiun.ts';
import { nextTmt } from '../../domain/kgb.ts';

const gol = alias(referensi, 'gol');
const jab = alias(referensi, 'jab');
const desa = alias(wilayah, 'desa');
const kec = alias(wilayah, 'kec');
const kab = alias(wilayah, 'kab');
const prov = alias(wilayah, 'prov');

/** How a teacher is named on lists and letters: the NIP, the name and the titles before and after it. */
export const namaGuruColumns = {
  nip: guru.nip,
  nama: guru.nama,
  gelar_depan: guru.gelar_depan,
  gelar_belakang: guru.gelar_belakang,
};

// The list's columns: never NIK, salary or home address (docs/domain/data-guru.md, UU PDP).
const rowColumns = {
  id: guru.id,
  ...namaGuruColumns,
  jenis_kelamin: guru.jenis_kelamin,
  tempat_lahir: guru.tempat_lahir,
  tgl_lahir: guru.tgl_lahir,
  golongan: guru.golongan,
  pangkat: gol.nama2,
  jabatan: jab.nama,
  status_guru: guru.status_guru,
  verifikasi: guru.verifikasi,
  sekolah_id: guru.sekolah_id,
  sekolah: { id: sekolah.id, npsn: sekolah.npsn, nama_sekolah: sekolah.namaSekolah },
  pendidikan_terakhir: guru.pendidikan_terakhir,
};

export interface GuruFilter {
  bp?: string;
  jenisGuru?: string;
  search?: string;
  /** An operator's school: only its teachers. */
  npsn?: string | undefined;
}

/** The teacher list counts at most this many rows ("10.000+"; server/lib/capped-count.ts). */
export const LIST_COUNT_CAP = 10_000;
/** A name search collects and counts at most this many matches ("1.000+"). */
export const SEARCH_COUNT_CAP = 1_000;

export interface GuruPage extends CappedCount {
  rows: GuruRow[];
}

export interface CountCaps {
  list: number;
  search: number;
}
const CAPS: CountCaps = { list: LIST_COUNT_CAP, search: SEARCH_COUNT_CAP };

/** `caps` only for tests: the counting caps, small enough to reach with a few teachers. */
function statusInfo(g: typeof guru.$inferSelect, today: string, retirementAge: number): Guru['status_kepegawaian'] {
  const s = statusKepegawaianPada(g, today, retirementAge);
  const kode = s.kode as StatusKepegawaian;
  return {
    kode,
    label: s.otomatis ? 'Pensiun (batas usia pensiun)' : STATUS_KEPEGAWAIAN[kode],
    tanggal: s.otomatis ? s.sejak : g.tgl_status_kepegawaian,
    keterangan: s.otomatis ? null : g.ket_status_kepegawaian,
    otomatis: s.otomatis,
  };
}

/**
 * Where the teacher's photo is fetched: personal data, so through the API with the bearer token
 * (decision 0047), never by its storage key. The key's first characters name the version, so a new
 * photo is a new address (and a new cache entry in the browser); the key alone opens nothing.
 */
export const guruFotoUrl = (id: number, key: string) => `/api/guru/${id}/foto?v=${key.slice(0, 8)}`;

export function guruRepository(db: Db, retirementAge: number, caps: CountCaps = CAPS) {
  const base = () =>
    db
      .select(rowColumns)
      .from(guru)
      .leftJoin(sekolah, eq(sekolah.id, guru.sekolah_id))
      .leftJoin(gol, and(eq(gol.kategori, 'golongan'), eq(gol.nama, guru.golongan)))
      .leftJoin(jab, eq(jab.id, guru.id_jabatan));

  const toRow = (r: Awaited<ReturnType<typeof base>>[number]): GuruRow => ({
    ...r,
    sekolah: r.sekolah?.id ? r.sekolah : null,
    tingkatpendidikan: r.pendidikan_terakhir ? { print_tingpend: r.pendidikan_terakhir } : null,
  });

  /**
   * The list's rows of one page, in (nama, id) order: the teachers of the page's `ids` (read from
   * the common table expressions `ctes`, if any) joined to their school, rank and position, each
   * row with the list's count `n`.
   */
  const pageRows = (ids: Subquery<'p'> & { id: SQLWrapper }, n: SQL<number>, ...ctes: WithSubquery[]) =>
    db
      .with(...ctes)
      .select({ ...rowColumns, n: n.as('n') })
      .from(guru)
      .innerJoin(ids, eq(ids.id, guru.id))
      .leftJoin(sekolah, eq(sekolah.id, guru.sekolah_id))
      .leftJoin(gol, and(eq(gol.kategori, 'golongan'), eq(gol.nama, guru.golongan)))
      .leftJoin(jab, eq(jab.id, guru.id_jabatan))
      .orderBy(asc(guru.nama), asc(guru.id));

  /**
   * The filter over `guru` alone (the school's NPSN by subquery), so a count or a page of
   * ids reads only teacher indexes. A name search is a contains-match (`namaContains`, trigram index);
   * a term of digits is a NIP prefix (NIPs are 18 digits, so any other term cannot match one).
   */
  function where(f: GuruFilter): SQL | undefined {
    const q = f.search?.trim();
    return and(
      // The school's level as the teacher row carries it (kept by triggers, migration 0014; not in
      // the drizzle schema, so no answer carries it): indexes (level, nama, id) and (level, type, nama, id).
      f.bp ? sql`${guru}.bentuk_pendidikan = ${f.bp}` : undefined,
      f.jenisGuru ? eq(guru.status_guru, f.jenisGuru) : undefined,
      f.npsn
        ? sql`${guru.sekolah_id} = (select ${sekolah.id} from ${sekolah} where ${sekolah.npsn} = ${f.npsn})`
        : undefined,
      q ? (/^\d+$/.test(q) ? sql`${guru.nip} like ${`${q}%`}` : namaContains(q)) : undefined,
    );
  }

  const npsnOfQuery = perSession(db, () =>
    db
      .select({ npsn: sekolah.npsn })
      .from(guru)
      .leftJoin(sekolah, eq(sekolah.id, guru.sekolah_id))
      .where(eq(guru.id, sql.placeholder('id')))
      .prepare('guru_npsn_of'),
  );

  const findQuery = perSession(db, () =>
    db
      .select({ ...rowColumns, g: guru, desa: desa.nama, kec: kec.nama, kab: kab.nama, prov: prov.nama })
      .from(guru)
      .leftJoin(sekolah, eq(sekolah.id, guru.sekolah_id))
      .leftJoin(gol, and(eq(gol.kategori, 'golongan'), eq(gol.nama, guru.golongan)))
      .leftJoin(jab, eq(jab.id, guru.id_jabatan))
      .leftJoin(desa, eq(desa.kodeWilayah, guru.kode_wilayah))
      .leftJoin(kec, eq(kec.kodeWilayah, desa.induk))
      .leftJoin(kab, eq(kab.kodeWilayah, kec.induk))
      .leftJoin(prov, eq(prov.kodeWilayah, kab.induk))
      .where(eq(guru.id, sql.placeholder('id')))
      .prepare('guru_find'),
  );

  return {
    /**
     * A page of the list in (nama, id) order and its capped count, in one statement: the page's ids
     * come from the (nama, id) or (status_guru, nama, id) index alone and only those ten rows are
     * joined to their school, rank and position.
     *
     * A name search collects at most `caps.search` + 1 matches (from the words of the names,
     * `matchesByWords`, else the trigram index), in the order the index finds them, and sorts and
     * pages those: a broad name ("siti": 14,500 teachers at tier M, 390,000 at tier L) cannot be
     * sorted whole on every keystroke (170 ms median at tier L). Up to the cap the answer is exact and complete; past it the pages show `cap` of the
     * matches in name order, `more` says there are others, and the screen asks for a narrower term.
     */
    async list(f: GuruFilter, currentPage: number, perPage: number): Promise<GuruPage> {
      const w = where(f);
      const q = f.search?.trim() ?? '';
      const nameSearch = q !== '' && !/^\d+$/.test(q);
      const cap = q !== '' ? caps.search : caps.list;
      // A name search never counts past its cap, whatever the page: it pages within what it collected.
      const limit = nameSearch ? cap : countLimit(cap, currentPage, perPage);
      const offset = (currentPage - 1) * perPage;
      let found: (Awaited<ReturnType<typeof base>>[number] & { n: number })[];
      if (nameSearch) {
        // Across all schools, the name's word rows first (B-tree ranges, migration 0017); within
        // one school its teachers are few, and the school's index with the name check is cheaper.
        const pageSize = Math.max(0, Math.min(perPage, limit - offset));
        const byWords = !f.npsn && !f.bp && !f.jenisGuru ? await matchesByWords(db, q, cap, offset, pageSize) : null;
        if (byWords) {
          const rows = byWords.ids.length
            ? await base()
                .where(sql`${guru.id} = any(${`{${byWords.ids.join(',')}}`}::int[])`)
                .orderBy(asc(guru.nama), asc(guru.id))
            : [];
          return { rows: rows.map(toRow), ...capped(byWords.n, limit) };
        }
        const m = db.$with('m').as(
          db
            .select({ id: guru.id, nama: guru.nama })
            .from(guru)
            .where(w)
            .limit(limit + 1),
        );
        const ids = db
          .select({ id: m.id })
          .from(m)
          .orderBy(asc(m.nama), asc(m.id))
          .limit(pageSize)
          .offset(offset)
          .as('p');
        found = await pageRows(ids, sql<number>`(select count(*) from ${m})::int`, m);
      } else {
        const ids = db
          .select({ id: guru.id })
          .from(guru)
          .where(w)
          .orderBy(asc(guru.nama), asc(guru.id))
          .limit(perPage)
          .offset(offset)
          .as('p');
        found = await pageRows(ids, countUpTo(guru, w, limit));
      }
      if (found.length) return { rows: found.map(({ n: _n, ...r }) => toRow(r)), ...capped(found[0]!.n, limit) };
      if (currentPage === 1) return { rows: [], total: 0, more: false };
      // A page past the end: no rows, and a count (capped as on page 1) tells the pager where the end is.
      return { rows: [], ...(await cappedCount(db, guru, w, nameSearch ? cap : countLimit(cap, 1, perPage))) };
    },

    /** The next rows after (nama, id) in list order: keyset batches for exports of any size. */
    async listAfter(f: GuruFilter, after: { nama: string; id: number } | null, limit: number): Promise<GuruRow[]> {
      const w = and(where(f), after ? sql`(${guru.nama}, ${guru.id}) > (${after.nama}, ${after.id})` : undefined);
      return (await base().where(w).orderBy(asc(guru.nama), asc(guru.id)).limit(limit)).map(toRow);
    },

    /** The teacher's school NPSN (for access checks), or undefined when there is no such teacher. */
    async npsnOf(id: number): Promise<{ npsn: string | null } | undefined> {
      const [row] = await npsnOfQuery().execute({ id });
      return row;
    },

    /**
     * The whole record, its school, rank, position and region names: one statement, prepared (a
     * named statement is planned once per connection; planning these joins costs more than
     * running them). `today`: the office's date (AppDeps.waktu).
     */
    async find(id: number, today: string): Promise<Guru | null> {
      const [found] = await findQuery().execute({ id });
      if (!found) return null;
      const { g, desa: dusunKel, kec: desaKec, kab: kotaAsal, prov: provinsi, ...row } = found;
      const r = { desa: dusunKel, kec: desaKec, kab: kotaAsal, prov: provinsi };
      const foto = g.foto_key ? guruFotoUrl(g.id, g.foto_key) : null;
      const kgbAhead =
        g.tgl_kgb_terakhir != null && g.tgl_kgb_terakhir > today && g.gaji_pokok_lama != null && g.gaji_pokok != null;
      return {
        ...toRow(row),
        nik: g.nik,
        nuptk: g.nuptk,
        status_nikah: g.status_nikah,
        goldar: g.goldar,
        no_hp: g.no_hp,
        email: g.email,
        instagram: g.instagram,
        hobi: g.hobi,
        id_jabatan: g.id_jabatan,
        detailjabatan: g.id_jabatan && row.jabatan ? { id: g.id_jabatan, nama: row.jabatan } : null,
        sertifikasi: g.sertifikasi,
        mapel_1: g.mapel_1,
        mapel_2: g.mapel_2,
        // The record's newest salary; a signed KGB whose TMT is still ahead is named apart, so a screen
        // shows what is paid today until then (gaji_pokok_lama) and the new salary with its date.
        gaji_pokok: g.gaji_pokok,
        gaji_pokok_lama: g.gaji_pokok_lama,
        gaji_pokok_berikutnya: kgbAhead ? { gaji: g.gaji_pokok!, tmt: g.tgl_kgb_terakhir! } : null,
        no_karpeg: g.no_karpeg,
        mkg_tahun: g.mkg_tahun,
        mkg_bulan: g.mkg_bulan,
        tgl_kgb_terakhir: g.tgl_kgb_terakhir,
        alamat_domisili: g.alamat_domisili,
        kode_wilayah: g.kode_wilayah,
        dusun_kel: r.desa,
        desa_kec: r.kec,
        kota_asal: r.kab,
        provinsi: r.prov,
        foto,
        link_foto: foto,
        versi: g.versi,
        tgl_pensiun: tmtPensiun(g.tgl_lahir, retirementAge),
        // The due list's rule (a postponement moves it).
        tgl_kgb_berikutnya:
          isAsn(g.status_guru) && (g.tmt_awal_kgb ?? g.tgl_kgb_terakhir)
            ? nextTmt(g.tmt_awal_kgb ?? g.tgl_kgb_terakhir, g.nip, g.golongan ?? '', g.kgb_tunda_bulan)
            : null,
        status_kepegawaian: statusInfo(g, today, retirementAge),
      };
    },

    /** Records the teacher's employment state; back to aktif clears its date and note. */
    async setStatusKepegawaian(
      id: number,
      v: { status: string; tanggal: string | null; keterangan: string | null },
      now: Date,
    ): Promise<void> {
      const aktif = v.status === 'aktif';
      await db
        .update(guru)
        .set({
          status_kepegawaian: v.status,
          tgl_status_kepegawaian: aktif ? null : v.tanggal,
          ket_status_kepegawaian: aktif ? null : v.keterangan,
          updated_at: now,
        })
        .where(eq(guru.id, id));
    },

    /** Adds a teacher (unverified); answers the new id. */
    async create(values: typeof guru.$inferInsert): Promise<number> {
      const [row] = await db.insert(guru).values(values).returning({ id: guru.id });
      return row!.id;
    },

    /**
     * Changes the given fields. With `versi`, only while the teacher is still at that version
     * (the trigger guru_versi raises it on every update: optimistic locking); false when no row
     * changed.
     */
    async update(
      id: number,
      changes: Partial<typeof guru.$inferInsert>,
      versi: number | undefined,
      now: Date,
    ): Promise<boolean> {
      const done = await db
        .update(guru)
        .set({ ...changes, updated_at: now })
        .where(and(eq(guru.id, id), versi === undefined ? undefined : eq(guru.versi, versi)))
        .returning({ id: guru.id });
      return done.length > 0;
    },

    /** The stored values the verified decrees decide, the status and the version. */
    async recordFields(id: number) {
      const [row] = await db
        .select({
          versi: guru.versi,
          status_guru: guru.status_guru,
          golongan: guru.golongan,
          mkg_tahun: guru.mkg_tahun,
          mkg_bulan: guru.mkg_bulan,
          gaji_pokok: guru.gaji_pokok,
          tgl_kgb_terakhir: guru.tgl_kgb_terakhir,
        })
        .from(guru)
        .where(eq(guru.id, id));
      return row;
    },

    /** The teacher's employment type (status_guru), or null. */
    async statusOf(id: number): Promise<string | null> {
      const [row] = await db.select({ status: guru.status_guru }).from(guru).where(eq(guru.id, id));
      return row?.status ?? null;
    },

    /** The photo's file key, or null (no teacher, or no photo). */
    async fotoKeyOf(id: number): Promise<string | null> {
      const [row] = await db.select({ key: guru.foto_key }).from(guru).where(eq(guru.id, id));
      return row?.key ?? null;
    },

    /** Sets the photo's file key; answers the key it replaced. */
    async setFoto(id: number, key: string, now: Date): Promise<string | null> {
      const [old] = await db.select({ key: guru.foto_key }).from(guru).where(eq(guru.id, id));
      await db.update(guru).set({ foto_key: key, updated_at: now }).where(eq(guru.id, id));
      return old?.key ?? null;
    },

    /** Marks an unverified teacher verified; false when already verified (of concurrent attempts exactly one succeeds). */
    async verify(id: number, now: Date): Promise<boolean> {
      const done = await db
        .update(guru)
        .set({ verifikasi: VERIFIKASI_SUDAH, updated_at: now })
        .where(and(eq(guru.id, id), eq(guru.verifikasi, VERIFIKASI_BELUM)))
        .returning({ id: guru.id });
      return done.length > 0;
    },

    async schoolExists(id: number): Promise<boolean> {
      const [row] = await db.select({ id: sekolah.id }).from(sekolah).where(eq(sekolah.id, id));
      return !!row;
    },

    async regionExists(kode: string): Promise<boolean> {
      const [row] = await db.select({ k: wilayah.kodeWilayah }).from(wilayah).where(eq(wilayah.kodeWilayah, kode));
      return !!row;
    },

    async nipTaken(nip: string, exceptId?: number): Promise<boolean> {
      const [row] = await db
        .select({ id: guru.id })
        .from(guru)
        .where(and(eq(guru.nip, nip), exceptId ? sql`${guru.id} <> ${exceptId}` : undefined))
        .limit(1);
      return !!row;
    },

    /** Whether a master list has this id (a number) or name (a string); read from memory. */
    async inMaster(kategori: string, value: string | number): Promise<boolean> {
      return !!(await referensiOf(db).inList(kategori, value));
    },
  };
}
export type GuruRepository = ReturnType<typeof guruRepository>;
