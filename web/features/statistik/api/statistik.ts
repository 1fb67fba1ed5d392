import { useQuery } from '@tanstack/react-query';
import type { StatistikData, StatistikName } from '#contract/statistik.ts';
import { api } from '../../../lib/api-client.ts';

/** GET api/data-statistik/<name> (administrators). */
export function useStatistik<K extends StatistikName>(name: K, enabled = true) {
  return useQuery({
    queryKey: ['statistik', name],
    queryFn: ({ signal }) => api<StatistikData[K]>('GET', `data-statistik/${name}`, { signal }),
    staleTime: 30_000,
    enabled,
  });
}
