import type { Db } from '../../db/client.ts';
import {
  DOKUMEN_KP,
  KP_MSG,
  type KpItem,
  type KpRingkasan,
  type KpSyarat,
  type KpUsulan,
  type KpUsulanRow,
  type StatusUsulKp,
  type TetapkanBody,
} from '#contract/kenaikan-pangkat.ts';
import type { Page } from '#contract/paging.ts';
import { namaLengkap } from '#contract/guru-values.ts';
import { errors } from '../../lib/errors.ts';
import { cappedPage } from '../../lib/capped-count.ts';
import { SEARCH_COUNT_CAP } from '../guru/guru.repository.ts';
import { basisFromDecrees } from '../../domain/kgb.ts';
import {
  MASA_MINIMAL_BULAN,
  TAHUN_SKP_DINILAI,
  mkgKenaikanPangkat,
  periodeBerlaku,
  periodeSah,
  syaratKenaikanPangkat,
} from '../../domain/kenaikan-pangkat.ts';
import { decreesOfMany, syncTeacherFromRecord } from '../guru/record-basis.ts';
import { notifikasiRepository } from '../notifikasi/notifikasi.repository.ts';
import {
  kenaikanPangkatRepository,
  type KandidatRow,
  type KpRecord,
  type WindowFilter,
} from './kenaikan-pangkat.repository.ts';
import { usulanRepository, type UsulanGuruRow } from './usulan.repository.ts';

export const KP_PAGE_SIZE = 25;
/** Rows counted at most for a list's total (capped counts, like the teacher list). */
export const KP_COUNT_CAP = 5_000;
/** Window rows evaluated at most to fill one page of a result filter (memenuhi/belum). */
export const KP_SCAN_CAP = 5_000;

/**
 * Window rows read per round by a result filter: a first round of four pages' worth (a third to a
 * half of a province's window meets the conditions, so it usually fills the page alone), then
 * larger rounds.
 */
const FIRST_SCAN_BATCH = 4 * KP_PAGE_SIZE;
const SCAN_BATCH = 250;

export interface ListFilter {
  periode: string;
  page: number;
  cari: string;
  bp: string;
  status: string;
  npsn?: string;
}

