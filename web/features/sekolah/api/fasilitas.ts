import { useQuery } from '@tanstack/react-query';
import type { FasilitasItem } from '#contract/master.ts';
import { api } from '../../../lib/api-client.ts';
import { sekolahKeys as keys, MASTER_STALE } from '../../../lib/query-keys.ts';

/** GET api/fasilitas: the facility master list. */
export function useFasilitas() {
  return useQuery({
    queryKey: keys.master('fasilitas'),
    queryFn: ({ signal }) => api<FasilitasItem[]>('GET', 'fasilitas', { signal }),
    staleTime: MASTER_STALE,
  });
}
