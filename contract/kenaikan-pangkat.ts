import { z } from 'zod';
import { pageParam } from './paging.ts';
import { bentukPendidikanParam, cariParam } from './list-query.ts';
import { labelledDate, labelledText, monthField } from './fields.ts';
import { DOKUMEN_KP, FILTER_KP } from './kenaikan-pangkat-values.ts';
export * from './kenaikan-pangkat-values.ts';

/** A promotion period: YYYY-MM (its TMT is the first of the month). */
export const periodeParam = monthField('2000-01', '2100-12', {
  empty: 'Periode tidak boleh Kosong',
  format: 'Periode harus berbentuk YYYY-MM',
  range: 'Periode tidak valid',
});

/** GET api/kenaikan-pangkat?periode&page&cari&bentuk_pendidikan&status. */
export const kpListQuery = z.object({
  periode: periodeParam,
  page: pageParam,
  cari: cariParam,
  bentuk_pendidikan: bentukPendidikanParam,
  status: z.enum(FILTER_KP, { error: 'Filter status tidak dikenal' }).default(''),
});

export const kpPeriodeQuery = z.object({ periode: periodeParam });

/** POST api/kenaikan-pangkat/usulan: a proposal batch of eligible teachers with its covering letter. */
export const usulanBody = z.object({
  periode: periodeParam,
  nomor_surat: labelledText('Nomor Surat', 100),
  tanggal_surat: labelledDate('Tanggal Surat'),
  guru_ids: z
    .array(z.number().int().positive(), { error: 'Pilih guru yang diusulkan' })
    .min(1, 'Pilih guru yang diusulkan')
    .max(500, 'Paling banyak 500 guru dalam satu usulan'),
});

/** POST api/kenaikan-pangkat/usulan-guru/{id}/status: BTS or TMS with the reason, or back to proposed. */
export const statusUsulBody = z
  .object({
    status: z.enum(['diusulkan', 'bts', 'tms'], { error: 'Status harus diusulkan, bts atau tms' }),
    alasan: z.string().trim().max(500, 'Alasan maksimal 500 karakter').optional(),
  })
  .refine((b) => b.status === 'diusulkan' || (b.alasan ?? '').length >= 5, {
    path: ['alasan'],
    message: 'Alasan tidak boleh Kosong (minimal 5 karakter)',
  });

/** POST api/kenaikan-pangkat/usulan-guru/{id}/tetapkan: BKN's decision (the SK), written as a verified Kepangkatan. */
export const tetapkanBody = z.object({
  sk_nomor: labelledText('Nomor SK', 100),
  sk_tanggal: labelledDate('Tanggal SK'),
  sk_tmt: labelledDate('TMT').refine((v) => v.endsWith('-01'), 'TMT harus tanggal 1 (TMT selalu awal bulan)'),
  sk_pejabat: labelledText('Jabatan Penandatangan SK', 150),
  mkg_tahun: z
    .number({ error: 'MKG Tahun tidak boleh Kosong' })
    .int('MKG Tahun harus berupa angka')
    .min(0, 'MKG Tahun minimal 0')
    .max(45, 'MKG Tahun maksimal 45'),
  mkg_bulan: z
    .number({ error: 'MKG Bulan tidak boleh Kosong' })
    .int('MKG Bulan harus berupa angka')
    .min(0, 'MKG Bulan minimal 0')
    .max(11, 'MKG Bulan maksimal 11'),
});
export type TetapkanBody = z.infer<typeof tetapkanBody>;

/** PUT api/kenaikan-pangkat/usulan-guru/{id}/dokumen: the checklist ticked by the officer. */
export const dokumenBody = z.object({
  dokumen: z
    .object(
      Object.fromEntries(DOKUMEN_KP.map((d) => [d.key, z.boolean().optional()])) as Record<
        (typeof DOKUMEN_KP)[number]['key'],
        z.ZodOptional<z.ZodBoolean>
      >,
    )
    .strict(),
});
