import type { Page } from '#contract/paging.ts';
import type { GuruRow } from '#contract/guru.ts';
import { api } from '../../../lib/api-client.ts';
import { guruKeys, MASTER_STALE } from '../../../lib/query-keys.ts';
import type { MasterRow } from './master.ts';

// Query definitions shared by the screens' hooks and the routes' loaders (router.tsx), which start
// a screen's first requests while its code downloads. No React here: the entry imports it.

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

/**
 * The list's state in the URL (it survives navigation, reload and "back"):
 * ?bp=SMA&jenis=PNS&q=siti&page=2. The route's loader reads the same, so the screen's first page is
 * requested while its code downloads.
 */
export function guruListParams(sp: URLSearchParams): GuruListParams {
  const page = Number(sp.get('page'));
  return {
    bp: sp.get('bp') ?? '',
    jenisGuru: sp.get('jenis') ?? '',
    search: (sp.get('q') ?? '').trim(),
    page: Number.isInteger(page) && page > 0 ? page : 1,
  };
}

/** The URL query of a list state (empty parts left out). */
export function guruListSearch(p: GuruListParams): string {
  const sp = new URLSearchParams();
  if (p.bp) sp.set('bp', p.bp);
  if (p.jenisGuru) sp.set('jenis', p.jenisGuru);
  if (p.search) sp.set('q', p.search);
  if (p.page > 1) sp.set('page', String(p.page));
  const q = sp.toString();
  return q ? `?${q}` : '';
}

/** The query of a master list. */
export function masterQuery(endpoint: string) {
  return {
    queryKey: guruKeys.master(endpoint),
    queryFn: ({ signal }: { signal: AbortSignal }) => api<MasterRow[]>('GET', endpoint, { signal }),
    staleTime: MASTER_STALE,
  };
}
