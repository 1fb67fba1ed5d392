import { useQuery } from '@tanstack/react-query';
import type { SekolahRingkas } from '#contract/sekolah.ts';
import { api } from '../../../lib/api-client.ts';

/** GET api/semuasekolah: public fields of every school (both roles). */
export function useSemuaSekolah() {
  return useQuery({
    queryKey: ['semua-sekolah'],
    queryFn: ({ signal }) => api<SekolahRingkas[]>('GET', 'semuasekolah', { signal }),
    staleTime: 5 * 60_000,
  });
}
