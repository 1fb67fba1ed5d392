import { z } from 'zod';
import { pageParam } from './paging.ts';
import { cariParam } from './list-query.ts';
import { PENSIUN_BULAN_MAX } from './pensiun-values.ts';
import { usulPensiunFields } from './pensiun-usul.ts';
export * from './pensiun-values.ts';
export * from './pensiun-usul.ts';

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
  cari: cariParam,
});

/**
 * PUT api/pensiun/{guruId}/usul: the next state of the teacher's proposal. `versi` is the version
 * the caller saw (null: there was none); a proposal changed meanwhile answers 409.
 */
export const usulPensiunBody = z.discriminatedUnion(
  'status',
  [
    z.object({ status: z.literal('disiapkan'), versi: z.number().int().positive().nullable() }),
    z.object({
      status: z.literal('diusulkan'),
      versi: z.number().int().positive().nullable(),
      ...usulPensiunFields.diusulkan,
    }),
    z.object({
      status: z.literal('dikembalikan'),
      versi: z.number().int().positive(),
      ...usulPensiunFields.dikembalikan,
    }),
    z.object({ status: z.literal('ditetapkan'), versi: z.number().int().positive(), ...usulPensiunFields.ditetapkan }),
  ],
  { error: 'Status harus disiapkan, diusulkan, dikembalikan atau ditetapkan' },
);
export type UsulPensiunBody = z.infer<typeof usulPensiunBody>;
