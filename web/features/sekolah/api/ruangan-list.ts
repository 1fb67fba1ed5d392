import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { Page } from '#contract/paging.ts';
import type { Ruangan } from '#contract/sarpras.ts';
import { api } from '../../../lib/api-client.ts';
import { keys } from './keys.ts';

/** GET api/ruangan/{npsn}?page. */
export function useRuanganList(npsn: string, page: number) {
  return useQuery({
    queryKey: [...keys.ruanganList(npsn), page],
    queryFn: ({ signal }) => api<Page<Ruangan>>('GET', `ruangan/${encodeURIComponent(npsn)}`, { query: { page }, signal }),
    placeholderData: keepPreviousData,
  });
}
