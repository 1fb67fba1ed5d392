import { nextTurn } from '../../lib/turn.ts';
import {
  IMPOR_TUGAS_BATCH,
  IMPOR_TUGAS_LAPORAN_MAX,
  IMPOR_TUGAS_MSG,
  npsnOfFileName,
  type ImporTugas,
  type ImporTugasLaporan,
  type StatusImporTugas,
} from '#contract/impor.ts';
import type { Db } from '../../db/client.ts';
import { runInRequestScope, type AuditActor } from '../../db/request-context.ts';
import { AppError, errors } from '../../lib/errors.ts';
import type { FileStore } from '../../lib/file-store.ts';
import { applyRows, checkRows, type ImporFile, type ImporRow } from './impor.service.ts';
import { lockImport } from './impor.repository.ts';
import { openImporStream } from './xlsx-stream.ts';
import {
  imporTugasRepository,
  type BatchProgress,
  type ImporTugasRow,
  type StoredBerkas,
} from './impor-tugas.repository.ts';

// The teacher import in the background (docs/domain/dapodik.md, "Impor besar"): the files of a
// province's schools at once, or a file of up to IMPOR_TUGAS_MAX_ROWS rows. Each file is read row
// by row (xlsx-stream.ts: guarded, never held whole, with no database connection held), twice: once
// to count its rows and the people it names, then to check and write them IMPOR_TUGAS_BATCH at a
// time, each batch in its own transaction under the import lock, together with the run's position.
// So a cancelled or interrupted run has written whole batches only, and goes on from the first one
// it had not.

/** A run whose progress has not moved for this long was stopped with its server. */
export const IMPOR_STALE_MS = 2 * 60_000;

/** NPSN in a file's name: one rule for the page's check and the server (contract/impor.ts). */
export { npsnOfFileName };

let door: ((batch: { berkas: number; baris: number }) => Promise<void>) | null = null;

/** For tests: every batch first awaits `hold` (null: none), so a test can stop a run between batches whatever the machine's speed. */
export function holdImportBatches(hold: typeof door): void {
  door = hold;
}

export interface ImporTugasDeps {
  db: Db;
  /** The write pool: each batch's transaction is opened on it. */
  writeDb: Db;
  files: FileStore;
  now: () => Date;
  /** A batch was written: the statistics caches are emptied. */
  onChanged: () => void;
  log: (err: unknown) => void;
  /**
   * Runs a claimed run somewhere else (a process of its own: server/lib/run-process.ts) instead of on this
   * server's event loop; absent, the run goes on here.
   */
  runElsewhere?: (runId: number, actor: AuditActor) => void;
}

const EMPTY = { dibuat: 0, diubah: 0, sama: 0, galat: 0, tendik: 0, konflik: 0 };

/** What the first reading of a file learns. */
interface FileSurvey extends Omit<ImporFile, 'rows'> {
  rows: number;
  nip: Set<string>;
  nuptk: Set<string>;
  nik: Set<string>;
  /** NPSN of the rows that carry one. */
  npsn: Set<string>;
}

export function toImporTugas(row: ImporTugasRow, now: Date): ImporTugas {
  const berkas = (row.berkas as StoredBerkas[]).map(({ key: _k, ...b }) => b);
  const stopped = row.status === 'berjalan' && now.getTime() - row.diperbarui.getTime() > IMPOR_STALE_MS;
  const known = berkas.every((b) => b.baris !== null);
  const laporan = row.laporan as unknown[];
  return {
    id: row.id,
    status: stopped ? 'terhenti' : (row.status as StatusImporTugas),
    berkas,
    posisi: { berkas: row.posisiBerkas, baris: row.posisiBaris },
    diproses: berkas.slice(0, row.posisiBerkas).reduce((n, b) => n + (b.baris ?? 0), 0) + row.posisiBaris,
    total: known ? berkas.reduce((n, b) => n + (b.baris ?? 0), 0) : null,
    ringkasan: {
      baru: row.dibuat,
      ubah: row.diubah,
      sama: row.sama,
      galat: row.galat,
      tendik: row.tendik,
      konflik: row.konflik,
    },
    laporan_lebih: laporan.length > IMPOR_TUGAS_LAPORAN_MAX,
    batal_diminta: row.batal,
    pesan: row.pesan,
    mulai: row.mulai.toISOString(),
    diperbarui: row.diperbarui.toISOString(),
    selesai: row.selesai ? row.selesai.toISOString() : null,
  };
}

