import type { Sekolah } from '#contract/sekolah.ts';
import { api } from '../../../lib/api-client.ts';
import { sekolahKeys as keys } from '../../../lib/query-keys.ts';

/**
 * GET api/sekolah/{npsn} as a query definition: the page's hook and the route's loader (router.tsx,
 * which starts the request with the page's download) share it. No React here.
 */
export function sekolahQuery(npsn: string) {
  return {
    queryKey: keys.sekolah(npsn),
    queryFn: ({ signal }: { signal: AbortSignal }) =>
      api<Sekolah>('GET', `sekolah/${encodeURIComponent(npsn)}`, { signal }),
  };
}
