import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiWithMessage } from '../../../lib/api-client.ts';
import { keys } from './keys.ts';

/** DELETE api/galeri/{id}. */
export function useDeleteGaleri(npsn: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiWithMessage<unknown>('DELETE', `galeri/${id}`),
    onSuccess: () => qc.invalidateQueries({ queryKey: keys.galeriList(npsn) }),
  });
}
