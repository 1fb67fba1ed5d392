import { and, eq, inArray, isNotNull } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { gajiPokokTabel, guru, kgbPenundaan } from '../../db/schema/index.ts';
import { recordTableOf } from '../../db/schema/riwayat.ts';
import type { RecordKindKey } from '#contract/riwayat.ts';
import { applyPersen, basisFromDecrees, cycleAnchor, persenGaji, salaryOn, tundaBulan, type Decree, type Postponement } from '../../domain/kgb.ts';

// The teacher's salary-setting decrees (issue 22.1): verified KGB, rank and PMK rows of the record. The
// KGB letter is planned from them, and the profile's golongan, MKG, salary and last KGB date are
// kept equal to them (derived, not typed), so the due list can still read those columns from its
// index.

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
  /** The signer's column, or the signer itself when the form has no such field. */
  pejabat: { column: string } | { fixed: string };
}

const SOURCES: DecreeSource[] = [
  // The KGB history form has no signer field: the office that issues KGB letters.
  { kind: 'kgb', key: 'riwkgb', tmt: 'ttgl_kgb', golongan: 'gol_kgb', tahun: 'mkg_tahun', bulan: 'mkg_bulan', gaji: 'gpl_kgb', nomor: ['nosk_kgb', 'no_kgb'], tanggal: 'tglsk_kgb', pejabat: { fixed: 'Kepala Dinas Pendidikan' } },
  { kind: 'pangkat', key: 'riwpangkat', tmt: 'riw_pangkat_tmt', golongan: 'golongan', tahun: 'riw_pangkat_thn', bulan: 'riw_pangkat_bln', nomor: ['riw_pangkat_sk'], tanggal: 'riw_pangkat_sktgl', pejabat: { column: 'riw_pangkat_pejabat' } },
  // A PMK states the MKG and salary it gives; the KGB then falls at the table's next step.
  { kind: 'pmk', key: 'riwpmk', tmt: 'pmk_tmt', golongan: 'golongan', tahun: 'pmk_thn', bulan: 'pmk_bln', gaji: 'pmk_gaji', nomor: ['pmk_sk'], tanggal: 'pmk_sktgl', pejabat: { column: 'pmk_pejabat' } },
];

/** The same for several teachers at once (a page of the due list): one query per decree kind. */
export async function decreesOfMany(db: Db, guruIds: number[]): Promise<Map<number, Decree[]>> {
  const out = new Map<number, Decree[]>(guruIds.map((id) => [id, []]));
  if (!guruIds.length) return out;
  for (const src of SOURCES) {
    const table = recordTableOf(src.key);
    const rows = await db.select().from(table).where(and(inArray(table.guru_id, guruIds), eq(table.status, 1), isNotNull(table[src.tmt]), isNotNull(table[src.golongan])));
    for (const r of rows) {
      const num = (column: string) => (r[column] as number | null) ?? null;
      out.get(r.guru_id as number)!.push({
        kind: src.kind,
        id: r.id as number,
        tmt: r[src.tmt] as string,
        golongan: r[src.golongan] as string,
        mkg: { tahun: num(src.tahun) ?? 0, bulan: num(src.bulan) ?? 0 },
        gaji: src.gaji ? num(src.gaji) : null,
        nomor: String(src.nomor.map((c) => r[c]).find((v) => v != null)),
        tanggal: (r[src.tanggal] as string | null) ?? null,
        pejabat: 'fixed' in src.pejabat ? src.pejabat.fixed : String(r[src.pejabat.column]),
      });
    }
  }
  return out;
}

/** The teacher's KGB postponements (penundaan), oldest first. */
export async function postponementsOf(db: Db, guruId: number): Promise<(Postponement & { id: number; alasan: string; nomorSk: string | null; createdAt: Date })[]> {
  return db
    .select({ id: kgbPenundaan.id, tmtSemula: kgbPenundaan.tmtSemula, bulan: kgbPenundaan.bulan, alasan: kgbPenundaan.alasan, nomorSk: kgbPenundaan.nomorSk, createdAt: kgbPenundaan.createdAt })
    .from(kgbPenundaan)
    .where(eq(kgbPenundaan.guruId, guruId))
    .orderBy(kgbPenundaan.tmtSemula);
}

/**
 * Sets the profile's golongan, MKG, basic salary and last KGB date from the record. Called in the
 * same transaction as every change of a salary-setting decree (create, edit, verify, delete, a
 * signed letter). A teacher without a verified decree keeps what was typed or imported; the
 * data-quality page lists such teachers.
 */
export async function syncTeacherFromRecord(db: Db, guruId: number, now: Date): Promise<void> {
  const basis = basisFromDecrees(await decreesOf(db, guruId));
  if (!basis) return;
  const [teacher] = await db.select({ status: guru.status_guru }).from(guru).where(eq(guru.id, guruId));
  const status = teacher?.status ?? null;
  const tunda = tundaBulan(basis.lastKgbTmt, await postponementsOf(db, guruId));
  const steps = await db
    .select({ regulasi: gajiPokokTabel.regulasi, berlakuMulai: gajiPokokTabel.berlakuMulai, golongan: gajiPokokTabel.golongan, mkg: gajiPokokTabel.mkg, gaji: gajiPokokTabel.gaji })
    .from(gajiPokokTabel)
    .where(eq(gajiPokokTabel.golongan, basis.golongan));
  let gaji = basis.gaji;
  if (gaji == null) {
    const tabel = salaryOn(steps, basis.golongan, basis.mkg.tahun, basis.decree.tmt)?.gaji;
    gaji = tabel === undefined ? null : applyPersen(tabel, persenGaji(status));
  }
  // tmt_awal_kgb: where the next KGB counts from when not the last KGB (a PMK, a PPPK's appointment).
  const tmtAwal = cycleAnchor(status, basis, steps);
  await db
    .update(guru)
    .set({ golongan: basis.golongan, mkg_tahun: basis.mkg.tahun, mkg_bulan: basis.mkg.bulan, gaji_pokok: gaji, tgl_kgb_terakhir: basis.lastKgbTmt, tmt_awal_kgb: tmtAwal, kgb_tunda_bulan: tunda, updated_at: now })
    .where(eq(guru.id, guruId));
}
