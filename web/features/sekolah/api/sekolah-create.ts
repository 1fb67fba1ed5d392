import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SekolahCreateBody, SekolahCreated } from '#contract/sekolah.ts';
import { api } from '../../../lib/api-client.ts';
import { sekolahKeys as keys } from '../../../lib/query-keys.ts';

/** POST api/sekolah: the school and its operator account (one-time password in the answer). */
export function useCreateSekolah() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: SekolahCreateBody) => api<SekolahCreated>('POST', 'sekolah', { body }),
    onSuccess: () => qc.invalidateQueries({ queryKey: keys.sekolahList }),
  });
}
