import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { Page } from '#contract/paging.ts';
import type { SekolahRow } from '#contract/sekolah.ts';
import { api } from '../../../lib/api-client.ts';
import { sekolahKeys as keys } from '../../../lib/query-keys.ts';

export interface SekolahListParams {
  q: string;
  page: number;
  perPage: number;
  sortBy: 'npsn' | 'nama_sekolah';
  desc: boolean;
}

/** GET api/sekolah?q&page&per_page&sortby&sortbydesc. */
export function useSekolahList(p: SekolahListParams) {
  return useQuery({
    queryKey: [...keys.sekolahList, p],
    queryFn: ({ signal }) =>
      api<Page<SekolahRow>>('GET', 'sekolah', {
        query: { q: p.q || undefined, page: p.page, per_page: p.perPage, sortby: p.sortBy, sortbydesc: p.desc },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}