export function imporTugasService(d: ImporTugasDeps) {
  // The run's row is written outside any request (the background, a manual-mode request): on the
  // write pool. A batch's position goes through `d.db`, the batch's own transaction.
  const repo = imporTugasRepository(d.writeDb);
  const inBatch = imporTugasRepository(d.db);

  /** One batch of a file: checked and written in one transaction with the run's new position. */
  async function writeBatch(
    run: number,
    file: ImporFile,
    nama: string,
    npsn: string | undefined,
    position: Omit<BatchProgress, 'counts' | 'laporan'>,
    actor: AuditActor,
  ): Promise<void> {
    return runInRequestScope(
      d.writeDb,
      d.files,
      'request',
      () => actor,
      false,
      async () => {
        await lockImport(d.db);
        const checked = await checkRows(d.db, file, npsn);
        const done = await applyRows(d.db, checked.rows, d.now());
        const count = (a: string) => checked.rows.filter((r) => r.aksi === a).length;
        const laporan: ImporTugasLaporan[] = [];
        for (const r of checked.rows) {
          if (r.aksi === 'galat')
            laporan.push({
              berkas: nama,
              baris: r.baris,
              nip: r.nip,
              nama: r.nama,
              aksi: 'galat',
              keterangan: r.masalah.map((m) => `${m.kolom}: ${m.pesan}`).join('; '),
            });
          else if (r.aksi === 'tendik')
            laporan.push({
              berkas: nama,
              baris: r.baris,
              nip: r.nip,
              nama: r.nama,
              aksi: 'tendik',
              keterangan: `Tenaga kependidikan (${r.jenis_ptk}); tidak diimpor sebagai guru`,
            });
          if (r.konflik?.length)
            laporan.push({
              berkas: nama,
              baris: r.baris,
              nip: r.nip,
              nama: r.nama,
              aksi: r.aksi,
              keterangan: r.konflik
                .map((k) => `${k.kolom}: ${k.lama ?? '-'} → ${k.baru ?? '-'} tidak diubah (${k.alasan})`)
                .join('; '),
            });
        }
        // A row checked as new or changed that another change overtook is counted as skipped (galat stays galat).
        const counts = {
          dibuat: done.dibuat,
          diubah: done.diperbarui,
          sama: count('sama'),
          galat: count('galat'),
          tendik: count('tendik'),
          konflik: checked.rows.filter((r) => r.konflik?.length).length,
        };
        await inBatch.progress(run, { ...position, counts, laporan }, d.now());
      },
      (changes) => {
        if (changes.statSourcesChanged !== false) d.onChanged();
      },
    );
  }

  /** A file's first reading: its rows counted, and the people it names (for the teachers missing from a school's file). */
  async function survey(bytes: Buffer): Promise<FileSurvey> {
    const stream = await openImporStream(bytes);
    const out: FileSurvey = {
      format: stream.format,
      present: stream.present,
      kolom: stream.kolom,
      rows: 0,
      nip: new Set(),
      nuptk: new Set(),
      nik: new Set(),
      npsn: new Set(),
    };
    for await (const r of stream.rows) {
      out.rows++;
      if (r.raw.npsn) out.npsn.add(r.raw.npsn.toUpperCase());
      if (r.tendik) continue;
      for (const key of ['nip', 'nuptk', 'nik'] as const) if (r.raw[key]) out[key].add(r.raw[key]);
    }
    return out;
  }

  /** Runs (or goes on with) a claimed run until its end, its cancellation or a failure. */
  async function runImport(row: ImporTugasRow, actor: AuditActor): Promise<void> {
    const berkas = row.berkas as StoredBerkas[];
    let fi = row.posisiBerkas;
    let from = row.posisiBaris;
    // The current file is done: the run goes on at the next file's first row, with these report lines.
    const fileDone = (laporan: BatchProgress['laporan']) =>
      repo.progress(row.id, { posisiBerkas: fi + 1, posisiBaris: 0, berkas, counts: EMPTY, laporan }, d.now());
    // A file that cannot be read (or stops being readable) is reported; the run goes on with the next.
    const skipFile = async (b: StoredBerkas, err: AppError, baris: number) => {
      const fields = (err.data as { errors?: Record<string, string> } | null)?.errors;
      const pesan = fields ? Object.values(fields).join('; ') || err.message : err.message;
      berkas[fi] = { ...b, baris, selesai: true, pesan };
      await fileDone([{ berkas: b.nama, baris: null, nip: null, nama: null, aksi: 'berkas', keterangan: pesan }]);
    };
    try {
      for (; fi < berkas.length; fi++, from = 0) {
        const b = berkas[fi]!;
        if (await repo.heartbeat(row.id, d.now())) return await repo.end(row.id, 'dibatalkan', null, d.now());
        let bytes: Buffer;
        let file: FileSurvey;
        try {
          const stored = await d.files.get(b.key);
          if (!stored) throw new AppError(422, 'impor.missing', 'Berkas tidak ditemukan di penyimpanan');
          bytes = Buffer.from(stored);
          file = await survey(bytes);
          if (file.format === 'dapodik' && !file.present.includes('npsn') && !b.npsn)
            throw new AppError(
              422,
              'impor.npsn',
              'Berkas Dapodik tanpa kolom NPSN: beri nama berkas dengan NPSN sekolahnya, misalnya "60200338 Daftar GTK.xlsx"',
            );
        } catch (err) {
          if (!(err instanceof AppError)) throw err;
          await skipFile(b, err, 0);
          continue;
        }
        berkas[fi] = { ...b, baris: file.rows };
        const npsn = b.npsn ?? undefined;
        // The second reading: rows from the run's position, a batch at a time.
        let at = from;
        let index = 0;
        let batch: ImporRow[] = [];
        const flush = async (): Promise<boolean> => {
          // On PGlite every query resolves without leaving the microtask queue: without this turn of
          // the event loop a whole run would hold the server (no request, not even the run's own
          // progress or its cancellation, is read until it ends). Between batches requests are served.
          await nextTurn();
          if (door) await door({ berkas: fi, baris: at });
          // Cancelled: stops before the next batch (the batches written stay written).
          if (at > from && (await repo.heartbeat(row.id, d.now()))) return false;
          const end = at + batch.length;
          const last = end >= file.rows;
          if (last) berkas[fi] = { ...berkas[fi]!, selesai: true };
          await writeBatch(
            row.id,
            { format: file.format, present: file.present, kolom: file.kolom, rows: batch },
            b.nama,
            npsn,
            { posisiBerkas: last ? fi + 1 : fi, posisiBaris: last ? 0 : end, berkas },
            actor,
          );
          at = end;
          batch = [];
          return true;
        };
        try {
          const stream = await openImporStream(bytes);
          for await (const r of stream.rows) {
            if (index++ < from) continue;
            batch.push(r);
            if (batch.length === IMPOR_TUGAS_BATCH && !(await flush()))
              return await repo.end(row.id, 'dibatalkan', null, d.now());
          }
          if (batch.length && !(await flush())) return await repo.end(row.id, 'dibatalkan', null, d.now());
        } catch (err) {
          if (!(err instanceof AppError)) throw err;
          await skipFile(berkas[fi]!, err, file.rows);
          continue;
        }
        if (!berkas[fi]!.selesai) {
          berkas[fi] = { ...berkas[fi]!, selesai: true };
          await fileDone([]);
        }
        // A school's Dapodik file: its active teachers the file does not list.
        const sekolahFile =
          file.format === 'dapodik' ? (npsn ?? (file.npsn.size === 1 ? [...file.npsn][0]! : null)) : null;
        if (sekolahFile) {
          const missing = await repo.missingFromSchool(sekolahFile, {
            nip: [...file.nip],
            nuptk: [...file.nuptk],
            nik: [...file.nik],
          });
          if (missing.length)
            await fileDone(
              missing.map((g) => ({
                berkas: b.nama,
                baris: null,
                nip: g.nip,
                nama: g.nama,
                aksi: 'tidak_ada',
                keterangan: 'Guru aktif sekolah ini tidak ada di berkas Dapodik (pindah, pensiun?); tidak dihapus',
              })),
            );
        }
      }
      await repo.end(row.id, 'selesai', null, d.now());
    } catch (err) {
      d.log(err);
      await repo
        .end(
          row.id,
          'gagal',
          'Impor berhenti karena kesalahan; lanjutkan untuk mengulang dari kelompok baris yang belum ditulis',
          d.now(),
        )
        .catch(d.log);
    }
  }

  const run = (row: ImporTugasRow, actor: AuditActor) =>
    d.runElsewhere ? d.runElsewhere(row.id, actor) : void runImport(row, actor);

  return {
    /** The process of its own (impor-proses-main.ts): goes on with a run its server claimed for it. */
    async runClaimed(id: number, actor: AuditActor): Promise<void> {
      const row = await repo.find(id);
      if (row?.status === 'berjalan') await runImport(row, actor);
    },

    /**
     * Stores the files and starts a run (on this server, or in a process of its own). One run at a time: another going on is
     * refused (409); the rows of two runs are written one batch at a time under the import lock
     * anyway, so the same file twice creates nobody twice.
     */
    async start(
      uploads: { nama: string; bytes: Buffer }[],
      npsn: string | undefined,
      actor: AuditActor & { user_id: number },
    ): Promise<ImporTugas> {
      const now = d.now();
      if (!uploads.length) throw errors.validation({ file: IMPOR_TUGAS_MSG.noFiles });
      if (await repo.running(new Date(now.getTime() - IMPOR_STALE_MS)))
        throw errors.conflict('impor.running', IMPOR_TUGAS_MSG.running);
      const berkas: StoredBerkas[] = [];
      for (const u of uploads)
        berkas.push({
          nama: u.nama,
          key: await d.files.put(u.bytes, 'xlsx'),
          npsn: npsnOfFileName(u.nama) ?? (uploads.length === 1 && npsn ? npsn.trim().toUpperCase() : null),
          baris: null,
          selesai: false,
          pesan: null,
        });
      const row = await repo.insert(berkas, actor.user_id, now);
      run(row, actor);
      return toImporTugas(row, now);
    },

    async view(id: number): Promise<ImporTugas> {
      const row = await repo.find(id);
      if (!row) throw errors.notFound(IMPOR_TUGAS_MSG.notFound);
      return toImporTugas(row, d.now());
    },

    async list(): Promise<ImporTugas[]> {
      const now = d.now();
      return (await repo.latest(10)).map((r) => toImporTugas(r, now));
    },

    /** The report's rows (errors, conflicts, staff, teachers missing from their school's file). */
    async laporan(id: number): Promise<{ tugas: ImporTugas; baris: ImporTugasLaporan[] }> {
      const row = await repo.find(id);
      if (!row) throw errors.notFound(IMPOR_TUGAS_MSG.notFound);
      return { tugas: toImporTugas(row, d.now()), baris: row.laporan as ImporTugasLaporan[] };
    },

    /** Asks a running run to stop after the batch it is writing. */
    async cancel(id: number): Promise<ImporTugas> {
      if (!(await repo.find(id))) throw errors.notFound(IMPOR_TUGAS_MSG.notFound);
      const row = await repo.requestCancel(id, d.now());
      if (!row) throw errors.conflict('impor.not_running', IMPOR_TUGAS_MSG.notRunning);
      return toImporTugas(row, d.now());
    },

    /** Goes on with a cancelled, failed or interrupted run from its position; one caller wins. */
    async resume(id: number, actor: AuditActor & { user_id: number }): Promise<ImporTugas> {
      const now = d.now();
      const found = await repo.find(id);
      if (!found) throw errors.notFound(IMPOR_TUGAS_MSG.notFound);
      const row = await repo.claim(id, new Date(now.getTime() - IMPOR_STALE_MS), now);
      if (!row)
        throw errors.conflict(
          'impor.not_resumable',
          found.status === 'berjalan' ? IMPOR_TUGAS_MSG.running : IMPOR_TUGAS_MSG.notResumable,
        );
      run(row, actor);
      return toImporTugas(row, now);
    },
  };
}
