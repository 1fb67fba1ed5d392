import { useQuery } from '@tanstack/react-query';
import type { MasterItem } from '#contract/master.ts';
import { api } from '../../../lib/api-client.ts';
import { sekolahKeys as keys, MASTER_STALE } from '../../../lib/query-keys.ts';

/** GET api/master-aset: asset types. */
export function useMasterAset() {
  return useQuery({
    queryKey: keys.master('master-aset'),
    queryFn: ({ signal }) => api<MasterItem[]>('GET', 'master-aset', { signal }),
    staleTime: MASTER_STALE,
  });
}
