import { useQuery } from '@tanstack/react-query';
import type { KualitasCount, KualitasKode, KualitasRow } from '#contract/kualitas.ts';
import type { Page } from '#contract/paging.ts';
import { api } from '../../../lib/api-client.ts';
import { kualitasKeys } from '../../../lib/query-keys.ts';

/** GET api/kualitas-data: the count of every check. */
export function useKualitasCounts() {
  return useQuery({
    queryKey: kualitasKeys.counts,
    queryFn: ({ signal }) => api<KualitasCount[]>('GET', 'kualitas-data', { signal }),
  });
}

/** GET api/kualitas-data/{kode}?page: the teachers or schools behind one count. */
export function useKualitasList(kode: KualitasKode | null, page: number) {
  return useQuery({
    queryKey: kualitasKeys.list(kode ?? 'guru-tanpa-nuptk', page),
    queryFn: ({ signal }) => api<Page<KualitasRow>>('GET', `kualitas-data/${kode}`, { query: { page }, signal }),
    enabled: kode !== null,
    // While another page of the same check loads, its rows stay; another check starts empty.
    placeholderData: (prev, prevQuery) => (prevQuery?.queryKey[2] === kode ? prev : undefined),
  });
}
