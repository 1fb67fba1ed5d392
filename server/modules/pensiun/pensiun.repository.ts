import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { rowsOf, type Db } from '../../db/client.ts';
import { guru, pensiunUsul, referensi, sekolah } from '../../db/schema/index.ts';
import { recordTableOf } from '../../db/schema/riwayat.ts';
import { HUBUNGAN_PASANGAN } from '#contract/riwayat-values.ts';
import type { StatusUsulPensiun, UsulPensiun } from '#contract/pensiun.ts';
import { lahirPensiunDalam } from '../../domain/pensiun.ts';
import { ASN_SQL_LIST } from '../guru/aktif.ts';
import { namaContains } from '../guru/nama-search.ts';
import { likePrefix } from '../../lib/like.ts';

/** A teacher in the window, as the list reads them. */
export interface PensiunRow {
  id: number;
  nama: string;
  nip: string | null;
  status_guru: string | null;
  tgl_lahir: string;
  tempat_lahir: string | null;
  status_nikah: string | null;
  status_kepegawaian: string;
  golongan: string | null;
  mkg_tahun: number | null;
  mkg_bulan: number | null;
  gaji_pokok: number | null;
  nama_sekolah: string | null;
  npsn: string | null;
}

export interface KeluargaRow {
  id: number;
  nama: string | null;
  hubungan: string | null;
  tgl_lahir: string | null;
  tgl_nikah: string | null;
  keadaan: string | null;
  tunjangan: string | null;
  status: number;
}

export interface PensiunRecord {
  adaSkPangkat: boolean;
  keluarga: KeluargaRow[];
  skpTahunTerbaru: number | null;
  usul: UsulPensiun | null;
}

export interface PensiunFilter {
  today: string;
  retirementAge: number;
  bulan: number;
  npsn?: string;
  cari?: string;
}

const usulColumns = {
  status: pensiunUsul.status,
  alasan: pensiunUsul.alasan,
  nomor_surat: pensiunUsul.nomor_surat,
  tanggal_surat: pensiunUsul.tanggal_surat,
  sk_nomor: pensiunUsul.sk_nomor,
  sk_tanggal: pensiunUsul.sk_tanggal,
  sk_tmt: pensiunUsul.sk_tmt,
  versi: pensiunUsul.versi,
  updated_at: pensiunUsul.updated_at,
};
const asUsul = (r: { status: string; updated_at: Date } & Omit<UsulPensiun, 'status' | 'updated_at'>): UsulPensiun => ({
  ...r,
  status: r.status as StatusUsulPensiun,
  updated_at: r.updated_at.toISOString(),
});

