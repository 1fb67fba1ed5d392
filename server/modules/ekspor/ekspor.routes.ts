import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sekolahListQuery, type SekolahRow } from '#contract/sekolah.ts';
import { guruListQuery, type GuruRow } from '#contract/guru.ts';
import { cariParam } from '#contract/list-query.ts';
import { kgbListQuery, type ArsipKgbItem } from '#contract/kgb.ts';
import { sendXlsx, pages, type XlsxColumn } from '../../lib/xlsx.ts';
import { GURU_FIELDS } from '#contract/guru-fields.ts';
import { SEKOLAH_FIELDS } from '#contract/sekolah-fields.ts';
import { currentUser } from '../../plugins/auth.ts';
import { ownNpsn } from '../../lib/scope.ts';
import { sekolahRepository } from '../sekolah/sekolah.repository.ts';
import { guruRepository } from '../guru/guru.repository.ts';
import { kgbRepository, type DueRow } from '../kgb/kgb.repository.ts';
import type { LetterContent } from '../kgb/letter.ts';
import { arsipItemOf } from '../kgb/kgb.service.ts';
import { dueState } from '../../domain/kgb.ts';
import type { AppDeps } from '../../deps.ts';
import { namaLengkap } from '../../domain/kepegawaian.ts';

const BATCH = 2000;

/**
 * The teacher export: the catalogue's exported fields (contract/guru-fields.ts), each as the list
 * row holds it (the full name with titles, the sex as L/P), and the columns the list derives from
 * other tables (school, rank, position) and the verification.
 */
type Cell = string | number | null | undefined;
const GURU_VALUE: Partial<Record<string, (r: GuruRow) => Cell>> = {
  nama: namaLengkap,
  jenis_kelamin: (r) => (r.jenis_kelamin === 'Perempuan' ? 'P' : 'L'),
};
const GURU_EXPORT_COLUMNS: XlsxColumn<GuruRow>[] = [
  ...GURU_FIELDS.flatMap((f): (XlsxColumn<GuruRow> & { at: number })[] =>
    'ekspor' in f && f.ekspor
      ? [
          {
            at: f.ekspor.at,
            header: ('header' in f.ekspor ? f.ekspor.header : undefined) ?? f.label,
            width: f.ekspor.width,
            format: f.type === 'date' ? 'date' : undefined,
            value: GURU_VALUE[f.name] ?? ((r) => r[f.name as keyof GuruRow] as Cell),
          },
        ]
      : [],
  ),
  { at: 6, header: 'Sekolah', value: (r: GuruRow) => r.sekolah?.nama_sekolah, width: 34 },
  { at: 7, header: 'NPSN', value: (r: GuruRow) => r.sekolah?.npsn, width: 11 },
  { at: 10, header: 'Pangkat', value: (r: GuruRow) => r.pangkat, width: 22 },
  { at: 11, header: 'Jabatan', value: (r: GuruRow) => r.jabatan, width: 26 },
  { at: 13, header: 'Verifikasi', value: (r: GuruRow) => (r.verifikasi ? 'Sudah' : 'Belum'), width: 11 },
]
  .sort((a, b) => a.at - b.at)
  .map(({ at: _at, ...c }) => c);

/**
 * The school export: the catalogue's exported fields (contract/sekolah-fields.ts) as the list row
 * holds them, and the regency, which the list reads from the village code's region.
 */
const SEKOLAH_EXPORT_COLUMNS: XlsxColumn<SekolahRow>[] = [
  ...SEKOLAH_FIELDS.flatMap((f): (XlsxColumn<SekolahRow> & { at: number })[] =>
    'ekspor' in f
      ? [
          {
            at: f.ekspor.at,
            header: ('header' in f.ekspor ? f.ekspor.header : undefined) ?? f.label,
            width: f.ekspor.width,
            value: (r) => r[f.name as keyof SekolahRow],
          },
        ]
      : [],
  ),
  { at: 5, header: 'Kabupaten/Kota', value: (r: SekolahRow) => r.kota_asal, width: 28 },
]
  .sort((a, b) => a.at - b.at)
  .map(({ at: _at, ...c }) => c);

/**
 * Excel exports of the four lists, with the list's own filter, search and sort, every page, and
 * the same school limit for operators as the list itself.
 */
