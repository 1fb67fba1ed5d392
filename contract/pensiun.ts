import { z } from 'zod';
import { pageParam } from './paging.ts';
import { controlCharsMessage, hasNoControlChars, isRealDate } from './fields.ts';
import { PENSIUN_BULAN_MAX } from './pensiun-values.ts';
export * from './pensiun-values.ts';

// Retirement at the age limit (docs/domain/pensiun.md): the list ahead and the proposal per teacher.

/** GET api/pensiun?bulan&page&cari. */
export const pensiunListQuery = z.object({
  bulan: z.coerce
    .number({ error: 'Parameter bulan harus berupa angka' })
    .int('Parameter bulan harus berupa bilangan bulat')
    .min(1, 'Parameter bulan minimal 1')
    .max(PENSIUN_BULAN_MAX, `Parameter bulan maksimal ${PENSIUN_BULAN_MAX}`)
    .default(15),
  page: pageParam,
  cari: z.string().trim().max(100, 'Kata kunci pencarian terlalu panjang').default(''),
});

const text = (label: string, max: number) =>
  z
    .string({ error: `${label} tidak boleh Kosong` })
    .trim()
    .min(1, `${label} tidak boleh Kosong`)
    .max(max, `${label} maksimal ${max} karakter`)
    .refine(hasNoControlChars, controlCharsMessage(label));
const tanggal = (label: string) => z.string({ error: `${label} tidak boleh Kosong` }).trim().min(1, `${label} tidak boleh Kosong`).refine(isRealDate, `${label} harus tanggal yang valid (YYYY-MM-DD)`);

/**
 * PUT api/pensiun/{guruId}/usul: the next state of the teacher's proposal. `versi` is the version
 * the caller saw (null: there was none); a proposal changed meanwhile answers 409.
 */
export const usulPensiunBody = z.discriminatedUnion('status', [
  z.object({ status: z.literal('disiapkan'), versi: z.number().int().positive().nullable() }),
  z.object({ status: z.literal('diusulkan'), versi: z.number().int().positive().nullable(), nomor_surat: text('Nomor Surat Pengantar', 100), tanggal_surat: tanggal('Tanggal Surat Pengantar') }),
  z.object({ status: z.literal('dikembalikan'), versi: z.number().int().positive(), alasan: text('Alasan', 500).refine((v) => v.length >= 5, 'Alasan minimal 5 karakter') }),
  z.object({
    status: z.literal('ditetapkan'),
    versi: z.number().int().positive(),
    sk_nomor: text('Nomor SK Pensiun', 100),
    sk_tanggal: tanggal('Tanggal SK Pensiun'),
    sk_tmt: tanggal('TMT Pensiun').refine((v) => v.endsWith('-01'), 'TMT Pensiun harus tanggal 1 (awal bulan)'),
  }),
], { error: 'Status harus disiapkan, diusulkan, dikembalikan atau ditetapkan' });
export type UsulPensiunBody = z.infer<typeof usulPensiunBody>;

