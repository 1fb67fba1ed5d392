import { sql, type SQL } from 'drizzle-orm';
import { rowsOf, type Db } from '../../db/client.ts';
import { BENTUK_PENDIDIKAN } from '#contract/master.ts';
import { PENDIDIKAN_SARJANA } from '#contract/master-guru.ts';
import { STATUS_PNS } from '#contract/asn.ts';
import { guruBelumKeluarSql } from '../guru/aktif.ts';
import {
  labelBulan,
  labelTanggal,
  type BulanTotal,
  type GuruJenisKelamin,
  type JumlahGuru,
  type JumlahUnitSekolah,
  type KondisiRuangKelas,
  type KualifikasiPendidik,
  type KunjunganHarian,
  type PendidikTersertifikasi,
  type Rasio,
  type TahunTotal,
} from '#contract/statistik.ts';
import { bulanLahirSebelumPensiun } from '../../domain/pensiun.ts';

/** The classroom type of the room-type master list (SPEC "Kondisi Ruang Kelas"). */
export const JENIS_RUANG_KELAS = 'Ruang Kelas';
export const KGB_SIGNED = 'signed';

// Every level appears, in the spec's order, even without rows: (values ('TK', 0), ('SD', 1), …).
const LEVELS = sql.join(
  BENTUK_PENDIDIKAN.map((bp, i) => sql`(${bp}::varchar, ${sql.raw(String(i))})`),
  sql`, `,
);
const SARJANA = sql.join(
  PENDIDIKAN_SARJANA.map((p) => sql`${p}::varchar`),
  sql`, `,
);

const pct = (part: number, total: number) => (total ? Math.round((part / total) * 10_000) / 100 : 0);
const ratio = (students: number, teachers: number) => (teachers ? Math.round((students / teachers) * 100) / 100 : null);

/**
 * Every statistic is one aggregate query (GROUP BY over indexed columns, buckets from
 * generate_series); JavaScript only renames the handful of rows that come back.
 */