/** Rank promotion: the period list, one teacher's result, proposal batches and their decisions. */
/** `zona`: the office's zone (AppDeps.waktu), for the profile a decided promotion derives. */
export function kenaikanPangkatService(db: Db, opts: { retirementAge: number; zona: () => string }) {
  const repo = kenaikanPangkatRepository(db);
  const usulan = usulanRepository(db);
  const notices = notifikasiRepository(db);

  function evaluate(row: KandidatRow, rec: KpRecord, periode: string): KpSyarat {
    return syaratKenaikanPangkat(
      {
        statusGuru: row.status_guru,
        tglLahir: row.tgl_lahir,
        retirementAge: opts.retirementAge,
        pangkat: rec.pangkat,
        pendidikan: rec.pendidikan,
        penilaian: rec.penilaian,
        hukdis: rec.hukdis,
        pak: rec.pak,
      },
      periode,
    );
  }

  async function itemsOf(rows: KandidatRow[], periode: string): Promise<KpItem[]> {
    const ids = rows.map((r) => r.id);
    const records = await repo.records(ids, new Map(rows.map((r) => [r.id, r.pendidikan_terakhir])));
    const usul = await repo.usulOf(periode, ids);
    return rows.map((r) => {
      const rec = records.get(r.id)!;
      return {
        id: r.id,
        nip: r.nip,
        nama: r.nama,
        sekolah: { nama_sekolah: r.nama_sekolah, npsn: r.npsn },
        pendidikan: rec.pendidikan,
        tmt_pangkat: rec.pangkat?.tmt ?? null,
        syarat: evaluate(r, rec, periode),
        usul: usul.get(r.id) ?? null,
      };
    });
  }

  const windowOf = (f: ListFilter, today: string): WindowFilter => {
    const usul =
      f.status === 'belum_diusulkan'
        ? 'none'
        : f.status === 'memenuhi' || f.status === 'belum'
          ? ''
          : (f.status as StatusUsulKp | '');
    return {
      periode: f.periode,
      today,
      retirementAge: opts.retirementAge,
      minMonths: MASA_MINIMAL_BULAN,
      npsn: f.npsn,
      bp: f.bp,
      cari: f.cari,
      usul,
    };
  };

  const skpYears = (periode: string) => {
    const y = Number(periode.slice(0, 4));
    return Array.from({ length: TAHUN_SKP_DINILAI }, (_, i) => y - TAHUN_SKP_DINILAI + i);
  };

  return {
    /**
     * A page of the period's window in name order, each teacher with the rule's result. A result
     * filter (memenuhi / belum) evaluates the window in name order until the page is full, at most
     * KP_SCAN_CAP teachers (then the total says "more").
     */
    async list(f: ListFilter, today: string): Promise<Page<KpItem>> {
      const w = windowOf(f, today);
      if (f.status !== 'memenuhi' && f.status !== 'belum') {
        const limit = Math.max(KP_COUNT_CAP, (f.page + 9) * KP_PAGE_SIZE);
        const { rows, ...count } = await repo.windowPage(
          w,
          (f.page - 1) * KP_PAGE_SIZE,
          KP_PAGE_SIZE,
          limit,
          SEARCH_COUNT_CAP,
        );
        return cappedPage({ rows: await itemsOf(rows, f.periode), ...count }, f.page, KP_PAGE_SIZE);
      }
      const want = f.status === 'memenuhi';
      const skip = (f.page - 1) * KP_PAGE_SIZE;
      const found: KpItem[] = [];
      let matched = 0;
      let scanned = 0;
      let exhausted = false;
      while (found.length < KP_PAGE_SIZE && scanned < KP_SCAN_CAP) {
        const size = scanned ? SCAN_BATCH : FIRST_SCAN_BATCH;
        const batch = await repo.window(w, scanned, size);
        scanned += batch.length;
        for (const item of await itemsOf(batch, f.periode)) {
          if (item.syarat.memenuhi !== want) continue;
          if (matched++ >= skip && found.length < KP_PAGE_SIZE) found.push(item);
        }
        if (batch.length < size) {
          exhausted = true;
          break;
        }
      }
      return cappedPage({ rows: found, total: matched, more: !exhausted }, f.page, KP_PAGE_SIZE);
    },

    /** Counts of a period for the page header and the dashboard card. */
    async ringkasan(periode: string, today: string, npsn?: string): Promise<KpRingkasan> {
      const w: WindowFilter = {
        periode,
        today,
        retirementAge: opts.retirementAge,
        minMonths: MASA_MINIMAL_BULAN,
        npsn,
      };
      // Counted to KP_COUNT_CAP like the teacher list: a province's window is tens of thousands.
      const [kandidat, skpKurang, states] = [
        await repo.count(w, KP_COUNT_CAP),
        await repo.countSkpKurang(w, skpYears(periode), KP_COUNT_CAP),
        await repo.stateCounts(periode, npsn),
      ];
      return {
        periode,
        periode_sah: periodeSah(periode),
        periode_keterangan: periodeBerlaku(periode),
        kandidat: kandidat.total,
        kandidat_lebih: kandidat.more,
        skp_kurang: skpKurang.total,
        skp_kurang_lebih: skpKurang.more,
        diusulkan: states.diusulkan ?? 0,
        bts: states.bts ?? 0,
        tms: states.tms ?? 0,
        ditetapkan: states.ditetapkan ?? 0,
      };
    },

    /** One teacher's result for a period (the teacher's detail page). */
    async forTeacher(guruId: number, periode: string): Promise<KpItem | null> {
      const rows = await repo.teachers([guruId]);
      if (!rows.length) return null;
      return (await itemsOf(rows, periode))[0]!;
    },

    /**
     * A proposal batch: every chosen teacher must meet the conditions now; one already proposed in
     * the period is refused (409). The checklist starts from what the record shows.
     */
    async propose(
      body: { periode: string; nomor_surat: string; tanggal_surat: string; guru_ids: number[] },
      userId: number,
    ): Promise<KpUsulan> {
      if (!periodeSah(body.periode))
        throw errors.validation({ periode: KP_MSG.notPeriod(periodeBerlaku(body.periode)) });
      const ids = [...new Set(body.guru_ids)];
      const rows = await repo.teachers(ids);
      if (rows.length !== ids.length) throw errors.notFound('Guru tidak ditemukan atau tidak aktif');
      const items = await itemsOf(rows, body.periode);
      const notEligible = items.filter((i) => !i.syarat.memenuhi);
      if (notEligible.length)
        throw errors.validation({ guru_ids: KP_MSG.notEligible(notEligible.map((i) => i.nama).join(', ')) });
      const already = items.filter((i) => i.usul);
      if (already.length)
        throw errors.conflict('kp.already_proposed', KP_MSG.alreadyProposed(already.map((i) => i.nama).join(', ')));
      const batch = await usulan.insertBatch({
        periode: `${body.periode}-01`,
        nomor_surat: body.nomor_surat,
        tanggal_surat: body.tanggal_surat,
        dibuat_oleh: userId,
      });
      const values = [];
      for (const i of items) {
        const dokumen: Record<string, boolean> = { sk_pangkat: !!i.tmt_pangkat, skp: false };
        if (i.syarat.jalur === 'fungsional') dokumen.pak = false;
        if (i.tmt_pangkat && (await repo.ijazahSetelah(i.id, i.tmt_pangkat))) dokumen.ijazah = false;
        values.push({
          usulan_id: batch.id,
          guru_id: i.id,
          periode: batch.periode,
          golongan_lama: i.syarat.golongan!,
          golongan_baru: i.syarat.golongan_baru!,
          dokumen,
        });
      }
      const records = await repo.records(ids, new Map());
      for (const v of values) {
        const rec = records.get(v.guru_id)!;
        const years = skpYears(body.periode);
        // The ratings' documents are uploaded with the records: the checklist shows whether they are.
        v.dokumen.skp = years.every((y) =>
          rec.penilaian.some((p) => p.tahun === y && p.periode === 'Tahunan' && p.terverifikasi && p.berkas),
        );
      }
      const added = await usulan.insertTeachers(values);
      // Another officer proposed one of them in the meantime: the unique index kept them out.
      if (added.length !== values.length)
        throw errors.conflict(
          'kp.already_proposed',
          KP_MSG.alreadyProposed(
            items
              .filter((i) => !added.includes(i.id))
              .map((i) => i.nama)
              .join(', '),
          ),
        );
      return (await this.batch(batch.id))!;
    },

    async batches(periode: string): Promise<KpUsulan[]> {
      const list = await usulan.batchesOf(periode);
      const teachers = await usulan.teachersOf(list.map((b) => b.id));
      return Promise.all(
        list.map((b) =>
          toBatch(
            b,
            teachers.filter((t) => t.u.usulan_id === b.id),
          ),
        ),
      );
    },

    async batch(id: number): Promise<KpUsulan | null> {
      const b = await usulan.batch(id);
      if (!b) return null;
      return toBatch(b, await usulan.teachersOf([b.id]));
    },

    /** BTS (returned for correction) or TMS with its reason, or back to proposed; the school is told of a BTS. */
    async setStatus(
      id: number,
      status: 'diusulkan' | 'bts' | 'tms',
      alasan: string | undefined,
      now: Date,
    ): Promise<UsulanGuruRow> {
      const current = await usulan.one(id);
      if (!current) throw errors.notFound();
      if (current.status === 'ditetapkan') throw errors.conflict('kp.decided', KP_MSG.alreadyDecided);
      const row = await usulan.setStatus(id, {
        status,
        alasan: status === 'diusulkan' ? null : (alasan ?? null),
        updated_at: now,
      });
      if (!row) throw errors.conflict('kp.decided', KP_MSG.alreadyDecided);
      if (status === 'bts') {
        await notices.toTeachersSchool(
          row.guru_id,
          {
            jenis: 'kp_bts',
            judul: `Usul kenaikan pangkat ke ${row.golongan_baru} dikembalikan untuk perbaikan`,
            isi: `Alasan: ${alasan}. Lengkapi data atau dokumen di riwayat guru; Dinas akan mengusulkan kembali.`,
          },
          now,
        );
      }
      return row;
    },

    async setDokumen(id: number, dokumen: Record<string, boolean | undefined>, now: Date): Promise<UsulanGuruRow> {
      const current = await usulan.one(id);
      if (!current) throw errors.notFound();
      const next = { ...current.dokumen };
      for (const d of DOKUMEN_KP) if (dokumen[d.key] !== undefined) next[d.key] = dokumen[d.key]!;
      return (await usulan.setDokumen(id, next, now))!;
    },

    /**
     * BKN's decision: the SK is written as a verified Kepangkatan row of the new golongan (which
     * moves the KGB basis: the profile is re-derived from the record), and the proposal is decided.
     */
    async decide(id: number, sk: TetapkanBody, now: Date): Promise<UsulanGuruRow> {
      const current = await usulan.one(id);
      if (!current) throw errors.notFound();
      if (current.status === 'ditetapkan') throw errors.conflict('kp.decided', KP_MSG.alreadyDecided);
      if (current.status !== 'diusulkan') throw errors.conflict('kp.not_decidable', KP_MSG.notDecidable);
      if (sk.sk_tmt < current.periode) throw errors.validation({ sk_tmt: KP_MSG.tmtBeforePeriod });
      const claimed = await usulan.claimForDecision(
        id,
        { sk_nomor: sk.sk_nomor, sk_tanggal: sk.sk_tanggal, sk_tmt: sk.sk_tmt, sk_pejabat: sk.sk_pejabat },
        now,
      );
      if (!claimed) throw errors.conflict('kp.decided', KP_MSG.alreadyDecided);
      const riwId = await usulan.insertPangkat({
        guru_id: claimed.guru_id,
        golongan: claimed.golongan_baru,
        riw_pangkat_sk: sk.sk_nomor,
        riw_pangkat_sktgl: sk.sk_tanggal,
        riw_pangkat_pejabat: sk.sk_pejabat,
        riw_pangkat_thn: sk.mkg_tahun,
        riw_pangkat_bln: sk.mkg_bulan,
        riw_pangkat_tmt: sk.sk_tmt,
      });
      await usulan.linkPangkat(id, riwId);
      await syncTeacherFromRecord(db, claimed.guru_id, now, opts.zona());
      return { ...claimed, riw_pangkat_id: riwId };
    },

    /** The proposal row (for access checks and answers). */
    one: (id: number) => usulan.one(id),
  };

  async function toBatch(
    b: { id: number; periode: string; nomor_surat: string; tanggal_surat: string; created_at: Date },
    rows: Awaited<ReturnType<typeof usulan.teachersOf>>,
  ): Promise<KpUsulan> {
    const decrees = await decreesOfMany(
      db,
      rows.map((r) => r.u.guru_id),
    );
    const guru: KpUsulanRow[] = rows.map((r) => {
      const basis = basisFromDecrees(decrees.get(r.u.guru_id) ?? []);
      return {
        id: r.u.id,
        usulan_id: r.u.usulan_id,
        nomor_surat: b.nomor_surat,
        status: r.u.status as StatusUsulKp,
        alasan: r.u.alasan,
        golongan_lama: r.u.golongan_lama,
        golongan_baru: r.u.golongan_baru,
        dokumen: r.u.dokumen,
        sk_nomor: r.u.sk_nomor,
        sk_tanggal: r.u.sk_tanggal,
        sk_tmt: r.u.sk_tmt,
        sk_pejabat: r.u.sk_pejabat,
        guru_id: r.u.guru_id,
        nip: r.nip,
        nama: namaLengkap(r),
        nama_sekolah: r.nama_sekolah,
        pendidikan: r.pendidikan_terakhir,
        tmt_pangkat: r.kp_tmt,
        mkg_usul:
          basis && r.u.status !== 'ditetapkan'
            ? mkgKenaikanPangkat(
                { tmt: basis.decree.tmt, mkg: basis.mkg },
                r.u.golongan_lama,
                r.u.golongan_baru,
                b.periode,
              )
            : null,
      };
    });
    return {
      id: b.id,
      periode: b.periode.slice(0, 7),
      nomor_surat: b.nomor_surat,
      tanggal_surat: b.tanggal_surat,
      created_at: b.created_at.toISOString(),
      jumlah: guru.length,
      guru,
    };
  }
}

export type KenaikanPangkatService = ReturnType<typeof kenaikanPangkatService>;
