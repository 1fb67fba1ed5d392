import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Aset, AsetBody } from '#contract/sarpras.ts';
import { apiWithMessage } from '../../../lib/api-client.ts';
import { keys } from './keys.ts';

/** POST api/aset. */
export function useCreateAset(roomId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: AsetBody) => apiWithMessage<Aset>('POST', 'aset', { body }),
    onSuccess: () => Promise.all([qc.invalidateQueries({ queryKey: keys.asetList(roomId) }), qc.invalidateQueries({ queryKey: ['ruangan'] })]),
  });
}