export function eksporRoutes(base: FastifyInstance, deps: AppDeps): void {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { db } = deps.database;
  const sekolahRepo = sekolahRepository(db);
  const guruRepo = guruRepository(db, deps.config.retirementAge);
  const kgbRepo = kgbRepository(db, deps.salaryTables);
  // File names carry the office's date.
  const stamp = (d: Date) => deps.waktu.hariIni(d);

  app.get(
    '/api/sekolah/export',
    { config: { access: 'user' }, schema: { querystring: sekolahListQuery.omit({ page: true, per_page: true }) } },
    async (request, reply) => {
      const q = request.query;
      const onlyNpsn = ownNpsn(currentUser(request).user);
      return sendXlsx<SekolahRow>(
        reply,
        `data-sekolah-${stamp(deps.now())}.xlsx`,
        'Data Sekolah',
        SEKOLAH_EXPORT_COLUMNS,
        pages(
          async (page) =>
            (await sekolahRepo.list({ q: q.q, page, perPage: BATCH, sortBy: q.sortby, desc: q.sortbydesc, onlyNpsn }))
              .rows,
          BATCH,
        ),
      );
    },
  );

  const guruExportQuery = guruListQuery.omit({ page: true }).extend({ cari: cariParam });
  app.get(
    '/api/guru/export',
    { config: { access: 'user' }, schema: { querystring: guruExportQuery } },
    async (request, reply) => {
      const q = request.query;
      const filter = { bp: q.bp, jenisGuru: q.jenis_guru, search: q.cari, npsn: ownNpsn(currentUser(request).user) };
      async function* batches() {
        let after: { nama: string; id: number } | null = null;
        for (;;) {
          const rows = await guruRepo.listAfter(filter, after, BATCH);
          if (rows.length) yield rows;
          if (rows.length < BATCH) return;
          const last = rows.at(-1)!;
          after = { nama: last.nama, id: last.id };
        }
      }
      return sendXlsx<GuruRow>(
        reply,
        `data-guru-${stamp(deps.now())}.xlsx`,
        'Data Guru',
        GURU_EXPORT_COLUMNS,
        batches(),
      );
    },
  );

  app.get(
    '/api/kgb/export',
    { config: { access: 'user' }, schema: { querystring: kgbListQuery.omit({ page: true }) } },
    async (request, reply) => {
      const q = request.query;
      const today = stamp(deps.now());
      const npsn = ownNpsn(currentUser(request).user);
      return sendXlsx<DueRow>(
        reply,
        `guru-akan-kgb-${today}.xlsx`,
        'Guru Akan KGB',
        [
          { header: 'NIP', value: (r) => r.nip, width: 21 },
          { header: 'Nama', value: (r) => r.nama, width: 32 },
          { header: 'JK', value: (r) => (r.jenis_kelamin === 'Perempuan' ? 'P' : 'L'), width: 5 },
          { header: 'Sekolah', value: (r) => r.nama_sekolah, width: 34 },
          { header: 'Golongan', value: (r) => r.golongan, width: 10 },
          { header: 'KGB Terakhir', value: (r) => r.tgl_kgb_terakhir, format: 'date', width: 14 },
          { header: 'TMT KGB', value: (r) => r.tmt, format: 'date', width: 14 },
          { header: 'Sisa Hari', value: (r) => dueState(r.tmt, today).daysLeft, format: 'int', width: 10 },
          {
            header: 'Keterangan',
            value: (r) =>
              dueState(r.tmt, today).overdue
                ? 'Terlambat'
                : r.status_surat === 'verified'
                  ? 'Menunggu TTD'
                  : 'Akan KGB',
            width: 15,
          },
        ],
        pages(
          async (page) =>
            (
              await kgbRepo.dueList({
                today,
                cari: q.cari,
                bp: q.bentuk_pendidikan,
                npsn,
                page,
                perPage: BATCH,
                retirementAge: deps.config.retirementAge,
              })
            ).rows,
          BATCH,
        ),
      );
    },
  );

  app.get('/api/arsip/kgb/export', { config: { access: 'admin' } }, async (_request, reply) => {
    return sendXlsx<ArsipKgbItem & { gaji: number }>(
      reply,
      `arsip-kgb-${stamp(deps.now())}.xlsx`,
      'Arsip KGB',
      [
        { header: 'NIP', value: (r) => r.nip, width: 21 },
        { header: 'Nama', value: (r) => r.nama_guru, width: 32 },
        { header: 'Tanggal Lahir', value: (r) => r.tgl_lahir, format: 'date', width: 14 },
        { header: 'Pangkat/Golongan', value: (r) => r.pangkat_golongan, width: 26 },
        { header: 'Jabatan', value: (r) => r.jabatan_nama, width: 24 },
        { header: 'TMT KGB', value: (r) => r.tmt_kgb_guru, format: 'date', width: 14 },
        { header: 'Gaji Pokok Baru', value: (r) => r.gaji, format: 'rupiah', width: 16 },
        { header: 'Nomor Surat', value: (r) => r.nomor, width: 28 },
        { header: 'Kode Dokumen', value: (r) => r.kode_dokumen, width: 16 },
        { header: 'Ditandatangani', value: (r) => r.signed_at.slice(0, 10), format: 'date', width: 14 },
      ],
      pages(
        async (page) =>
          (await kgbRepo.archive(page, BATCH)).rows.map((r) => ({
            ...arsipItemOf(r),
            gaji: (r.surat.isi as LetterContent).gajiBaru,
          })),
        BATCH,
      ),
    );
  });
}
