import { z } from 'zod';

export * from './notifikasi-values.ts';

/** POST api/notifikasi/baca: the notices read (all of the school's when none are named). */
export const bacaBody = z.object({
  ids: z
    .array(z.coerce.number().int().positive(), { error: 'ids harus berupa larik id' })
    .max(500, 'Paling banyak 500 pemberitahuan sekali tandai')
    .optional(),
});
