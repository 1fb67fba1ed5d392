import { and, asc, count, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.ts';
import { guru, referensi, sekolah, wilayah } from '../../db/schema/index.ts';
import type { Guru, GuruRow } from '#contract/guru.ts';
import { STATUS_PNS } from '#contract/master-guru.ts';
import { fileUrl } from '../../lib/file-store.ts';
import { likePattern } from '../user/user.repository.ts';
import { tanggalPensiun, tmtKgbBerikutnya } from '../../domain/kepegawaian.ts';

const gol = alias(referensi, 'gol');
const jab = alias(referensi, 'jab');
const desa = alias(wilayah, 'desa');
const kec = alias(wilayah, 'kec');
const kab = alias(wilayah, 'kab');
const prov = alias(wilayah, 'prov');

// The list's columns: never NIK, salary or home address (DOMAIN.md, UU PDP).
const rowColumns = {
  id: guru.id,
  nip: guru.nip,
  nama: guru.nama,
  gelar_depan: guru.gelar_depan,
  gelar_belakang: guru.gelar_belakang,
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

export function guruRepository(db: Db, retirementAge: number) {
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

  function where(f: GuruFilter): SQL | undefined {
    const q = f.search?.trim();
    return and(
      f.bp ? eq(sekolah.bentukPendidikan, f.bp) : undefined,
      f.jenisGuru ? eq(guru.status_guru, f.jenisGuru) : undefined,
      f.npsn ? eq(sekolah.npsn, f.npsn) : undefined,
      q ? (/^\d+$/.test(q) ? sql`${guru.nip} like ${`${q}%`}` : or(ilike(guru.nama, likePattern(q)), ilike(guru.nip, likePattern(q)))) : undefined,
    );
  }

  return {
    async list(f: GuruFilter, page: number, perPage: number): Promise<{ rows: GuruRow[]; total: number }> {
      const w = where(f);
      const [{ total } = { total: 0 }] = await db.select({ total: count() }).from(guru).leftJoin(sekolah, eq(sekolah.id, guru.sekolah_id)).where(w);
      const rows = await base().where(w).orderBy(asc(guru.nama), asc(guru.id)).limit(perPage).offset((page - 1) * perPage);
      return { rows: rows.map(toRow), total };
    },

    /** The next rows after (nama, id) in list order: keyset batches for exports of any size. */
    async listAfter(f: GuruFilter, after: { nama: string; id: number } | null, limit: number): Promise<GuruRow[]> {
      const w = and(where(f), after ? sql`(${guru.nama}, ${guru.id}) > (${after.nama}, ${after.id})` : undefined);
      return (await base().where(w).orderBy(asc(guru.nama), asc(guru.id)).limit(limit)).map(toRow);
    },

    /** The teacher's school NPSN (for access checks), or undefined when there is no such teacher. */
    async npsnOf(id: number): Promise<{ npsn: string | null } | undefined> {
      const [row] = await db.select({ npsn: sekolah.npsn }).from(guru).leftJoin(sekolah, eq(sekolah.id, guru.sekolah_id)).where(eq(guru.id, id));
      return row;
    },

    async find(id: number): Promise<Guru | null> {
      const [row] = await base().where(eq(guru.id, id));
      const [r] = await db
        .select({ g: guru, desa: desa.nama, kec: kec.nama, kab: kab.nama, prov: prov.nama })
        .from(guru)
        .leftJoin(desa, eq(desa.kodeWilayah, guru.kode_wilayah))
        .leftJoin(kec, eq(kec.kodeWilayah, desa.induk))
        .leftJoin(kab, eq(kab.kodeWilayah, kec.induk))
        .leftJoin(prov, eq(prov.kodeWilayah, kab.induk))
        .where(eq(guru.id, id));
      if (!r || !row) return null;
      const g = r.g;
      const foto = g.foto_key ? fileUrl(g.foto_key) : null;
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
        gaji_pokok: g.gaji_pokok,
        gaji_pokok_lama: g.gaji_pokok_lama,
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
        tgl_pensiun: tanggalPensiun(g.tgl_lahir, retirementAge),
        tgl_kgb_berikutnya: g.status_guru === STATUS_PNS && g.tgl_kgb_terakhir ? tmtKgbBerikutnya(g.tgl_kgb_terakhir) : null,
      };
    },

    async nipTaken(nip: string, exceptId?: number): Promise<boolean> {
      const [row] = await db.select({ id: guru.id }).from(guru).where(and(eq(guru.nip, nip), exceptId ? sql`${guru.id} <> ${exceptId}` : undefined)).limit(1);
      return !!row;
    },

    /** Whether `value` is a name (or, with byId, an id) in a teacher master list. */
    async inMaster(kategori: string, value: string | number): Promise<boolean> {
      const [row] = await db
        .select({ id: referensi.id })
        .from(referensi)
        .where(and(eq(referensi.kategori, kategori), typeof value === 'number' ? eq(referensi.id, value) : eq(referensi.nama, value)))
        .limit(1);
      return !!row;
    },
  };
}
export type GuruRepository = ReturnType<typeof guruRepository>;
