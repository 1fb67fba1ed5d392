import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Sekolah } from '#contract/sekolah.ts';
import { apiWithMessage } from '../../../lib/api-client.ts';
import { sekolahKeys as keys } from '../../../lib/query-keys.ts';

/** POST api/sekolah/{npsn}/logo, multipart field `foto`. */
export function useUploadLogo(npsn: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (file: File) => {
      const body = new FormData();
      body.append('foto', file);
      return apiWithMessage<Sekolah>('POST', `sekolah/${encodeURIComponent(npsn)}/logo`, { body });
    },
    onSuccess: ({ data }) => qc.setQueryData(keys.sekolah(npsn), data),
  });
}
