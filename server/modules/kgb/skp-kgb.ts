import { inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { recordTableOf } from '../../db/schema/riwayat.ts';
import type { KgbDueItem } from '#contract/kgb.ts';
import { skpDiBawahBaik, tahunSkpKgb, type Penilaian } from '../../domain/kenaikan-pangkat.ts';

/**
 * The KGB due list's note on performance ratings: where a verified annual rating below Baik exists
 * for the years the increase covers, the item says so (PP 7/1977 conditions; the rule is
 * skpDiBawahBaik in server/domain/kenaikan-pangkat.ts), instead of the list implying that every
 * condition is met. One query for the page.
 */
export async function withCatatanSkp(db: Db, items: KgbDueItem[]): Promise<KgbDueItem[]> {
  if (!items.length) return items;
  const byGuru = await ratingsOf(
    db,
    items.map((i) => i.id),
  );
  return items.map((i) => ({ ...i, catatan_skp: catatanOf(byGuru.get(i.id) ?? [], i.tmt_kgb) }));
}

/** The same note for one teacher's next KGB (the letter page, before the letter is verified). */
export async function catatanSkp(db: Db, guruId: number, tmt: string): Promise<string | null> {
  return catatanOf((await ratingsOf(db, [guruId])).get(guruId) ?? [], tmt);
}

function catatanOf(penilaian: Penilaian[], tmt: string): string | null {
  const below = skpDiBawahBaik(penilaian, tahunSkpKgb(tmt));
  return below.length
    ? `Predikat SKP ${below.map((b) => `${b.tahun}: ${b.predikat}`).join(', ')} (di bawah Baik): periksa syarat KGB sebelum surat dibuat`
    : null;
}

async function ratingsOf(db: Db, ids: number[]): Promise<Map<number, Penilaian[]>> {
  const skp = recordTableOf('riwskp');
  const rows = await db
    .select({
      guru_id: skp.guru_id,
      tahun: skp.tahun,
      periode: skp.periode,
      predikat: skp.predikat,
      status: skp.status,
    })
    .from(skp)
    .where(inArray(skp.guru_id, ids));
  const byGuru = new Map<number, Penilaian[]>();
  for (const r of rows) {
    if (r.tahun == null || !r.predikat) continue;
    byGuru.set(r.guru_id as number, [
      ...(byGuru.get(r.guru_id as number) ?? []),
      {
        tahun: r.tahun as number,
        periode: r.periode as string,
        predikat: r.predikat as Penilaian['predikat'],
        terverifikasi: r.status === 1,
      },
    ]);
  }
  return byGuru;
}
