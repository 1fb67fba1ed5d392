import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Ruangan, RuanganBody } from '#contract/sarpras.ts';
import { apiWithMessage } from '../../../lib/api-client.ts';
import { keys } from './keys.ts';

/** PUT api/sekolah/ruangan/{npsn}: adds a room. */
export function useCreateRuangan(npsn: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: RuanganBody) => apiWithMessage<Ruangan>('PUT', `sekolah/ruangan/${encodeURIComponent(npsn)}`, { body }),
    onSuccess: () => qc.invalidateQueries({ queryKey: keys.ruanganList(npsn) }),
  });
}
