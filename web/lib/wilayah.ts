import { useQuery } from '@tanstack/react-query';
import type { WilayahItem } from '#contract/master.ts';
import { api } from './api-client.ts';

/** GET api/wilayah: provinces (parent null) or the children of `parent` (SPEC §4 region cascade). */
export function useWilayah(parent: string | null, enabled = true) {
  return useQuery({
    queryKey: ['wilayah', parent],
    queryFn: ({ signal }) =>
      api<WilayahItem[]>('GET', 'wilayah', { query: { kode_wilayah: parent ?? undefined }, signal }),
    enabled,
    // Regions change by regulation, not during a session.
    staleTime: 60 * 60_000,
  });
}
