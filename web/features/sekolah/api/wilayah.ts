import { useQuery } from '@tanstack/react-query';
import type { WilayahItem } from '#contract/master.ts';
import { api } from '../../../lib/api-client.ts';
import { keys, MASTER_STALE } from './keys.ts';

/** GET api/wilayah: provinces (parent null) or the children of `parent` (SPEC §4 region cascade). */
export function useWilayah(parent: string | null, enabled = true) {
  return useQuery({
    queryKey: keys.wilayah(parent),
    queryFn: ({ signal }) => api<WilayahItem[]>('GET', 'wilayah', { query: { kode_wilayah: parent ?? undefined }, signal }),
    enabled,
    staleTime: MASTER_STALE,
  });
}
