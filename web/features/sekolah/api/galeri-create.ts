import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Galeri, GaleriFields } from '#contract/sarpras.ts';
import { apiWithMessage } from '../../../lib/api-client.ts';
import { keys } from './keys.ts';

export function galeriFormData(fields: GaleriFields, foto: File | null): FormData {
  const fd = new FormData();
  for (const [k, v] of Object.entries(fields)) fd.append(k, String(v ?? ''));
  if (foto) fd.append('foto', foto);
  return fd;
}

/** POST api/galeri, multipart (nama, jenis, desk, ket, npsn, foto). */
export function useCreateGaleri(npsn: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ fields, foto }: { fields: GaleriFields; foto: File }) => apiWithMessage<Galeri>('POST', 'galeri', { body: galeriFormData(fields, foto) }),
    onSuccess: () => qc.invalidateQueries({ queryKey: keys.galeriList(npsn) }),
  });
}
