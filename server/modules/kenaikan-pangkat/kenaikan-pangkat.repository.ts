import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { rowsOf } from '../../db/client.ts';
import { guru, kpUsulan, kpUsulanGuru, sekolah } from '../../db/schema/index.ts';
import { recordTableOf } from '../../db/schema/riwayat.ts';
import { PENDIDIKAN_TERAKHIR } from '#contract/master-guru.ts';
import type { KpUsulGuru, StatusUsulKp } from '#contract/kenaikan-pangkat.ts';
import type { Hukdis, Penilaian } from '../../domain/kenaikan-pangkat.ts';
import { addMonths } from '../../domain/kepegawaian.ts';
import { lahirBelumPensiun } from '../../domain/pensiun.ts';
import { namaContains } from '../guru/nama-search.ts';
import { likePrefix } from '../../lib/like.ts';
import { capped, cappedCount, countUpTo, type CappedCount } from '../../lib/capped-count.ts';

/** A teacher in the period's window, as the list reads them from `guru`. */
export interface KandidatRow {
  id: number;
  nip: string | null;
  nama: string;
  tgl_lahir: string;
  status_guru: string | null;
  pendidikan_terakhir: string | null;
  sekolah_id: number | null;
  nama_sekolah: string | null;
  npsn: string | null;
}

/** What the rule reads about each teacher besides the row: the record. */
export interface KpRecord {
  pangkat: { golongan: string; tmt: string; tahun: number; bulan: number } | null;
  pendidikan: string | null;
  penilaian: (Penilaian & { berkas: boolean })[];
  hukdis: Hukdis[];
  /** The newest verified credit point decision (PAK). */
  pak: { akKumulatif: number; sampai: string } | null;
}

export interface WindowFilter {
  periode: string;
  today: string;
  retirementAge: number;
  /** Months since the newest verified rank decree at least (the smallest minimum of the rules). */
  minMonths: number;
  npsn?: string;
  bp?: string;
  cari?: string;
  /** Proposal state in the period ('' any, 'none' not proposed). */
  usul?: StatusUsulKp | 'none' | '';
}

const levelRank = (p: string | null | undefined) =>
  p ? PENDIDIKAN_TERAKHIR.indexOf(p as (typeof PENDIDIKAN_TERAKHIR)[number]) : -1;

