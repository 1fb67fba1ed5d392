import { eq, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { anyId, rowsOf, type Db } from '../../db/client.ts';
import { gajiPokokTabel, guru, kgbPenundaan, pengaturan } from '../../db/schema/index.ts';
import { recordTableOf } from '../../db/schema/riwayat.ts';
import type { RecordKindKey } from '#contract/riwayat.ts';
import {
  basisFromDecrees,
  cycleAnchor,
  gajiDibayar,
  persenGaji,
  tundaBulan,
  type Decree,
  type Postponement,
  type SalaryStep,
} from '../../domain/kgb.ts';
import { hariIni } from '../../domain/waktu-kantor.ts';

// The teacher's salary-setting decrees (docs/domain/kgb.md "Dasar perhitungan"): verified KGB, rank
// and PMK rows of the record. The KGB letter is planned from them, and the profile's golongan, MKG,
// salary and last KGB date are kept equal to them (derived, not typed), so the due list can still
// read those columns from its index.

/** The verified decrees that set the teacher's basic salary, in no particular order. */
export async function decreesOf(db: Db, guruId: number): Promise<Decree[]> {
  return (await decreesOfMany(db, [guruId])).get(guruId) ?? [];
}

/**
 * Where each kind of salary-setting decree keeps its fields (contract/riwayat-values.ts): KGB
 * history, rank promotion or appointment (Kepangkatan), and service-credit review (PMK).
 */
interface DecreeSource {
  kind: Decree['kind'];
  key: RecordKindKey;
  tmt: string;
  golongan: string;
  tahun: string;
  bulan: string;
  /** The salary column the decree states; none: read from the table (promotions). */
  gaji?: string;
  /** The decree number: the first column that has one. */
  nomor: string[];
  tanggal: string;
  /** Who issued the decree (printed as "Oleh Pejabat"; empty when not recorded, never guessed). */
  pejabat: string;
}

const SOURCES: DecreeSource[] = [
  {
    kind: 'kgb',
    key: 'riwkgb',
    tmt: 'ttgl_kgb',
    golongan: 'gol_kgb',
    tahun: 'mkg_tahun',
    bulan: 'mkg_bulan',
    gaji: 'gpl_kgb',
    nomor: ['nosk_kgb', 'no_kgb'],
    tanggal: 'tglsk_kgb',
    pejabat: 'pejabat_kgb',
  },
  {
    kind: 'pangkat',
    key: 'riwpangkat',
    tmt: 'riw_pangkat_tmt',
    golongan: 'golongan',
    tahun: 'riw_pangkat_thn',
    bulan: 'riw_pangkat_bln',
    nomor: ['riw_pangkat_sk'],
    tanggal: 'riw_pangkat_sktgl',
    pejabat: 'riw_pangkat_pejabat',
  },
  // A PMK states the MKG and salary it gives; the KGB then falls at the table's next step.
  {
    kind: 'pmk',
    key: 'riwpmk',
    tmt: 'pmk_tmt',
    golongan: 'golongan',
    tahun: 'pmk_thn',
    bulan: 'pmk_bln',
    gaji: 'pmk_gaji',
    nomor: ['pmk_sk'],
    tanggal: 'pmk_sktgl',
    pejabat: 'pmk_pejabat',
  },
];

/** A decree as the query of decreesOfMany answers it: each kind's columns under one set of names. */
interface DecreeRow {
  kind: Decree['kind'];
  id: number;
  guru_id: number;
  tmt: string;
  golongan: string;
  tahun: number | null;
  bulan: number | null;
  gaji: number | null;
  nomor: string | null;
  tanggal: string | null;
  pejabat: string | null;
}

/**
 * The same for several teachers at once (a page of the due list, a slice of the month): one query,
 * the kinds' rows under one set of names (one round trip instead of one per kind).
 */
export async function decreesOfMany(db: Db, guruIds: number[]): Promise<Map<number, Decree[]>> {
  const out = new Map<number, Decree[]>(guruIds.map((id) => [id, []]));
  if (!guruIds.length) return out;
  const kinds = SOURCES.map((src) => {
    const table = recordTableOf(src.key);
    const column = (name: string) => table[name] as AnyPgColumn;
    return sql`select ${src.kind}::text as kind, ${table.id} as id, ${table.guru_id} as guru_id,
        ${column(src.tmt)}::text as tmt, ${column(src.golongan)} as golongan,
        ${column(src.tahun)} as tahun, ${column(src.bulan)} as bulan,
        ${src.gaji ? column(src.gaji) : sql`null`}::int as gaji,
        coalesce(${sql.join(
          src.nomor.map((c) => sql`${column(c)}::text`),
          sql`, `,
        )}) as nomor,
        ${column(src.tanggal)}::text as tanggal, ${column(src.pejabat)}::text as pejabat
      from ${table}
      where ${anyId(table.guru_id, guruIds)} and ${table.status} = 1
        and ${column(src.tmt)} is not null and ${column(src.golongan)} is not null`;
  });
  for (const r of rowsOf<DecreeRow>(await db.execute(sql.join(kinds, sql` union all `)))) {
    out.get(r.guru_id)!.push({
      kind: r.kind,
      id: r.id,
      tmt: r.tmt,
      golongan: r.golongan,
      mkg: { tahun: r.tahun ?? 0, bulan: r.bulan ?? 0 },
      gaji: r.gaji,
      // Every kind requires its decree number (contract/riwayat-values.ts); a row without one
      // (imported before the rule) shows none rather than a placeholder.
      nomor: r.nomor ?? '',
      tanggal: r.tanggal,
      pejabat: r.pejabat?.trim() ?? '',
    });
  }
  return out;
}

/** The teacher's KGB postponements (penundaan), oldest first. */
export async function postponementsOf(
  db: Db,
  guruId: number,
): Promise<(Postponement & { id: number; alasan: string; nomorSk: string | null; createdAt: Date })[]> {
  return db
    .select({
      id: kgbPenundaan.id,
      tmtSemula: kgbPenundaan.tmtSemula,
      bulan: kgbPenundaan.bulan,
      alasan: kgbPenundaan.alasan,
      nomorSk: kgbPenundaan.nomorSk,
      createdAt: kgbPenundaan.createdAt,
    })
    .from(kgbPenundaan)
    .where(eq(kgbPenundaan.guruId, guruId))
    .orderBy(kgbPenundaan.tmtSemula);
}

/**
 * Sets the profile's golongan, MKG, basic salary and last KGB date from the record. Called in the
 * same transaction as every change of a salary-setting decree (create, edit, verify, delete, a
 * signed letter). A teacher without a verified decree keeps what was typed or imported; the
 * data-quality page lists such teachers. `zona` is the office's zone: what is paid "now" is read
 * on the office's date (server/domain/waktu-kantor.ts).
 */
export async function syncTeacherFromRecord(db: Db, guruId: number, now: Date, zona: string): Promise<void> {
  await syncTeachersFromRecord(db, [guruId], now, zona);
}

/** Every row of the versioned salary tables, as the KGB rules read them (the app's copy: kgb.repository.ts). */
export function readSalaryTables(db: Db): Promise<SalaryStep[]> {
  return db
    .select({
      regulasi: gajiPokokTabel.regulasi,
      berlakuMulai: gajiPokokTabel.berlakuMulai,
      golongan: gajiPokokTabel.golongan,
      mkg: gajiPokokTabel.mkg,
      gaji: gajiPokokTabel.gaji,
    })
    .from(gajiPokokTabel);
}

/** The same for several teachers: a few queries for the batch, then one update per teacher. */
export async function syncTeachersFromRecord(db: Db, guruIds: number[], now: Date, zona: string): Promise<void> {
  if (!guruIds.length) return;
  const decrees = await decreesOfMany(db, guruIds);
  const statuses = new Map(
    (await db.select({ id: guru.id, status: guru.status_guru }).from(guru).where(anyId(guru.id, guruIds))).map((r) => [
      r.id,
      r.status,
    ]),
  );
  const postponed = new Map<number, Postponement[]>();
  for (const p of await db
    .select({ guruId: kgbPenundaan.guruId, tmtSemula: kgbPenundaan.tmtSemula, bulan: kgbPenundaan.bulan })
    .from(kgbPenundaan)
    .where(anyId(kgbPenundaan.guruId, guruIds))) {
    postponed.set(p.guruId, [...(postponed.get(p.guruId) ?? []), p]);
  }
  const table = await readSalaryTables(db);
  const today = hariIni(now, zona);
  for (const id of guruIds) {
    const basis = basisFromDecrees(decrees.get(id) ?? []);
    if (!basis) continue;
    const status = statuses.get(id) ?? null;
    const tunda = tundaBulan(basis.lastKgbTmt, postponed.get(id) ?? []);
    // What is paid now (a later table re-sets a decree's figure), or from the decree's TMT when that is still ahead.
    const gaji = gajiDibayar(
      table,
      { golongan: basis.golongan, mkg: basis.mkg, gaji: basis.gaji, tmt: basis.decree.tmt },
      basis.decree.tmt > today ? basis.decree.tmt : today,
      persenGaji(status),
    );
    // tmt_awal_kgb: the step rule's date less two years (domain cycleAnchor), which the due list's index reads.
    const tmtAwal = cycleAnchor(basis, table);
    await db
      .update(guru)
      .set({
        golongan: basis.golongan,
        mkg_tahun: basis.mkg.tahun,
        mkg_bulan: basis.mkg.bulan,
        gaji_pokok: gaji,
        tgl_kgb_terakhir: basis.lastKgbTmt,
        tmt_awal_kgb: tmtAwal,
        kgb_tunda_bulan: tunda,
        updated_at: now,
      })
      .where(eq(guru.id, id));
  }
}

/**
 * The version of the KGB rules the profiles were last derived with. Raised when a rule that the
 * derived columns depend on changes (2: the step rule for every decree, postponements counted after
 * the last KGB only, the salary paid now): at start, every teacher with a verified decree is derived
 * again, once (`resyncOnce`).
 */
export const KGB_RULES_VERSION = 2;

/**
 * Derives every teacher's profile from the record again when the rules changed since it was last
 * done, in batches (each its own transaction), and records the version. Safe to run twice (the
 * result is the same), so two processes starting together do no harm. Answers the teachers done.
 */
export async function resyncOnce(db: Db, now: Date, zona: string, batch = 500): Promise<number> {
  const [row] = await db.select().from(pengaturan).where(eq(pengaturan.kunci, 'kgb_aturan'));
  if (((row?.nilai as { versi?: number } | undefined)?.versi ?? 1) >= KGB_RULES_VERSION) return 0;
  let done = 0;
  for (let after = 0; ;) {
    const ids = rowsOf<{ id: number }>(
      await db.execute(
        sql`select id from guru where id > ${after} and golongan is not null order by id limit ${batch}`,
      ),
    );
    if (!ids.length) break;
    await db.transaction(async (tx) =>
      syncTeachersFromRecord(
        tx as unknown as Db,
        ids.map((r) => Number(r.id)),
        now,
        zona,
      ),
    );
    done += ids.length;
    after = Number(ids.at(-1)!.id);
  }
  const nilai = { versi: KGB_RULES_VERSION };
  await db
    .insert(pengaturan)
    .values({ kunci: 'kgb_aturan', nilai })
    .onConflictDoUpdate({ target: pengaturan.kunci, set: { nilai } });
  return done;
}
