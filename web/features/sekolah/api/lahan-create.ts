import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Lahan, LahanBody } from '#contract/sarpras.ts';
import { apiWithMessage } from '../../../lib/api-client.ts';
import { keys } from './keys.ts';

/** POST api/lahan. */
export function useCreateLahan(npsn: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: LahanBody) => apiWithMessage<Lahan>('POST', 'lahan', { body }),
    onSuccess: () => qc.invalidateQueries({ queryKey: keys.lahanList(npsn) }),
  });
}
