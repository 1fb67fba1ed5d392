import type { Page } from '#contract/paging.ts';
import type { GuruRow } from '#contract/guru.ts';
import { api } from '../../../lib/api-client.ts';
import { guruKeys, MASTER_STALE } from './keys.ts';
import type { MasterRow } from './master.ts';

// Query definitions shared by the screens' hooks and the routes' loaders (router.tsx), which start
// a screen's first requests while its code downloads (issue 7). No React here: the entry imports it.

export interface GuruListParams {
  bp: string;
  jenisGuru: string;
  search: string;
  page: number;
}

/** The query of one page of the list: GET api/guru/?bp&jenis_guru&page, or api/guru/cari?guru&page while a search is active (SPEC §7). */
export function guruListQuery({ bp, jenisGuru, search, page }: GuruListParams) {
  return {
    queryKey: [...guruKeys.list, bp, jenisGuru, search, page],
    queryFn: ({ signal }: { signal: AbortSignal }) =>
      search
        ? api<Page<GuruRow>>('GET', 'guru/cari', { query: { guru: search, page }, signal })
        : api<Page<GuruRow>>('GET', 'guru/', { query: { bp, jenis_guru: jenisGuru, page }, signal }),
  };
}

/** The list's first page as the screen opens (the route's loader starts it with the screen's download). */
export const GURU_LIST_FIRST: GuruListParams = { bp: '', jenisGuru: '', search: '', page: 1 };

/** The query of a master list. */
export function masterQuery(endpoint: string) {
  return {
    queryKey: guruKeys.master(endpoint),
    queryFn: ({ signal }: { signal: AbortSignal }) => api<MasterRow[]>('GET', endpoint, { signal }),
    staleTime: MASTER_STALE,
  };
}
