import { useQuery } from '@tanstack/react-query';
import type { MasterItem } from '#contract/master.ts';
import { api } from '../../../lib/api-client.ts';
import { sekolahKeys as keys, MASTER_STALE } from '../../../lib/query-keys.ts';

/** GET api/kondisi: conditions (Baik … Rusak Berat). */
export function useKondisi() {
  return useQuery({
    queryKey: keys.master('kondisi'),
    queryFn: ({ signal }) => api<MasterItem[]>('GET', 'kondisi', { signal }),
    staleTime: MASTER_STALE,
  });
}
