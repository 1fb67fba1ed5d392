import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiWithMessage } from '../../../lib/api-client.ts';
import { keys } from './keys.ts';

/** DELETE api/aset/{id}. */
export function useDeleteAset(roomId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiWithMessage<unknown>('DELETE', `aset/${id}`),
    onSuccess: () => Promise.all([qc.invalidateQueries({ queryKey: keys.asetList(roomId) }), qc.invalidateQueries({ queryKey: ['ruangan'] })]),
  });
}
