import { useQuery } from '@tanstack/react-query';
import type { Dashboard } from '#contract/dashboard.ts';
import { api } from '../../../lib/api-client.ts';

/** GET api/dashboard: the nine counters (administrators). */
export function useDashboard() {
  return useQuery({
    queryKey: ['dashboard'],
    queryFn: ({ signal }) => api<Dashboard>('GET', 'dashboard', { signal }),
    staleTime: 30_000,
  });
}
