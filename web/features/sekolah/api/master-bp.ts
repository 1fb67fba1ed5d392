import { useQuery } from '@tanstack/react-query';
import type { MasterItem } from '#contract/master.ts';
import { api } from '../../../lib/api-client.ts';
import { sekolahKeys as keys, MASTER_STALE } from '../../../lib/query-keys.ts';

/** GET api/masterbp: education forms (TK, SD, SMP, SMA, SMK). */
export function useMasterBp() {
  return useQuery({
    queryKey: keys.master('masterbp'),
    queryFn: ({ signal }) => api<MasterItem[]>('GET', 'masterbp', { signal }),
    staleTime: MASTER_STALE,
  });
}