/** SQL of the retirement list and the pension proposals (docs/domain/pensiun.md). */
export function pensiunRepository(db: Db) {
  const pangkat = recordTableOf('riwpangkat');
  const keluarga = recordTableOf('riwkeluarga');
  const skp = recordTableOf('riwskp');

  /**
   * Civil-servant teachers whose pension TMT falls after today and within `bulan` months (from
   * the birth date, on its index), not moved out, stopped or deceased.
   */
  function windowWhere(f: PensiunFilter): SQL {
    const w = lahirPensiunDalam(f.today, f.retirementAge, f.bulan);
    const conditions: SQL[] = [
      sql`${guru.status_guru} in (${ASN_SQL_LIST})`,
      sql`${guru.status_kepegawaian} in ('aktif', 'pensiun')`,
      sql`${guru.tgl_lahir} >= ${w.dari}::date`,
      sql`${guru.tgl_lahir} < ${w.sebelum}::date`,
    ];
    if (f.npsn)
      conditions.push(
        sql`${guru.sekolah_id} = (select ${sekolah.id} from ${sekolah} where ${sekolah.npsn} = ${f.npsn})`,
      );
    if (f.cari)
      conditions.push(/^\d+$/.test(f.cari) ? sql`${guru.nip} like ${likePrefix(f.cari)}` : namaContains(f.cari));
    return sql.join(conditions, sql` and `);
  }

  return {
    /** A page of the window, the nearest retirement first. */
    async window(f: PensiunFilter, offset: number, limit: number): Promise<PensiunRow[]> {
      return rowsOf<PensiunRow>(
        await db.execute(sql`
          select g.id, g.nama, g.nip, g.status_guru, g.tgl_lahir::text as tgl_lahir, g.tempat_lahir, g.status_nikah, g.status_kepegawaian,
                 g.golongan, g.mkg_tahun, g.mkg_bulan, g.gaji_pokok::float8 as gaji_pokok, s.nama_sekolah, s.npsn
          from ${guru} g left join ${sekolah} s on s.id = g.sekolah_id
          where g.id in (select ${guru.id} from ${guru} where ${windowWhere(f)})
          order by date_trunc('month', g.tgl_lahir), g.nama, g.id
          limit ${limit} offset ${offset}`),
      ).map((r) => ({ ...r, gaji_pokok: r.gaji_pokok == null ? null : Number(r.gaji_pokok) }));
    },

    async count(f: PensiunFilter): Promise<number> {
      const [row] = rowsOf<{ n: number }>(
        await db.execute(sql`select count(*)::int as n from ${guru} where ${windowWhere(f)}`),
      );
      return Number(row?.n ?? 0);
    },

    /**
     * The window's counts for the dashboard: all, those whose proposal has not gone yet (none,
     * prepared or returned) within `belumDalam` months, and those decided.
     */
    async ringkasan(
      f: PensiunFilter,
      belumDalam: number,
    ): Promise<{ total: number; belum_diusulkan: number; ditetapkan: number }> {
      const near = lahirPensiunDalam(f.today, f.retirementAge, belumDalam);
      const [row] = rowsOf<{ total: number; belum: number; ditetapkan: number }>(
        await db.execute(sql`
          select count(*)::int as total,
                 count(*) filter (where ${guru.status_guru} <> 'PPPK' and ${guru.tgl_lahir} < ${near.sebelum}::date
                                    and coalesce(u.status, 'none') in ('none', 'disiapkan', 'dikembalikan') and ${guru.status_kepegawaian} = 'aktif')::int as belum,
                 count(*) filter (where u.status = 'ditetapkan' or ${guru.status_kepegawaian} = 'pensiun')::int as ditetapkan
          from ${guru} left join ${pensiunUsul} u on u.guru_id = ${guru.id}
          where ${windowWhere(f)}`),
      );
      return {
        total: Number(row?.total ?? 0),
        belum_diusulkan: Number(row?.belum ?? 0),
        ditetapkan: Number(row?.ditetapkan ?? 0),
      };
    },

    /** One teacher as the list reads them (any date), or null. */
    async teacher(id: number): Promise<PensiunRow | null> {
      const [row] = rowsOf<PensiunRow>(
        await db.execute(sql`
          select g.id, g.nama, g.nip, g.status_guru, g.tgl_lahir::text as tgl_lahir, g.tempat_lahir, g.status_nikah, g.status_kepegawaian,
                 g.golongan, g.mkg_tahun, g.mkg_bulan, g.gaji_pokok::float8 as gaji_pokok, s.nama_sekolah, s.npsn
          from ${guru} g left join ${sekolah} s on s.id = g.sekolah_id where g.id = ${id}`),
      );
      return row ? { ...row, gaji_pokok: row.gaji_pokok == null ? null : Number(row.gaji_pokok) } : null;
    },

    /** The record the proposal needs, for several teachers: rank decree, family, newest rating, proposal. */
    async records(ids: number[]): Promise<Map<number, PensiunRecord>> {
      const out = new Map<number, PensiunRecord>(
        ids.map((id) => [id, { adaSkPangkat: false, keluarga: [], skpTahunTerbaru: null, usul: null }]),
      );
      if (!ids.length) return out;
      const ranks = await db
        .selectDistinct({ guru_id: pangkat.guru_id })
        .from(pangkat)
        .where(and(inArray(pangkat.guru_id, ids), eq(pangkat.status, 1)));
      for (const r of ranks) out.get(r.guru_id as number)!.adaSkPangkat = true;
      const fam = await db
        .select()
        .from(keluarga)
        .where(inArray(keluarga.guru_id, ids))
        .orderBy(keluarga.guru_id, keluarga.tgl_lahir, keluarga.id);
      for (const r of fam) {
        out.get(r.guru_id as number)!.keluarga.push({
          id: r.id as number,
          nama: r.nama as string | null,
          hubungan: r.hubungan as string | null,
          tgl_lahir: r.tgl_lahir as string | null,
          tgl_nikah: r.tgl_nikah as string | null,
          keadaan: r.keadaan as string | null,
          tunjangan: r.tunjangan as string | null,
          status: r.status as number,
        });
      }
      const ratings = await db
        .select({ guru_id: skp.guru_id, tahun: sql<number>`max(${skp.tahun})::int` })
        .from(skp)
        .where(and(inArray(skp.guru_id, ids), eq(skp.status, 1)))
        .groupBy(skp.guru_id);
      for (const r of ratings) out.get(r.guru_id as number)!.skpTahunTerbaru = Number(r.tahun);
      const usul = await db
        .select({ guru_id: pensiunUsul.guru_id, ...usulColumns })
        .from(pensiunUsul)
        .where(inArray(pensiunUsul.guru_id, ids));
      for (const u of usul) out.get(u.guru_id)!.usul = asUsul(u);
      return out;
    },

    /** What the DPCP prints besides the list item: position, education, address, the newest rank's TMT. */
    async dpcpExtra(guruId: number): Promise<{
      jabatan: string | null;
      pendidikan: string | null;
      alamat: string | null;
      tmtPangkat: string | null;
    }> {
      const [row] = rowsOf<{
        jabatan: string | null;
        pendidikan: string | null;
        alamat: string | null;
        tmt_pangkat: string | null;
      }>(
        await db.execute(sql`
          select r.nama as jabatan, g.pendidikan_terakhir as pendidikan, g.alamat_domisili as alamat,
                 (select max(p.riw_pangkat_tmt)::text from ${pangkat} p where p.guru_id = g.id and p.status = 1) as tmt_pangkat
          from ${guru} g left join ${referensi} r on r.id = g.id_jabatan where g.id = ${guruId}`),
      );
      return {
        jabatan: row?.jabatan ?? null,
        pendidikan: row?.pendidikan ?? null,
        alamat: row?.alamat ?? null,
        tmtPangkat: row?.tmt_pangkat ?? null,
      };
    },

    /** The teacher's proposal, or null. */
    async usul(guruId: number): Promise<UsulPensiun | null> {
      const [u] = await db.select(usulColumns).from(pensiunUsul).where(eq(pensiunUsul.guru_id, guruId));
      return u ? asUsul(u) : null;
    },

    /**
     * Writes the next state, only if the proposal is still as the caller saw it (`versi`, or none):
     * false when someone changed it meanwhile. On the decision, the teacher's status becomes
     * pensiun at the SK's TMT when that TMT has come (the life cycle of the status form).
     */
    async ubah(
      guruId: number,
      versi: number | null,
      values: {
        status: StatusUsulPensiun;
        alasan?: string | null;
        nomor_surat?: string;
        tanggal_surat?: string;
        sk_nomor?: string;
        sk_tanggal?: string;
        sk_tmt?: string;
      },
      userId: number,
      now: Date,
      today: string,
    ): Promise<boolean> {
      return db.transaction(async (tx) => {
        const set = {
          ...values,
          alasan: values.status === 'dikembalikan' ? (values.alasan ?? null) : null,
          diubah_oleh: userId,
          updated_at: now,
        };
        let done: { id: number }[];
        if (versi === null) {
          done = await tx
            .insert(pensiunUsul)
            .values({ guru_id: guruId, ...set })
            .onConflictDoNothing({ target: pensiunUsul.guru_id })
            .returning({ id: pensiunUsul.id });
        } else {
          done = await tx
            .update(pensiunUsul)
            .set({ ...set, versi: sql`${pensiunUsul.versi} + 1` })
            .where(and(eq(pensiunUsul.guru_id, guruId), eq(pensiunUsul.versi, versi)))
            .returning({ id: pensiunUsul.id });
        }
        if (!done.length) return false;
        if (values.status === 'ditetapkan' && values.sk_tmt! <= today)
          await terapkan(tx, guruId, values.sk_tmt!, values.sk_nomor!, now);
        return true;
      });
    },

    /**
     * Decisions whose TMT has come while the teacher is still recorded aktif: their status becomes
     * pensiun at the TMT (a decision entered ahead of the TMT waits for it). Answers how many.
     */
    async terapkanJatuhTempo(today: string, now: Date): Promise<number> {
      const due = await db
        .select({ guru_id: pensiunUsul.guru_id, sk_tmt: pensiunUsul.sk_tmt, sk_nomor: pensiunUsul.sk_nomor })
        .from(pensiunUsul)
        .innerJoin(guru, eq(guru.id, pensiunUsul.guru_id))
        .where(
          and(
            eq(pensiunUsul.status, 'ditetapkan'),
            sql`${pensiunUsul.sk_tmt} <= ${today}::date`,
            eq(guru.status_kepegawaian, 'aktif'),
          ),
        );
      for (const d of due) await terapkan(db, d.guru_id, d.sk_tmt!, d.sk_nomor!, now);
      return due.length;
    },
  };
}

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0] | Db;
async function terapkan(tx: Tx, guruId: number, tmt: string, skNomor: string, now: Date): Promise<void> {
  await tx
    .update(guru)
    .set({
      status_kepegawaian: 'pensiun',
      tgl_status_kepegawaian: tmt,
      ket_status_kepegawaian: `Pensiun BUP, SK ${skNomor}`,
      updated_at: now,
    })
    .where(and(eq(guru.id, guruId), eq(guru.status_kepegawaian, 'aktif')));
}

export const isPasangan = (hubungan: string | null) => !!hubungan && HUBUNGAN_PASANGAN.includes(hubungan);
export type PensiunRepository = ReturnType<typeof pensiunRepository>;
