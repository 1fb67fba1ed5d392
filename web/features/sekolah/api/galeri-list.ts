import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { Page } from '#contract/paging.ts';
import type { Galeri } from '#contract/sarpras.ts';
import { api } from '../../../lib/api-client.ts';
import { keys } from './keys.ts';

/** GET api/galeri?npsn&page. */
export function useGaleriList(npsn: string, page: number) {
  return useQuery({
    queryKey: [...keys.galeriList(npsn), page],
    queryFn: ({ signal }) => api<Page<Galeri>>('GET', 'galeri', { query: { npsn, page }, signal }),
    placeholderData: keepPreviousData,
  });
}
