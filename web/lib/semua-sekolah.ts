import { useQuery } from '@tanstack/react-query';
import type { SekolahRingkas } from '#contract/sekolah.ts';
import { api } from './api-client.ts';

/**
 * GET api/semuasekolah: public fields of every school (both roles), under one cache key for every
 * screen that reads it (the map, the teacher's school select, the archive and import filters).
 */
export function useSemuaSekolah() {
  return useQuery({
    queryKey: ['semua-sekolah'],
    queryFn: ({ signal }) => api<SekolahRingkas[]>('GET', 'semuasekolah', { signal }),
    staleTime: 5 * 60_000,
  });
}
