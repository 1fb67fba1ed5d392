import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { guru, kpUsulan, kpUsulanGuru, sekolah } from '../../db/schema/index.ts';
import { recordTableOf } from '../../db/schema/riwayat.ts';
import { namaGuruColumns } from '../guru/guru.repository.ts';

export type UsulanRow = typeof kpUsulan.$inferSelect;
export type UsulanGuruRow = typeof kpUsulanGuru.$inferSelect;

/** SQL of proposal batches and their teachers' states. */
export function usulanRepository(db: Db) {
  const pangkat = recordTableOf('riwpangkat');
  return {
    async insertBatch(values: {
      periode: string;
      nomor_surat: string;
      tanggal_surat: string;
      dibuat_oleh: number;
    }): Promise<UsulanRow> {
      const [row] = await db.insert(kpUsulan).values(values).returning();
      return row!;
    },

    /** Adds the teachers; a teacher already in a proposal of the period is left out (unique index), and named in the answer. */
    async insertTeachers(rows: (typeof kpUsulanGuru.$inferInsert)[]): Promise<number[]> {
      if (!rows.length) return [];
      const added = await db
        .insert(kpUsulanGuru)
        .values(rows)
        .onConflictDoNothing({ target: [kpUsulanGuru.guru_id, kpUsulanGuru.periode] })
        .returning({ guru_id: kpUsulanGuru.guru_id });
      return added.map((r) => r.guru_id);
    },

    async batchesOf(periode: string): Promise<UsulanRow[]> {
      return db
        .select()
        .from(kpUsulan)
        .where(eq(kpUsulan.periode, `${periode}-01`))
        .orderBy(desc(kpUsulan.id));
    },

    async batch(id: number): Promise<UsulanRow | undefined> {
      const [row] = await db.select().from(kpUsulan).where(eq(kpUsulan.id, id));
      return row;
    },

    /** A batch's teachers with their names and schools, in list order. */
    async teachersOf(usulanIds: number[]) {
      if (!usulanIds.length) return [];
      return db
        .select({
          u: kpUsulanGuru,
          ...namaGuruColumns,
          pendidikan_terakhir: guru.pendidikan_terakhir,
          nama_sekolah: sekolah.namaSekolah,
          kp_tmt: guru.kp_tmt,
          tgl_lahir: guru.tgl_lahir,
        })
        .from(kpUsulanGuru)
        .innerJoin(guru, eq(guru.id, kpUsulanGuru.guru_id))
        .leftJoin(sekolah, eq(sekolah.id, guru.sekolah_id))
        .where(inArray(kpUsulanGuru.usulan_id, usulanIds))
        .orderBy(asc(guru.nama), asc(guru.id));
    },

    async one(id: number): Promise<UsulanGuruRow | undefined> {
      const [row] = await db.select().from(kpUsulanGuru).where(eq(kpUsulanGuru.id, id));
      return row;
    },

    /** Changes the state unless it was decided meanwhile; answers the row, or undefined. */
    async setStatus(
      id: number,
      values: { status: string; alasan: string | null; updated_at: Date },
    ): Promise<UsulanGuruRow | undefined> {
      const [row] = await db
        .update(kpUsulanGuru)
        .set(values)
        .where(and(eq(kpUsulanGuru.id, id), sql`${kpUsulanGuru.status} <> 'ditetapkan'`))
        .returning();
      return row;
    },

    async setDokumen(id: number, dokumen: Record<string, boolean>, now: Date): Promise<UsulanGuruRow | undefined> {
      const [row] = await db
        .update(kpUsulanGuru)
        .set({ dokumen, updated_at: now })
        .where(eq(kpUsulanGuru.id, id))
        .returning();
      return row;
    },

    /**
     * Claims a proposed row for the decision: one conditional update, so of two officers deciding
     * the same proposal at once exactly one gets the row (the other waits on its lock, then finds
     * it decided).
     */
    async claimForDecision(
      id: number,
      sk: { sk_nomor: string; sk_tanggal: string; sk_tmt: string; sk_pejabat: string },
      now: Date,
    ): Promise<UsulanGuruRow | undefined> {
      const [row] = await db
        .update(kpUsulanGuru)
        .set({ ...sk, status: 'ditetapkan', alasan: null, updated_at: now })
        .where(and(eq(kpUsulanGuru.id, id), eq(kpUsulanGuru.status, 'diusulkan')))
        .returning();
      return row;
    },

    /** The verified Kepangkatan row a decision writes. */
    async insertPangkat(values: {
      guru_id: number;
      golongan: string;
      riw_pangkat_sk: string;
      riw_pangkat_sktgl: string;
      riw_pangkat_pejabat: string;
      riw_pangkat_thn: number;
      riw_pangkat_bln: number;
      riw_pangkat_tmt: string;
    }): Promise<number> {
      const [row] = await db
        .insert(pangkat)
        .values({ ...values, status: 1 })
        .returning({ id: pangkat.id });
      return row!.id as number;
    },

    async linkPangkat(id: number, riwPangkatId: number): Promise<void> {
      await db.update(kpUsulanGuru).set({ riw_pangkat_id: riwPangkatId }).where(eq(kpUsulanGuru.id, id));
    },
  };
}

export type UsulanRepository = ReturnType<typeof usulanRepository>;
