import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Sekolah, SekolahUpdateBody } from '#contract/sekolah.ts';
import { apiWithMessage } from '../../../lib/api-client.ts';
import { sekolahKeys as keys } from '../../../lib/query-keys.ts';

/** PUT api/sekolah/{npsn}: the identity form. */
export function useUpdateSekolah(npsn: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: SekolahUpdateBody) =>
      apiWithMessage<Sekolah>('PUT', `sekolah/${encodeURIComponent(npsn)}`, { body }),
    onSuccess: ({ data }) => {
      qc.setQueryData(keys.sekolah(npsn), data);
      return qc.invalidateQueries({ queryKey: keys.sekolahList });
    },
  });
}
