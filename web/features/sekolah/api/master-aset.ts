import { useQuery } from '@tanstack/react-query';
import type { MasterItem } from '#contract/master.ts';
import { api } from '../../../lib/api-client.ts';
import { keys, MASTER_STALE } from './keys.ts';

/** GET api/master-aset: asset types. */
export function useMasterAset() {
  return useQuery({
    queryKey: keys.master('master-aset'),
    queryFn: ({ signal }) => api<MasterItem[]>('GET', 'master-aset', { signal }),
    staleTime: MASTER_STALE,
  });
}
