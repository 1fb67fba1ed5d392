import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiWithMessage } from '../../../lib/api-client.ts';
import { keys } from './keys.ts';

/** DELETE api/lahan/{id}. */
export function useDeleteLahan(npsn: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiWithMessage<unknown>('DELETE', `lahan/${id}`),
    onSuccess: () => qc.invalidateQueries({ queryKey: keys.lahanList(npsn) }),
  });
}
