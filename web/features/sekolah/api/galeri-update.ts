import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Galeri, GaleriFields } from '#contract/sarpras.ts';
import { apiWithMessage } from '../../../lib/api-client.ts';
import { galeriFormData } from './galeri-create.ts';
import { keys } from './keys.ts';

/** POST api/galeri/{id}?_method=put, multipart; the photo is optional. */
export function useUpdateGaleri(npsn: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, fields, foto }: { id: number; fields: GaleriFields; foto: File | null }) =>
      apiWithMessage<Galeri>('POST', `galeri/${id}`, { query: { _method: 'put' }, body: galeriFormData(fields, foto) }),
    onSuccess: (_r, { id }) => Promise.all([qc.invalidateQueries({ queryKey: keys.galeriList(npsn) }), qc.invalidateQueries({ queryKey: ['galeri-detail', id] })]),
  });
}
