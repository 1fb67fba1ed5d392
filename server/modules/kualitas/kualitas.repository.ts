import { sql, type SQL } from 'drizzle-orm';
import { KUALITAS_CHECKS, type KualitasCount, type KualitasKode, type KualitasRow } from '#contract/kualitas.ts';
import type { Page } from '#contract/paging.ts';
import { rowsOf, type Db } from '../../db/client.ts';
import { guru, sekolah } from '../../db/schema/index.ts';
import { recordTableOf } from '../../db/schema/riwayat.ts';
import { page } from '../../lib/envelope.ts';
import { ASN_SQL_LIST } from '../guru/aktif.ts';

const PER_PAGE = 20;

/** The teacher's verified salary-setting decrees (server/modules/guru/record-basis.ts) as rows `d`. */
const verifiedDecrees = () => sql`select d.* from (
  select k.gol_kgb as golongan, k.mkg_tahun, k.mkg_bulan, k.ttgl_kgb as tmt, 0 as pri, k.id from riw_kgb k
   where k.guru_id = ${guru.id} and k.status = 1 and k.ttgl_kgb is not null and k.gol_kgb is not null
  union all
  select p.golongan, p.riw_pangkat_thn, p.riw_pangkat_bln, p.riw_pangkat_tmt, 1, p.id from riw_pangkat p
   where p.guru_id = ${guru.id} and p.status = 1
  union all
  select m.golongan, m.pmk_thn, m.pmk_bln, m.pmk_tmt, 2, m.id from riw_pmk m
   where m.guru_id = ${guru.id} and m.status = 1) d`;

/** The condition of each check, over `guru` (joined with its school) or `sekolah`. */
function condition(kode: KualitasKode): SQL {
  const pendidikan = recordTableOf('riwpendidikan');
  switch (kode) {
    case 'guru-tanpa-nuptk':
      return sql`${guru.nuptk} is null`;
    case 'guru-tanpa-nik':
      return sql`${guru.nik} is null`;
    case 'pns-tanpa-kgb':
      return sql`${guru.status_guru} = 'PNS' and ${guru.tgl_kgb_terakhir} is null`;
    // PNS, CPNS and PPPK (contract/asn.ts): each needs a golongan and a decree for a KGB letter.
    case 'pns-tanpa-golongan':
      return sql`${guru.status_guru} in (${ASN_SQL_LIST}) and ${guru.golongan} is null`;
    case 'pns-tanpa-sk':
      return sql`${guru.status_guru} in (${ASN_SQL_LIST}) and not exists (${verifiedDecrees()})`;
    // Typed or imported profile values that the record contradicts: the newest verified
    // decree (a promotion before a KGB on the same TMT, as server/domain/kgb.ts) and the last KGB.
    case 'profil-beda-riwayat':
      return sql`${guru.status_guru} in (${ASN_SQL_LIST}) and exists (
      select 1 from (${verifiedDecrees()} order by d.tmt desc, d.pri desc, d.id desc limit 1) n
      where n.golongan is distinct from ${guru.golongan} or n.mkg_tahun is distinct from ${guru.mkg_tahun} or n.mkg_bulan is distinct from ${guru.mkg_bulan}
         or (select max(k.ttgl_kgb) from riw_kgb k where k.guru_id = ${guru.id} and k.status = 1 and k.gol_kgb is not null) is distinct from ${guru.tgl_kgb_terakhir})`;
    // The step rule (docs/domain/kgb.md): a newest decree whose MKG sits between two steps of its
    // golongan's table (below the top) brings the next KGB sooner than two years: worth a look.
    case 'mkg-di-antara-tahap':
      return sql`${guru.status_guru} in (${ASN_SQL_LIST}) and exists (
      select 1 from (${verifiedDecrees()} order by d.tmt desc, d.pri desc, d.id desc limit 1) n
      where coalesce(n.mkg_tahun, 0) < (select max(t.mkg) from gaji_pokok_tabel t where t.golongan = n.golongan)
        and (coalesce(n.mkg_bulan, 0) <> 0 or not exists (select 1 from gaji_pokok_tabel t where t.golongan = n.golongan and t.mkg = coalesce(n.mkg_tahun, 0))))`;
    // MKG grows with time: a later decree of the same group (I, II, III, IV; a PPPK golongan) whose
    // MKG is smaller than the earlier one's plus the months between them (one month of rounding
    // allowed). A PMK may credit more, never less; across groups a promotion cuts MKG by law.
    case 'mkg-tidak-bertambah':
      return sql`${guru.status_guru} in (${ASN_SQL_LIST}) and exists (
      select 1 from (
        select d.golongan, d.tmt, coalesce(d.mkg_tahun, 0) * 12 + coalesce(d.mkg_bulan, 0) as m,
               lag(d.golongan) over w as pg, lag(d.tmt) over w as pt, lag(coalesce(d.mkg_tahun, 0) * 12 + coalesce(d.mkg_bulan, 0)) over w as pm
        from (${verifiedDecrees()}) d window w as (order by d.tmt, d.pri, d.id)) x
      where x.pt is not null and split_part(x.golongan, '/', 1) = split_part(x.pg, '/', 1)
        and x.m + 1 < x.pm + ((extract(year from age(x.tmt, x.pt)) * 12 + extract(month from age(x.tmt, x.pt)))::int))`;
    // Perka BKN 22/2007: the first 8 digits are the birth date, the 15th the sex (1 male, 2 female).
    case 'nip-tidak-cocok':
      return sql`${guru.nip} is not null and (substr(${guru.nip}, 1, 8) <> to_char(${guru.tgl_lahir}, 'YYYYMMDD') or substr(${guru.nip}, 15, 1) <> case when ${guru.jenis_kelamin} = 'Perempuan' then '2' else '1' end)`;
    case 'guru-belum-verifikasi':
      return sql`${guru.verifikasi} = 0`;
    case 'pendidikan-belum-verifikasi':
      return sql`exists (select 1 from ${pendidikan} p where p.guru_id = ${guru.id} and p.status = 0)`;
    case 'sekolah-tanpa-koordinat':
      return sql`(${sekolah.lat} is null or ${sekolah.long} is null)`;
    case 'sekolah-tanpa-wilayah':
      return sql`${sekolah.kodeWilayah} is null`;
  }
}

