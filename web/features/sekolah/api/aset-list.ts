import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { Page } from '#contract/paging.ts';
import type { Aset } from '#contract/sarpras.ts';
import { api } from '../../../lib/api-client.ts';
import { keys } from './keys.ts';

/** GET api/aset-ruangan/{roomId}?page. */
export function useAsetList(roomId: number, page: number) {
  return useQuery({
    queryKey: [...keys.asetList(roomId), page],
    queryFn: ({ signal }) => api<Page<Aset>>('GET', `aset-ruangan/${roomId}`, { query: { page }, signal }),
    placeholderData: keepPreviousData,
  });
}
