import { useQuery } from '@tanstack/react-query';
import type { MasterItem } from '#contract/master.ts';
import { api } from '../../../lib/api-client.ts';
import { sekolahKeys as keys, MASTER_STALE } from '../../../lib/query-keys.ts';

/** GET api/ruangan: room types. */
export function useJenisRuangan() {
  return useQuery({
    queryKey: keys.master('ruangan'),
    queryFn: ({ signal }) => api<MasterItem[]>('GET', 'ruangan', { signal }),
    staleTime: MASTER_STALE,
  });
}
