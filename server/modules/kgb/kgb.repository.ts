import { and, asc, desc, eq, gt, isNotNull, isNull, lt, ne, or, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { officialFor } from '../../domain/delegasi.ts';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.ts';
import { rowsOf } from '../../db/client.ts';
import {
  guru,
  kgbPenundaan,
  kgbSurat,
  nomorSurat,
  pejabat,
  pengaturan,
  referensi,
  sekolah,
} from '../../db/schema/index.ts';
import { recordTableOf } from '../../db/schema/riwayat.ts';
import { NOTICE_MONTHS, type SalaryStep } from '../../domain/kgb.ts';
import type { ArsipFilter } from '#contract/kgb.ts';
import { defaultLetterSettings, type LetterSettings } from './letter.ts';
import { readProfile } from '../kantor/kantor.repository.ts';
import { tmtPalingLambat } from '../../domain/periode.ts';
import { lahirBelumPensiun } from '../../domain/pensiun.ts';
import { capped, countLimit, countRowsUpTo, type CappedCount } from '../../lib/capped-count.ts';
import { namaContains } from '../guru/nama-search.ts';
import { likePrefix } from '../../lib/like.ts';
import { ASN_SQL_LIST } from '../guru/aktif.ts';
import { readSalaryTables } from '../guru/record-basis.ts';

const gol = alias(referensi, 'gol');
const jab = alias(referensi, 'jab');

/**
 * The next TMT of a PNS teacher in SQL: the immutable function of migrations 0012/0019/0022, the
 * same rule as domain/kgb.ts `nextTmt` (two years after the last KGB, or from the first appointment
 * read from the NIP, digits 9-14, one year for II/a; then the months of postponement). The one SQL
 * form of the rule: the due list and the dashboard both use it, and the due list reads it from the
 * index guru_kgb_tmt_idx.
 */
export function nextTmtSql(c: {
  tglKgbTerakhir: SQLWrapper;
  tmtAwal: SQLWrapper;
  nip: SQLWrapper;
  statusGuru: SQLWrapper;
  golongan: SQLWrapper;
  tundaBulan: SQLWrapper;
}): SQL {
  // tmt_awal_kgb (domain cycleAnchor) before the last KGB: after a PMK the KGB falls when the MKG
  // reaches the next step; a PPPK without KGB counts from the appointment. An NI PPPK carries no
  // month, so it is never read as a NIP.
  return sql`sidasek_kgb_tmt(coalesce(${c.tmtAwal}, ${c.tglKgbTerakhir}), case when ${c.statusGuru} = 'PPPK' then null else ${c.nip} end, ${c.golongan}, ${c.tundaBulan})`;
}

export const NEXT_TMT_SQL = nextTmtSql({
  tglKgbTerakhir: guru.tgl_kgb_terakhir,
  tmtAwal: guru.tmt_awal_kgb,
  nip: guru.nip,
  statusGuru: guru.status_guru,
  golongan: guru.golongan,
  tundaBulan: guru.kgb_tunda_bulan,
});

/** Civil-servant teachers with a golongan (the KGB index's predicate, with status_kepegawaian). */
export const KGB_PESERTA_SQL = (alias: string | null) => {
  const col = (name: string) => sql.raw(alias ? `${alias}.${name}` : name);
  return sql`${col('status_guru')} in (${ASN_SQL_LIST}) and ${col('golongan')} is not null`;
};

export type LetterRow = typeof kgbSurat.$inferSelect;
export type LetterInsert = typeof kgbSurat.$inferInsert;
/** The server's row of a signed letter in the teacher's KGB history (riwkgb). */
export type KgbHistoryInsert = typeof riwkgb.$inferInsert;

const riwkgb = recordTableOf('riwkgb');

/** A letter may be claimed for signing while verified, or when an earlier claim went stale. */
function claimable(staleBefore: Date) {
  return or(eq(kgbSurat.status, 'verified'), and(eq(kgbSurat.status, 'signing'), lt(kgbSurat.signedAt, staleBefore)))!;
}

export interface DueRow {
  id: number;
  nip: string | null;
  nama: string;
  jenis_kelamin: string;
  tgl_kgb_terakhir: string | null;
  golongan: string | null;
  nama_sekolah: string | null;
  npsn: string | null;
  tmt: string;
  status_surat: string | null;
  tgl_lahir: string;
  status_guru: string | null;
  kgb_tunda_bulan: number;
  verifikasi: number;
  pendidikan_terakhir: string | null;
}

/** The due list counts at most this many teachers ("10.000+"): a province has tens of thousands due. */
export const KGB_DUE_COUNT_CAP = 10_000;

/**
 * An app's copy of the versioned salary tables (master data written by migrations and seeds): read
 * once, again after a change to them is announced (server/db/caches.ts). Each app has its own
 * (AppDeps.salaryTables, decision 0060).
 */
export interface SalaryTables {
  /** The tables, read through `db` when not held. */
  get(db: Db): Promise<SalaryStep[]>;
  /** Forgets the tables: the next read loads them again. */
  forget(): void;
}

export function salaryTables(): SalaryTables {
  let held: Promise<SalaryStep[]> | null = null;
  const tables: SalaryTables = {
    get(db) {
      held ??= readSalaryTables(db).then(
        (rows) => rows,
        (err: unknown) => {
          held = null;
          throw err;
        },
      );
      return held;
    },
    forget() {
      held = null;
    },
  };
  return tables;
}

export function kgbRepository(db: Db, tables: SalaryTables) {
  return {
    /** Teachers due for KGB on `today`: from two months before the TMT, overdue ones included. */
    /**
     * A page of the due list and its capped count (server/lib/capped-count.ts) in one statement.
     * The page walks the partial TMT index in the list's order and stops at the page; the count
     * reads at most `limit` + 1 due teachers (a province has tens of thousands due at once).
     */
    async dueList(f: {
      today: string;
      cari: string;
      bp: string;
      npsn: string | undefined;
      page: number;
      perPage: number;
      retirementAge: number;
    }): Promise<CappedCount & { rows: DueRow[] }> {
      const conditions: SQL[] = [
        KGB_PESERTA_SQL(null),
        // Active teachers only (part of the index's predicate).
        sql`${guru.status_kepegawaian} = 'aktif'`,
        // A range on the partial TMT index (guru_kgb_tmt_idx, in the list's order); the exact rule
        // follows below.
        sql`${NEXT_TMT_SQL} <= ${tmtPalingLambat(f.today)}::date`,
        // Only active teachers: not retired by today (BUP, the 1st of the month after the birthday
        // at the retirement age), and not retiring before the TMT (no KGB then).
        sql`${guru.tgl_lahir} >= ${lahirBelumPensiun(f.today, f.retirementAge)}::date`,
        // Whoever retires after the latest TMT the list shows passes the second test whatever the
        // TMT; the birth date decides that first, so the TMT is computed again only for the few
        // near retirement (PostgreSQL evaluates an OR's arms in order and stops at the first true
        // one). Recomputing it for every due teacher was most of the list's count (tier M, 10,001
        // teachers: 6.3 of 6.6 ms).
        sql`(${guru.tgl_lahir} >= ${lahirBelumPensiun(tmtPalingLambat(f.today), f.retirementAge)}::date
          or ${NEXT_TMT_SQL} < (date_trunc('month', ${guru.tgl_lahir}) + make_interval(months => ${f.retirementAge * 12 + 1}))::date)`,
      ];
      // The school's level as copied onto the teacher (guru.bentuk_pendidikan, server/db/sql-objects.ts),
      // read from guru_kgb_bp_tmt_idx (migration 0044) in the list's order, and the NPSN by
      // subquery: the due set is computed from teachers alone, and only the page's ten rows are
      // joined to their school and letter.
      if (f.bp) conditions.push(sql`${guru}.bentuk_pendidikan = ${f.bp}`);
      if (f.npsn)
        conditions.push(
          sql`${guru.sekolah_id} = (select ${sekolah.id} from ${sekolah} where ${sekolah.npsn} = ${f.npsn})`,
        );
      if (f.cari) {
        conditions.push(/^\d+$/.test(f.cari) ? sql`${guru.nip} like ${likePrefix(f.cari)}` : namaContains(f.cari));
      }
      const where = sql.join(conditions, sql` and `);
      const limit = countLimit(KGB_DUE_COUNT_CAP, f.page, f.perPage);
      // NOT MATERIALIZED: `due` is read twice (page and count), and each must stay an index scan
      // that stops early instead of one computation of every due teacher.
      const due = sql`
        due as not materialized (
          select id, nama, tmt from (
            select ${guru.id} as id, ${guru.nama} as nama, ${NEXT_TMT_SQL} as tmt
            from ${guru}
            where ${where}
          ) d
          where d.tmt is not null and (d.tmt - make_interval(months => ${NOTICE_MONTHS}::int))::date <= ${f.today}::date
        )`;
      const rows = rowsOf<DueRow & { total: number }>(
        await db.execute(sql`
          with ${due},
          page as (
            select due.id, due.tmt from due
            order by due.tmt, due.nama, due.id
            limit ${f.perPage} offset ${(f.page - 1) * f.perPage}
          )
          select g.id, g.nip, g.nama, g.jenis_kelamin, g.tgl_kgb_terakhir::text as tgl_kgb_terakhir, g.golongan, g.tgl_lahir::text as tgl_lahir, g.status_guru, g.kgb_tunda_bulan, g.verifikasi, g.pendidikan_terakhir,
                 s.nama_sekolah, s.npsn, page.tmt::text as tmt, k.status as status_surat,
                 ${countRowsUpTo(sql`due`, limit)} as total
          from page
          join ${guru} g on g.id = page.id
          left join ${sekolah} s on s.id = g.sekolah_id
          left join ${kgbSurat} k on k.guru_id = page.id and k.tmt = page.tmt and k.status <> 'cancelled'
          order by page.tmt, g.nama, g.id`),
      );
      if (rows.length) return { rows: rows.map(({ total: _t, ...r }) => r), ...capped(Number(rows[0]!.total), limit) };
      if (f.page === 1) return { rows: [], total: 0, more: false };
      // A page past the end: the count alone, capped as for page 1.
      const first = countLimit(KGB_DUE_COUNT_CAP, 1, f.perPage);
      const counted = rowsOf<{ n: number }>(
        await db.execute(sql`with ${due} select ${countRowsUpTo(sql`due`, first)} as n`),
      );
      return { rows: [], ...capped(Number(counted[0]?.n ?? 0), first) };
    },

    /** What the letter needs about a teacher. */
    async teacher(id: number) {
      const [row] = await db
        .select({
          g: guru,
          sekolah: sekolah.namaSekolah,
          npsn: sekolah.npsn,
          jenjang: sekolah.bentukPendidikan,
          pangkat: gol.nama2,
          jabatan: jab.nama,
        })
        .from(guru)
        .leftJoin(sekolah, eq(sekolah.id, guru.sekolah_id))
        .leftJoin(gol, and(eq(gol.kategori, 'golongan'), eq(gol.nama, guru.golongan)))
        .leftJoin(jab, eq(jab.id, guru.id_jabatan))
        .where(eq(guru.id, id));
      return row ?? null;
    },

    /** The versioned salary tables, from the app's copy (`SalaryTables`). */
    salaryTable(): Promise<SalaryStep[]> {
      return tables.get(db);
    },

    async settings(): Promise<LetterSettings> {
      const [row] = await db.select().from(pengaturan).where(eq(pengaturan.kunci, 'kgb'));
      const saved = (row?.nilai as Partial<LetterSettings> | undefined) ?? {};
      // Only the letter's own keys: the letterhead of older rows now lives in the office profile.
      // What was never saved follows the office profile (its region's payroll and personnel offices).
      const out = defaultLetterSettings(await readProfile(db));
      for (const k of Object.keys(out) as (keyof LetterSettings)[])
        if (saved[k] !== undefined) (out as unknown as Record<string, unknown>)[k] = saved[k];
      return out;
    },

    async saveSettings(value: LetterSettings): Promise<void> {
      // Keeps an older row's letterhead keys: the office profile reads them until it is saved once.
      const [row] = await db.select().from(pengaturan).where(eq(pengaturan.kunci, 'kgb'));
      const nilai = { ...((row?.nilai as object | undefined) ?? {}), ...value };
      await db
        .insert(pengaturan)
        .values({ kunci: 'kgb', nilai })
        .onConflictDoUpdate({ target: pengaturan.kunci, set: { nilai } });
    },

    /** The official who signs a teacher's letter: a delegation covering them, else the active one (domain/delegasi.ts). */
    async officialFor(teacher: { golongan: string | null; jenjang: string | null }) {
      const rows = await db
        .select()
        .from(pejabat)
        .where(or(eq(pejabat.aktif, true), isNotNull(pejabat.delegasi)));
      return officialFor(rows, teacher);
    },

    async activeOfficial() {
      const [row] = await db.select().from(pejabat).where(eq(pejabat.aktif, true)).limit(1);
      return row ?? null;
    },

    /** The letter in force for a teacher's TMT (a cancelled one is not: a new one may be made). */
    async letterFor(guruId: number, tmt: string) {
      const [row] = await db
        .select()
        .from(kgbSurat)
        .where(and(eq(kgbSurat.guruId, guruId), eq(kgbSurat.tmt, tmt), ne(kgbSurat.status, 'cancelled')));
      return row ?? null;
    },

    async insertPostponement(values: typeof kgbPenundaan.$inferInsert) {
      const [row] = await db.insert(kgbPenundaan).values(values).returning();
      return row!;
    },

    async postponementById(id: number) {
      const [row] = await db.select().from(kgbPenundaan).where(eq(kgbPenundaan.id, id));
      return row ?? null;
    },

    async deletePostponement(id: number) {
      await db.delete(kgbPenundaan).where(eq(kgbPenundaan.id, id));
    },

    /**
     * The teacher's cancelled letter that a new letter replaces (a ralat): cancelled, not replaced
     * yet, and for the increase still pending (its TMT after the last KGB granted).
     */
    async replaceableLetter(guruId: number, lastKgbTmt: string | null) {
      const replacement = alias(kgbSurat, 'pengganti');
      const [row] = await db
        .select({ surat: kgbSurat })
        .from(kgbSurat)
        .leftJoin(replacement, eq(replacement.menggantikanId, kgbSurat.id))
        .where(
          and(
            eq(kgbSurat.guruId, guruId),
            eq(kgbSurat.status, 'cancelled'),
            isNull(replacement.id),
            lastKgbTmt ? gt(kgbSurat.tmt, lastKgbTmt) : undefined,
          ),
        )
        .orderBy(desc(kgbSurat.batalAt), desc(kgbSurat.id))
        .limit(1);
      return row?.surat ?? null;
    },

    /** The letter that replaced a cancelled one, if any. */
    async replacementOf(id: number) {
      const [row] = await db.select().from(kgbSurat).where(eq(kgbSurat.menggantikanId, id));
      return row ?? null;
    },

    async letterById(id: number) {
      const [row] = await db.select().from(kgbSurat).where(eq(kgbSurat.id, id));
      return row ?? null;
    },

    /** The teacher's most recent letter (verified, signed or cancelled; the newest of a TMT first), for the sign page. */
    async latestLetter(guruId: number) {
      const [row] = await db
        .select()
        .from(kgbSurat)
        .where(eq(kgbSurat.guruId, guruId))
        .orderBy(desc(kgbSurat.tmt), desc(kgbSurat.id))
        .limit(1);
      return row ?? null;
    },

    async letterByCode(kode: string) {
      const [row] = await db.select().from(kgbSurat).where(eq(kgbSurat.kodeDokumen, kode));
      return row ?? null;
    },

    /** A verified letter (in the caller's transaction). */
    async insertLetter(values: LetterInsert): Promise<LetterRow> {
      const [row] = await db.insert(kgbSurat).values(values).returning();
      return row!;
    },

    /**
     * Claims a letter for signing (verified → signing, or a claim made before `staleBefore`);
     * signedAt holds the claim time while the status is 'signing'. False when another holds it.
     */
    async claimForSigning(id: number, now: Date, staleBefore: Date): Promise<boolean> {
      const claimed = await db
        .update(kgbSurat)
        .set({ status: 'signing', signedAt: now })
        .where(and(eq(kgbSurat.id, id), claimable(staleBefore)))
        .returning({ id: kgbSurat.id });
      return claimed.length > 0;
    },

    /** Gives a claim back: only a claim still held goes back to 'verified' (never a letter that got signed). */
    async releaseClaim(id: number): Promise<void> {
      await db
        .update(kgbSurat)
        .set({ status: 'verified', signedAt: null })
        .where(and(eq(kgbSurat.id, id), eq(kgbSurat.status, 'signing')));
    },

    /** The signed letter (in the caller's transaction). */
    async markSigned(
      id: number,
      values: Pick<LetterInsert, 'signedKey' | 'signedSha256' | 'signedAt' | 'signedBy' | 'signedVia' | 'isi'>,
    ): Promise<void> {
      await db
        .update(kgbSurat)
        .set({ status: 'signed', ...values })
        .where(eq(kgbSurat.id, id));
    },

    /** Cancels a verified or signed letter; null when it is neither (a signature in progress, say). */
    async cancelLetter(
      id: number,
      values: { batalAt: Date; batalBy: number; alasanBatal: string },
    ): Promise<LetterRow | null> {
      const [changed] = await db
        .update(kgbSurat)
        .set({ status: 'cancelled', ...values })
        .where(and(eq(kgbSurat.id, id), or(eq(kgbSurat.status, 'verified'), eq(kgbSurat.status, 'signed'))))
        .returning();
      return changed ?? null;
    },

    /** The cancellation notice's number of a letter, its row locked until the caller's transaction ends. */
    async lockCancellationNumber(id: number): Promise<string | null> {
      const [row] = await db
        .select({ nomor: kgbSurat.nomorPembatalan })
        .from(kgbSurat)
        .where(eq(kgbSurat.id, id))
        .for('update');
      return row?.nomor ?? null;
    },

    async setCancellationNumber(id: number, nomor: string): Promise<void> {
      await db.update(kgbSurat).set({ nomorPembatalan: nomor }).where(eq(kgbSurat.id, id));
    },

    /** The history row of a signed letter (in the caller's transaction). */
    async insertHistory(values: KgbHistoryInsert): Promise<void> {
      await db.insert(riwkgb).values(values);
    },

    /** Removes the history rows of a letter; answers their files' keys. */
    async deleteHistoryOf(suratId: number): Promise<(string | null)[]> {
      const removed = await db
        .delete(riwkgb)
        .where(eq(riwkgb.kgb_surat_id, suratId))
        .returning({ key: riwkgb.file_kgb_key });
      return removed.map((r) => r.key as string | null);
    },

    /** The basic salary before the teacher's last KGB, as the signed letter gave it. */
    async setGajiPokokLama(guruId: number, gaji: number | null): Promise<void> {
      await db.update(guru).set({ gaji_pokok_lama: gaji }).where(eq(guru.id, guruId));
    },

    /** The next letter number of the year (a counter row per year, taken under a row lock). */
    async nextNumber(tx: Db, year: number): Promise<number> {
      const rows = await tx
        .insert(nomorSurat)
        .values({ jenis: 'kgb', tahun: year, terakhir: 1 })
        .onConflictDoUpdate({
          target: [nomorSurat.jenis, nomorSurat.tahun],
          set: { terakhir: sql`${nomorSurat.terakhir} + 1` },
        })
        .returning({ n: nomorSurat.terakhir });
      return rows[0]!.n;
    },

    /** Signed letters (and, by `status`, those signed then cancelled), found by name or NIP, TMT month and school. */
    async archive(
      page: number,
      perPage: number,
      f: Omit<ArsipFilter, 'page'> = { cari: '', bulan: '', npsn: '', status: 'signed' },
    ) {
      const conditions: SQL[] = [
        f.status === 'signed'
          ? eq(kgbSurat.status, 'signed')
          : f.status === 'cancelled'
            ? and(eq(kgbSurat.status, 'cancelled'), isNotNull(kgbSurat.signedAt))!
            : and(or(eq(kgbSurat.status, 'signed'), eq(kgbSurat.status, 'cancelled'))!, isNotNull(kgbSurat.signedAt))!,
      ];
      if (f.cari)
        conditions.push(/^\d+$/.test(f.cari) ? sql`${guru.nip} like ${likePrefix(f.cari)}` : namaContains(f.cari));
      if (f.bulan)
        conditions.push(
          sql`${kgbSurat.tmt} >= ${`${f.bulan}-01`}::date and ${kgbSurat.tmt} < (${`${f.bulan}-01`}::date + interval '1 month')::date`,
        );
      if (f.npsn)
        conditions.push(
          sql`${guru.sekolah_id} = (select ${sekolah.id} from ${sekolah} where ${sekolah.npsn} = ${f.npsn})`,
        );
      const where = and(...conditions);
      const [{ n } = { n: 0 }] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(kgbSurat)
        .innerJoin(guru, eq(guru.id, kgbSurat.guruId))
        .where(where);
      const rows = await db
        .select({
          surat: kgbSurat,
          nip: guru.nip,
          nama: guru.nama,
          gelarDepan: guru.gelar_depan,
          gelarBelakang: guru.gelar_belakang,
          tglLahir: guru.tgl_lahir,
          jabatan: jab.nama,
        })
        .from(kgbSurat)
        .innerJoin(guru, eq(guru.id, kgbSurat.guruId))
        .leftJoin(jab, eq(jab.id, guru.id_jabatan))
        .where(where)
        .orderBy(desc(kgbSurat.signedAt), asc(kgbSurat.id))
        .limit(perPage)
        .offset((page - 1) * perPage);
      return { rows, total: n };
    },
  };
}
export type KgbRepository = ReturnType<typeof kgbRepository>;
