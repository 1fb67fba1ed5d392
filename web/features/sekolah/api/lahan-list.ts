import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { Page } from '#contract/paging.ts';
import type { Lahan } from '#contract/sarpras.ts';
import { api } from '../../../lib/api-client.ts';
import { keys } from './keys.ts';

/** GET api/list-lahan/{npsn}?page. */
export function useLahanList(npsn: string, page: number) {
  return useQuery({
    queryKey: [...keys.lahanList(npsn), page],
    queryFn: ({ signal }) => api<Page<Lahan>>('GET', `list-lahan/${encodeURIComponent(npsn)}`, { query: { page }, signal }),
    placeholderData: keepPreviousData,
  });
}
