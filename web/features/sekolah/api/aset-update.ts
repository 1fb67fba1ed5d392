import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Aset, AsetBody } from '#contract/sarpras.ts';
import { apiWithMessage } from '../../../lib/api-client.ts';
import { keys } from './keys.ts';

/** PUT api/aset/{id}. */
export function useUpdateAset(roomId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: AsetBody }) => apiWithMessage<Aset>('PUT', `aset/${id}`, { body }),
    onSuccess: () => qc.invalidateQueries({ queryKey: keys.asetList(roomId) }),
  });
}
