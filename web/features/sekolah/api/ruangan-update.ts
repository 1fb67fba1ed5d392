import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Ruangan, RuanganBody } from '#contract/sarpras.ts';
import { apiWithMessage } from '../../../lib/api-client.ts';
import { keys } from './keys.ts';

/** PUT api/sekolah/ruangan/edit/{id}: updates a room. */
export function useUpdateRuangan(npsn: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: RuanganBody }) => apiWithMessage<Ruangan>('PUT', `sekolah/ruangan/edit/${id}`, { body }),
    onSuccess: (_r, { id }) => Promise.all([qc.invalidateQueries({ queryKey: keys.ruanganList(npsn) }), qc.invalidateQueries({ queryKey: keys.ruangan(id) })]),
  });
}