const isSchoolCheck = (kode: KualitasKode) => KUALITAS_CHECKS.find((c) => c.kode === kode)!.jenis === 'sekolah';

/** Data-quality checks: how many teachers or schools fail each, and which. */
export function kualitasRepository(db: Db) {
  return {
    /** One scan per table: every check of that table as a filtered count. */
    async counts(): Promise<KualitasCount[]> {
      const countsOf = async (
        jenis: (typeof KUALITAS_CHECKS)[number]['jenis'],
        table: typeof guru | typeof sekolah,
      ) => {
        const [row] = rowsOf<Record<string, number>>(
          await db.execute(
            sql`select ${sql.join(
              KUALITAS_CHECKS.filter((c) => c.jenis === jenis).map(
                (c) => sql`count(*) filter (where ${condition(c.kode)})::int as ${sql.identifier(c.kode)}`,
              ),
              sql`, `,
            )} from ${table}`,
          ),
        );
        return row;
      };
      const g = await countsOf('guru', guru);
      const s = await countsOf('sekolah', sekolah);
      return KUALITAS_CHECKS.map((c) => ({
        kode: c.kode,
        judul: c.judul,
        jenis: c.jenis,
        jumlah: Number((c.jenis === 'guru' ? g : s)?.[c.kode] ?? 0),
      }));
    },
    /** One page of the teachers or schools that fail the check `kode`. */
    async failing(kode: KualitasKode, p: number): Promise<Page<KualitasRow>> {
      const where = condition(kode);
      const query = isSchoolCheck(kode)
        ? sql`select ${sekolah.id} as id, ${sekolah.namaSekolah} as nama, ${sekolah.npsn} as nomor, ${sekolah.namaSekolah} as sekolah, ${sekolah.npsn} as npsn, ${sekolah.bentukPendidikan} as keterangan, count(*) over () as total
              from ${sekolah} where ${where} order by ${sekolah.namaSekolah}, ${sekolah.id} limit ${PER_PAGE} offset ${(p - 1) * PER_PAGE}`
        : sql`select ${guru.id} as id, ${guru.nama} as nama, ${guru.nip} as nomor, ${sekolah.namaSekolah} as sekolah, ${sekolah.npsn} as npsn, ${guru.status_guru} as keterangan, count(*) over () as total
              from ${guru} left join ${sekolah} on ${sekolah.id} = ${guru.sekolah_id} where ${where} order by ${guru.nama}, ${guru.id} limit ${PER_PAGE} offset ${(p - 1) * PER_PAGE}`;
      const rows = rowsOf<KualitasRow & { total: number | string }>(await db.execute(query));
      const total = rows.length ? Number(rows[0]!.total) : 0;
      return page(
        rows.map(({ total: _t, ...r }) => r),
        total,
        p,
        PER_PAGE,
      );
    },
  };
}
