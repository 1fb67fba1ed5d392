import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Lahan, LahanBody } from '#contract/sarpras.ts';
import { apiWithMessage } from '../../../lib/api-client.ts';
import { keys } from './keys.ts';

/** PUT api/lahan/{id}. */
export function useUpdateLahan(npsn: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: LahanBody }) => apiWithMessage<Lahan>('PUT', `lahan/${id}`, { body }),
    onSuccess: (_r, { id }) => Promise.all([qc.invalidateQueries({ queryKey: keys.lahanList(npsn) }), qc.invalidateQueries({ queryKey: keys.lahan(id) })]),
  });
}
