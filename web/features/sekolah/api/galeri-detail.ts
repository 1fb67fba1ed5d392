import { useQuery } from '@tanstack/react-query';
import type { Galeri } from '#contract/sarpras.ts';
import { api } from '../../../lib/api-client.ts';

/** GET api/galeri/{id}: the stored photo before editing. */
export function useGaleri(id: number | null) {
  return useQuery({ queryKey: ['galeri-detail', id], queryFn: ({ signal }) => api<Galeri>('GET', `galeri/${id}`, { signal }), enabled: id !== null });
}
