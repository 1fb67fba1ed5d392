import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiWithMessage } from '../../../lib/api-client.ts';
import { keys } from './keys.ts';

/** DELETE api/sekolah/ruangan/{id}: refused (409) while the room still has assets. */
export function useDeleteRuangan(npsn: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiWithMessage<unknown>('DELETE', `sekolah/ruangan/${id}`),
    onSuccess: () => qc.invalidateQueries({ queryKey: keys.ruanganList(npsn) }),
  });
}
