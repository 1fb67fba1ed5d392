import { and, eq, inArray, isNotNull } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { gajiPokokTabel, guru, kgbPenundaan } from '../../db/schema/index.ts';
import { recordTableOf } from '../../db/schema/riwayat.ts';
import { basisFromDecrees, cycleAnchor, persenGaji, salaryOn, tundaBulan, type Decree, type Postponement } from '../../domain/kgb.ts';

// The teacher's salary-setting decrees (issue 22.1): verified KGB, rank and PMK rows of the record. The
// KGB letter is planned from them, and the profile's golongan, MKG, salary and last KGB date are
// kept equal to them (derived, not typed), so the due list can still read those columns from its
// index.

/** The verified decrees that set the teacher's basic salary, in no particular order. */
export async function decreesOf(db: Db, guruId: number): Promise<Decree[]> {
  return (await decreesOfMany(db, [guruId])).get(guruId) ?? [];
}

/** The same for several teachers at once (a page of the due list): two queries in all. */
export async function decreesOfMany(db: Db, guruIds: number[]): Promise<Map<number, Decree[]>> {
  const out = new Map<number, Decree[]>(guruIds.map((id) => [id, []]));
  if (!guruIds.length) return out;
  const kgb = recordTableOf('riwkgb');
  const pangkat = recordTableOf('riwpangkat');
  const kgbRows = await db.select().from(kgb).where(and(inArray(kgb.guru_id, guruIds), eq(kgb.status, 1), isNotNull(kgb.ttgl_kgb), isNotNull(kgb.gol_kgb)));
  const pangkatRows = await db.select().from(pangkat).where(and(inArray(pangkat.guru_id, guruIds), eq(pangkat.status, 1)));
  const pmk = recordTableOf('riwpmk');
  const pmkRows = await db.select().from(pmk).where(and(inArray(pmk.guru_id, guruIds), eq(pmk.status, 1)));
  for (const r of kgbRows) {
    out.get(r.guru_id as number)!.push({
      kind: 'kgb',
      id: r.id as number,
      tmt: r.ttgl_kgb as string,
      golongan: r.gol_kgb as string,
      mkg: { tahun: (r.mkg_tahun as number | null) ?? 0, bulan: (r.mkg_bulan as number | null) ?? 0 },
      gaji: (r.gpl_kgb as number | null) ?? null,
      nomor: String(r.nosk_kgb ?? r.no_kgb),
      tanggal: (r.tglsk_kgb as string | null) ?? null,
      // The KGB history form has no signer field: the office that issues KGB letters.
      pejabat: 'Kepala Dinas Pendidikan',
    });
  }
  for (const r of pangkatRows) {
    out.get(r.guru_id as number)!.push({
      kind: 'pangkat',
      id: r.id as number,
      tmt: r.riw_pangkat_tmt as string,
      golongan: r.golongan as string,
      mkg: { tahun: (r.riw_pangkat_thn as number | null) ?? 0, bulan: (r.riw_pangkat_bln as number | null) ?? 0 },
      gaji: null,
      nomor: String(r.riw_pangkat_sk),
      tanggal: (r.riw_pangkat_sktgl as string | null) ?? null,
      pejabat: String(r.riw_pangkat_pejabat),
    });
  }
  // A service-credit review (PMK): the MKG and salary it states; the KGB cycle is not moved.
  for (const r of pmkRows) {
    out.get(r.guru_id as number)!.push({
      kind: 'pmk',
      id: r.id as number,
      tmt: r.pmk_tmt as string,
      golongan: r.golongan as string,
      mkg: { tahun: (r.pmk_thn as number | null) ?? 0, bulan: (r.pmk_bln as number | null) ?? 0 },
      gaji: (r.pmk_gaji as number | null) ?? null,
      nomor: String(r.pmk_sk),
      tanggal: (r.pmk_sktgl as string | null) ?? null,
      pejabat: String(r.pmk_pejabat),
    });
  }
  return out;
}

/**
 * Sets the profile's golongan, MKG, basic salary and last KGB date from the record. Called in the
 * same transaction as every change of a salary-setting decree (create, edit, verify, delete, a
 * signed letter). A teacher without a verified decree keeps what was typed or imported; the
 * data-quality page lists such teachers.
 */
/** The teacher's KGB postponements (penundaan), oldest first. */
export async function postponementsOf(db: Db, guruId: number): Promise<(Postponement & { id: number; alasan: string; nomorSk: string | null; createdAt: Date })[]> {
  return db
    .select({ id: kgbPenundaan.id, tmtSemula: kgbPenundaan.tmtSemula, bulan: kgbPenundaan.bulan, alasan: kgbPenundaan.alasan, nomorSk: kgbPenundaan.nomorSk, createdAt: kgbPenundaan.createdAt })
    .from(kgbPenundaan)
    .where(eq(kgbPenundaan.guruId, guruId))
    .orderBy(kgbPenundaan.tmtSemula);
}

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
    gaji = tabel === undefined ? null : Math.round((tabel * persenGaji(status)) / 100);
  }
  // tmt_awal_kgb: where the next KGB counts from when not the last KGB (a PMK, a PPPK's appointment).
  const tmtAwal = cycleAnchor(status, basis, steps);
  await db
    .update(guru)
    .set({ golongan: basis.golongan, mkg_tahun: basis.mkg.tahun, mkg_bulan: basis.mkg.bulan, gaji_pokok: gaji, tgl_kgb_terakhir: basis.lastKgbTmt, tmt_awal_kgb: tmtAwal, kgb_tunda_bulan: tunda, updated_at: now })
    .where(eq(guru.id, guruId));
}
