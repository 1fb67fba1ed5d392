import type { StatistikData, StatistikName } from '#contract/statistik.ts';
import { api } from '../../../lib/api-client.ts';

/**
 * GET api/data-statistik/<name> (administrators) as a query definition: the page's hook and the
 * route's loader (router.tsx, which starts the first tab's request with the page's download) share
 * it. No React here: the entry imports it.
 */
export function statistikQuery<K extends StatistikName>(name: K) {
  return {
    queryKey: ['statistik', name],
    queryFn: ({ signal }: { signal: AbortSignal }) =>
      api<StatistikData[K]>('GET', `data-statistik/${name}`, { signal }),
    staleTime: 30_000,
  };
}