export function statistikRepository(db: Db) {
  async function rows<T>(query: SQL): Promise<T[]> {
    return rowsOf<T>(await db.execute(query));
  }

  return {
    async jumlahUnitSekolah(): Promise<JumlahUnitSekolah[]> {
      return rows<JumlahUnitSekolah>(sql`
        select v.bp as bentuk_pendidikan, count(s.id)::int as total_sekolah
        from (values ${LEVELS}) as v(bp, ord)
        left join sekolah s on s.bentuk_pendidikan = v.bp
        group by v.bp, v.ord
        order by v.ord`);
    },

    async jumlahGuru(aktif: SQL): Promise<JumlahGuru[]> {
      // Teachers counted per school first (an index-only scan of guru_sekolah_idx), then the few
      // thousand school counts summed per level: no join of every teacher row.
      return rows<JumlahGuru>(sql`
        select v.bp as bentuk_pendidikan, coalesce(sum(g.n), 0)::int as total_guru
        from (values ${LEVELS}) as v(bp, ord)
        left join sekolah s on s.bentuk_pendidikan = v.bp
        left join (select sekolah_id, count(*) as n from guru where ${aktif} group by sekolah_id) g on g.sekolah_id = s.id
        group by v.bp, v.ord
        order by v.ord`);
    },

    async jenisKelamin(aktif: SQL): Promise<GuruJenisKelamin[]> {
      // Per school first, then per level (as jumlahGuru).
      return rows<GuruJenisKelamin>(sql`
        select v.bp as pendidikan, coalesce(sum(g.lk), 0)::int as lk, coalesce(sum(g.pr), 0)::int as pr
        from (values ${LEVELS}) as v(bp, ord)
        left join sekolah s on s.bentuk_pendidikan = v.bp
        left join (
          select sekolah_id,
            count(*) filter (where jenis_kelamin = 'Laki-laki') as lk,
            count(*) filter (where jenis_kelamin = 'Perempuan') as pr
          from guru where ${aktif} group by sekolah_id
        ) g on g.sekolah_id = s.id
        group by v.bp, v.ord
        order by v.ord`);
    },

    /**
     * Teachers whose retirement date falls in each month from `dari` to `sampai` (first days).
     * The months come from an integer series (PostgreSQL 15 estimates a date series at a thousand
     * rows, which made this one-millisecond query cost enough to be JIT-compiled for 30 ms), and
     * count(g.tgl_lahir) lets the birth-date index answer alone.
     */
    async pensiunPerBulan(dari: string, sampai: string, usia: number): Promise<BulanTotal[]> {
      const m = bulanLahirSebelumPensiun(usia);
      const found = await rows<{ bulan: string; total: number }>(sql`
        select to_char(b.awal, 'YYYY-MM') as bulan, count(g.tgl_lahir)::int as total
        from (
          select (${dari}::date + make_interval(months => i))::date as awal
          from generate_series(0, (extract(year from age(${sampai}::date, ${dari}::date)) * 12 + extract(month from age(${sampai}::date, ${dari}::date)))::int) as i
        ) as b
        left join guru g
          on g.tgl_lahir >= (b.awal - make_interval(months => ${m}))::date
         and g.tgl_lahir < (b.awal - make_interval(months => ${m - 1}))::date
         and ${guruBelumKeluarSql('g')}
        group by b.awal
        order by b.awal`);
      return found.map((r) => ({ bulan: r.bulan, label: labelBulan(r.bulan), total: r.total }));
    },

    /** Teachers whose retirement date falls in each calendar year from `dari` to `sampai`. */
    async pensiunPerTahun(dari: number, sampai: number, usia: number): Promise<TahunTotal[]> {
      const m = bulanLahirSebelumPensiun(usia);
      return rows<TahunTotal>(sql`
        select t.tahun::int as tahun, count(g.tgl_lahir)::int as total
        from generate_series(${dari}::int, ${sampai}::int) as t(tahun)
        left join guru g
          on g.tgl_lahir >= (make_date(t.tahun, 1, 1) - make_interval(months => ${m}))::date
         and g.tgl_lahir < (make_date(t.tahun + 1, 1, 1) - make_interval(months => ${m}))::date
         and ${guruBelumKeluarSql('g')}
        group by t.tahun
        order by t.tahun`);
    },

    async kondisiRuangKelas(): Promise<KondisiRuangKelas> {
      const [c] = await rows<{ layak: number; kurang_layak: number; tidak_layak: number }>(sql`
        select
          count(*) filter (where r.status = 'Baik')::int as layak,
          count(*) filter (where r.status in ('Rusak Ringan', 'Rusak Sedang'))::int as kurang_layak,
          count(*) filter (where r.status = 'Rusak Berat')::int as tidak_layak
        from ruangan r
        join jenis_ruangan j on j.id = r.jenis_ruangan_id
        where lower(j.nama) = lower(${JENIS_RUANG_KELAS})`);
      const jumlah = { layak: c?.layak ?? 0, kurang_layak: c?.kurang_layak ?? 0, tidak_layak: c?.tidak_layak ?? 0 };
      const total = jumlah.layak + jumlah.kurang_layak + jumlah.tidak_layak;
      return {
        layak: pct(jumlah.layak, total),
        kurang_layak: pct(jumlah.kurang_layak, total),
        tidak_layak: pct(jumlah.tidak_layak, total),
        jumlah,
        total_ruang_kelas: total,
      };
    },

    async kualifikasi(aktif: SQL): Promise<KualifikasiPendidik> {
      const [r] = await rows<KualifikasiPendidik>(sql`
        select
          count(*) filter (where pendidikan_terakhir in (${SARJANA}))::int as sarjana,
          count(*) filter (where pendidikan_terakhir is null or pendidikan_terakhir not in (${SARJANA}))::int as not_sarjna
        from guru where ${aktif}`);
      return r ?? { sarjana: 0, not_sarjna: 0 };
    },

    async sertifikasi(aktif: SQL): Promise<PendidikTersertifikasi> {
      const [r] = await rows<PendidikTersertifikasi>(sql`
        select
          count(*) filter (where sertifikasi = 'Ya')::int as sudah,
          count(*) filter (where sertifikasi is distinct from 'Ya')::int as belum
        from guru where ${aktif}`);
      return r ?? { sudah: 0, belum: 0 };
    },

    async rasio(tahun: number, aktif: SQL): Promise<Rasio[]> {
      const found = await rows<{ pendidikan: string; siswa: number; guru: number; pns: number }>(sql`
        select v.bp as pendidikan, coalesce(s.siswa, 0)::int as siswa, coalesce(g.guru, 0)::int as guru, coalesce(g.pns, 0)::int as pns
        from (values ${LEVELS}) as v(bp, ord)
        left join (
          select bentuk_pendidikan as bp, sum(coalesce(rombel, 0)) as siswa from sekolah group by bentuk_pendidikan
        ) s on s.bp = v.bp
        left join (
          -- per school first (an index-only scan: status_guru and sekolah_id are both in
          -- guru_status_list_idx), then per level
          select s2.bentuk_pendidikan as bp, sum(c.guru) as guru, sum(c.pns) as pns
          from (select sekolah_id, count(*) as guru, count(*) filter (where status_guru = ${STATUS_PNS}) as pns from guru where ${aktif} group by sekolah_id) c
          join sekolah s2 on s2.id = c.sekolah_id
          group by s2.bentuk_pendidikan
        ) g on g.bp = v.bp
        order by v.ord`);
      return found.map((r) => ({ ...r, tahun, gurusiswa: ratio(r.siswa, r.guru), pnssiswa: ratio(r.siswa, r.pns) }));
    },

    /** KGB letters signed in each month from `dari` to `sampai`, by the office's calendar (its zone `zona`). */
    async kgbPerBulan(dari: string, sampai: string, zona: string): Promise<BulanTotal[]> {
      const found = await rows<{ bulan: string; total: number }>(sql`
        select to_char(b.awal, 'YYYY-MM') as bulan, count(k.id)::int as total
        from generate_series(${dari}::date, ${sampai}::date, interval '1 month') as b(awal)
        left join kgb_surat k
          on k.status = ${KGB_SIGNED}
         and k.signed_at >= (b.awal::timestamp at time zone ${zona})
         and k.signed_at < ((b.awal + interval '1 month')::timestamp at time zone ${zona})
        group by b.awal
        order by b.awal`);
      return found.map((r) => ({ bulan: r.bulan, label: labelBulan(r.bulan), total: r.total }));
    },

    /** Signed-in users per day from `dari` to `sampai`. */
    async kunjunganPerHari(dari: string, sampai: string): Promise<KunjunganHarian[]> {
      const found = await rows<{ tanggal: string; total: number }>(sql`
        select to_char(h.hari, 'YYYY-MM-DD') as tanggal, count(k.user_id)::int as total
        from generate_series(${dari}::date, ${sampai}::date, interval '1 day') as h(hari)
        left join kunjungan k on k.tanggal = h.hari::date
        group by h.hari
        order by h.hari`);
      return found.map((r) => ({ tanggal: r.tanggal, label: labelTanggal(r.tanggal), total: r.total }));
    },
  };
}
export type StatistikRepository = ReturnType<typeof statistikRepository>;
