import { useQuery } from '@tanstack/react-query';
import type { MasterItem } from '#contract/master.ts';
import { api } from '../../../lib/api-client.ts';
import { keys, MASTER_STALE } from './keys.ts';

/** GET api/masterbp: education forms (TK, SD, SMP, SMA, SMK). */
export function useMasterBp() {
  return useQuery({
    queryKey: keys.master('masterbp'),
    queryFn: ({ signal }) => api<MasterItem[]>('GET', 'masterbp', { signal }),
    staleTime: MASTER_STALE,
  });
}