/** SQL of rank promotion: the period's window (from guru.kp_tmt), the record, the proposals. */
export function kenaikanPangkatRepository(db: Db) {
  const pangkat = recordTableOf('riwpangkat');
  const skp = recordTableOf('riwskp');
  const hukdis = recordTableOf('riwhukdis');
  const pendidikan = recordTableOf('riwpendidikan');
  const pak = recordTableOf('riwpak');

  /** The window's conditions: active civil servants whose newest verified rank is old enough, not retired by today. */
  function windowWhere(f: WindowFilter): SQL {
    const tmt = `${f.periode}-01`;
    const conditions: SQL[] = [
      sql`${guru.status_guru} = 'PNS'`,
      sql`${guru.status_kepegawaian} = 'aktif'`,
      sql`${guru.kp_tmt} <= ${addMonths(tmt, -f.minMonths)}::date`,
      sql`${guru.tgl_lahir} >= ${lahirBelumPensiun(f.today, f.retirementAge)}::date`,
    ];
    if (f.npsn)
      conditions.push(
        sql`${guru.sekolah_id} = (select ${sekolah.id} from ${sekolah} where ${sekolah.npsn} = ${f.npsn})`,
      );
    // The school's level as copied onto the teacher (guru.bentuk_pendidikan, server/db/sql-objects.ts):
    // read from guru_kp_bp_idx with the window's conditions, no join to the schools.
    if (f.bp) conditions.push(sql`${guru}.bentuk_pendidikan = ${f.bp}`);
    if (f.cari)
      conditions.push(/^\d+$/.test(f.cari) ? sql`${guru.nip} like ${likePrefix(f.cari)}` : namaContains(f.cari));
    if (f.usul === 'none')
      conditions.push(
        sql`not exists (select 1 from ${kpUsulanGuru} u where u.guru_id = ${guru.id} and u.periode = ${tmt}::date)`,
      );
    else if (f.usul)
      conditions.push(
        sql`exists (select 1 from ${kpUsulanGuru} u where u.guru_id = ${guru.id} and u.periode = ${tmt}::date and u.status = ${f.usul})`,
      );
    return sql.join(conditions, sql` and `);
  }

  /** A name search (three characters or more, not digits): served by the trigram index. */
  const nameSearch = (f: WindowFilter) => !!f.cari && !/^\d+$/.test(f.cari) && f.cari.length >= 3;

  return {
    /** A slice of the window in list order (nama, id), with the school. */
    async window(f: WindowFilter, offset: number, limit: number): Promise<KandidatRow[]> {
      return rowsOf<KandidatRow>(
        await db.execute(sql`
          with page as (
            select ${guru.id} as id from ${guru} where ${windowWhere(f)}
            order by ${nameSearch(f) ? sql`${guru.nama} || '', ${guru.id}` : sql`${guru.nama}, ${guru.id}`} limit ${limit} offset ${offset}
          )
          select g.id, g.nip, g.nama, g.tgl_lahir::text as tgl_lahir, g.status_guru, g.pendidikan_terakhir, g.sekolah_id, s.nama_sekolah, s.npsn
          from page join ${guru} g on g.id = page.id left join ${sekolah} s on s.id = g.sekolah_id
          order by g.nama, g.id`),
      );
    },

    /**
     * A page of the window in list order and the window's size counted to `cap` at most, in
     * one statement (both index-only scans on a province's data: guru_kp_list_idx, guru_kp_tmt_idx,
     * migration 0038; by school level guru_kp_bp_idx, migration 0043). A page past the end has no
     * row to carry the count: it is counted apart.
     *
     * A name search collects at most `searchCap` + 1 matches from the trigram index, in the order
     * the index finds them, and sorts and pages those, as the teacher list's search does
     * (guru.repository.ts): walking the name index instead reads every teacher before the matches
     * when they share a first name ('siti': 41,000 index entries at province scale), and sorting
     * every match costs as much again. Up to the cap the answer is exact; past it the pages show
     * `searchCap` of the matches in name order and the count says there are more.
     */
    async windowPage(
      f: WindowFilter,
      offset: number,
      limit: number,
      cap: number,
      searchCap: number,
    ): Promise<CappedCount & { rows: KandidatRow[] }> {
      const search = nameSearch(f);
      const counted = search ? searchCap : cap;
      const rows = rowsOf<KandidatRow & { n: number }>(
        await db.execute(
          search
            ? sql`
          with m as materialized (select ${guru.id} as id, ${guru.nama} as nama from ${guru} where ${windowWhere(f)} limit ${searchCap + 1}),
          page as (select id from m order by nama, id limit ${limit} offset ${offset})
          select g.id, g.nip, g.nama, g.tgl_lahir::text as tgl_lahir, g.status_guru, g.pendidikan_terakhir, g.sekolah_id, s.nama_sekolah, s.npsn,
                 (select count(*) from m)::int as n
          from page join ${guru} g on g.id = page.id left join ${sekolah} s on s.id = g.sekolah_id
          order by g.nama, g.id`
            : sql`
          with page as (
            select ${guru.id} as id from ${guru} where ${windowWhere(f)}
            order by ${guru.nama}, ${guru.id} limit ${limit} offset ${offset}
          )
          select g.id, g.nip, g.nama, g.tgl_lahir::text as tgl_lahir, g.status_guru, g.pendidikan_terakhir, g.sekolah_id, s.nama_sekolah, s.npsn,
                 ${countUpTo(guru, windowWhere(f), cap)} as n
          from page join ${guru} g on g.id = page.id left join ${sekolah} s on s.id = g.sekolah_id
          order by g.nama, g.id`,
        ),
      );
      if (!rows.length) return { rows: [], ...(await this.count(f, counted)) };
      return { rows: rows.map(({ n: _n, ...r }) => r), ...capped(Number(rows[0]!.n), counted) };
    },

    /** The window's size, counted to `cap`. */
    async count(f: WindowFilter, cap: number): Promise<CappedCount> {
      return cappedCount(db, guru, windowWhere(f), cap);
    },

    /**
     * Teachers of the window without a verified annual rating for one of `tahun` (counted to `cap`):
     * the years the rule asks for are passed in, not written here.
     */
    async countSkpKurang(f: WindowFilter, tahun: number[], cap: number): Promise<CappedCount> {
      if (!tahun.length) return capped(0, cap);
      // A year without a verified annual rating: one NOT IN per year, each a hashed set of the
      // year's rated teachers built once (not a lookup per teacher of the window).
      const lacking = sql.join(
        tahun.map(
          (y) =>
            sql`${guru.id} not in (select s.guru_id from ${skp} s where s.status = 1 and s.periode = 'Tahunan' and s.tahun = ${y})`,
        ),
        sql` or `,
      );
      return cappedCount(db, guru, and(windowWhere(f), lacking), cap);
    },

    /** Proposal states of the period (within the caller's school for operators). */
    async stateCounts(periode: string, npsn?: string): Promise<Record<string, number>> {
      const rows = rowsOf<{ status: string; n: number }>(
        await db.execute(sql`select u.status, count(*)::int as n from ${kpUsulanGuru} u
          ${npsn ? sql`join ${guru} g on g.id = u.guru_id join ${sekolah} s on s.id = g.sekolah_id and s.npsn = ${npsn}` : sql``}
          where u.periode = ${`${periode}-01`}::date group by u.status`),
      );
      return Object.fromEntries(rows.map((r) => [r.status, Number(r.n)]));
    },

    /**
     * The record of several teachers: newest verified rank, highest education, ratings, penalties.
     * One statement (a page is read in one round trip): per teacher, the newest verified rank and
     * the ratings, penalties and verified education levels as JSON arrays in row order.
     */
    async records(ids: number[], profilePendidikan: Map<number, string | null>): Promise<Map<number, KpRecord>> {
      const out = new Map<number, KpRecord>(
        ids.map((id) => [
          id,
          { pangkat: null, pendidikan: profilePendidikan.get(id) ?? null, penilaian: [], hukdis: [], pak: null },
        ]),
      );
      if (!ids.length) return out;
      type Rank = { golongan: string; tmt: string; tahun: number | null; bulan: number | null };
      type Rating = {
        tahun: number | null;
        periode: string | null;
        predikat: string | null;
        status: number | null;
        berkas: boolean;
      };
      type Penalty = { tingkat: string | null; tmt: string | null; selesai: string | null; status: number | null };
      type Pak = { ak: number | string; sampai: string };
      const rows = rowsOf<{
        guru_id: number;
        pangkat: Rank | null;
        skp: Rating[];
        hukdis: Penalty[];
        levels: (string | null)[] | null;
        pak: Pak | null;
      }>(
        await db.execute(sql`
          select g.id as guru_id,
            (select json_build_object('golongan', p.golongan, 'tmt', p.riw_pangkat_tmt::text, 'tahun', p.riw_pangkat_thn, 'bulan', p.riw_pangkat_bln)
               from ${pangkat} p where p.guru_id = g.id and p.status = 1 and p.riw_pangkat_tmt is not null and p.golongan is not null
               order by p.riw_pangkat_tmt desc, p.id desc limit 1) as pangkat,
            (select coalesce(json_agg(json_build_object('tahun', s.tahun, 'periode', s.periode, 'predikat', s.predikat, 'status', s.status, 'berkas', s.file_skp_key is not null and s.file_skp_key <> '') order by s.id), '[]'::json)
               from ${skp} s where s.guru_id = g.id) as skp,
            (select coalesce(json_agg(json_build_object('tingkat', h.tingkat, 'tmt', h.hukdis_tmt::text, 'selesai', h.hukdis_selesai::text, 'status', h.status) order by h.id), '[]'::json)
               from ${hukdis} h where h.guru_id = g.id) as hukdis,
            (select json_build_object('ak', k.ak_kumulatif, 'sampai', k.pak_sampai::text)
               from ${pak} k where k.guru_id = g.id and k.status = 1 and k.ak_kumulatif is not null and k.pak_sampai is not null
               order by k.pak_sampai desc, k.id desc limit 1) as pak,
            -- Verified education rows name their level by the master's code (referensi.nama2, e.g. S1).
            (select array_agg(r.nama2 order by p.id) from ${pendidikan} p join referensi r on r.id = p.tingpend_id where p.guru_id = g.id and p.status = 1) as levels
          from ${guru} g where g.id in ${ids}`),
      );
      for (const row of rows) {
        const rec = out.get(row.guru_id)!;
        const r = row.pangkat;
        if (r) rec.pangkat = { golongan: r.golongan, tmt: r.tmt, tahun: r.tahun ?? 0, bulan: r.bulan ?? 0 };
        for (const x of row.skp) {
          if (x.tahun == null || !x.predikat || !x.periode) continue;
          rec.penilaian.push({
            tahun: x.tahun,
            periode: x.periode,
            predikat: x.predikat as Penilaian['predikat'],
            terverifikasi: x.status === 1,
            berkas: x.berkas,
          });
        }
        for (const h of row.hukdis) {
          if (!h.tmt || !h.tingkat) continue;
          rec.hukdis.push({
            tingkat: h.tingkat,
            tmt: h.tmt,
            selesai: h.selesai ?? null,
            terverifikasi: h.status === 1,
          });
        }
        for (const kode of row.levels ?? []) if (levelRank(kode) > levelRank(rec.pendidikan)) rec.pendidikan = kode;
        if (row.pak) rec.pak = { akKumulatif: Number(row.pak.ak), sampai: row.pak.sampai };
      }
      return out;
    },

    /** Whether a verified education row of the teacher is dated after a date (a new diploma since the last rank). */
    async ijazahSetelah(guruId: number, tanggal: string): Promise<boolean> {
      const [row] = rowsOf<{ n: number }>(
        await db.execute(
          sql`select count(*)::int as n from ${pendidikan} p where p.guru_id = ${guruId} and p.status = 1 and p.riw_pendidikan_tgl > ${tanggal}::date`,
        ),
      );
      return Number(row?.n ?? 0) > 0;
    },

    /** Teachers by id with their school (for a proposal and the single-teacher view). */
    async teachers(ids: number[]): Promise<KandidatRow[]> {
      if (!ids.length) return [];
      return rowsOf<KandidatRow>(
        await db.execute(sql`select g.id, g.nip, g.nama, g.tgl_lahir::text as tgl_lahir, g.status_guru, g.pendidikan_terakhir, g.sekolah_id, s.nama_sekolah, s.npsn
          from ${guru} g left join ${sekolah} s on s.id = g.sekolah_id where g.id in ${ids} and g.status_kepegawaian = 'aktif' order by g.nama, g.id`),
      );
    },

    /** The teachers' proposals in a period, with their batch's letter number. */
    async usulOf(periode: string, ids: number[]): Promise<Map<number, KpUsulGuru>> {
      if (!ids.length) return new Map();
      const rows = await db
        .select({ u: kpUsulanGuru, nomor_surat: kpUsulan.nomor_surat })
        .from(kpUsulanGuru)
        .innerJoin(kpUsulan, eq(kpUsulan.id, kpUsulanGuru.usulan_id))
        .where(and(eq(kpUsulanGuru.periode, `${periode}-01`), inArray(kpUsulanGuru.guru_id, ids)));
      return new Map(rows.map((r) => [r.u.guru_id, toUsulGuru(r.u, r.nomor_surat)]));
    },
  };
}

export type KenaikanPangkatRepository = ReturnType<typeof kenaikanPangkatRepository>;

export function toUsulGuru(u: typeof kpUsulanGuru.$inferSelect, nomorSurat: string): KpUsulGuru {
  return {
    id: u.id,
    usulan_id: u.usulan_id,
    nomor_surat: nomorSurat,
    status: u.status as StatusUsulKp,
    alasan: u.alasan,
    golongan_lama: u.golongan_lama,
    golongan_baru: u.golongan_baru,
    dokumen: u.dokumen,
    sk_nomor: u.sk_nomor,
    sk_tanggal: u.sk_tanggal,
    sk_tmt: u.sk_tmt,
    sk_pejabat: u.sk_pejabat,
  };
}
