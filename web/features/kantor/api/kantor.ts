import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ProfilKantor } from '#contract/kantor-values.ts';
import { api, apiWithMessage } from '../../../lib/api-client.ts';

export const kantorKeys = { profil: ['kantor', 'profil'] as const, logo: ['kantor', 'logo'] as const };

/** GET api/pengaturan/kantor. */
export function useProfilKantor() {
  return useQuery({
    queryKey: kantorKeys.profil,
    queryFn: ({ signal }) => api<ProfilKantor>('GET', 'pengaturan/kantor', { signal }),
  });
}

/** PUT api/pengaturan/kantor, PUT/DELETE api/pengaturan/kantor/logo. */
export function useSaveKantor() {
  const qc = useQueryClient();
  const done = (r: { data: ProfilKantor }) => {
    qc.setQueryData(kantorKeys.profil, r.data);
    return qc.invalidateQueries({ queryKey: kantorKeys.logo });
  };
  return {
    profil: useMutation({
      mutationFn: (body: Omit<ProfilKantor, 'ada_logo'>) =>
        apiWithMessage<ProfilKantor>('PUT', 'pengaturan/kantor', { body }),
      onSuccess: done,
    }),
    logo: useMutation({
      mutationFn: (file: File | null) => {
        if (!file) return apiWithMessage<ProfilKantor>('DELETE', 'pengaturan/kantor/logo');
        const form = new FormData();
        form.append('logo', file);
        return apiWithMessage<ProfilKantor>('PUT', 'pengaturan/kantor/logo', { body: form });
      },
      onSuccess: done,
    }),
  };
}
