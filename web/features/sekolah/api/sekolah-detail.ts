import { useQuery } from '@tanstack/react-query';
import type { Sekolah } from '#contract/sekolah.ts';
import { api } from '../../../lib/api-client.ts';
import { keys } from './keys.ts';

/** GET api/sekolah/{npsn}. */
export function useSekolah(npsn: string | undefined) {
  return useQuery({
    queryKey: keys.sekolah(npsn ?? ''),
    queryFn: ({ signal }) => api<Sekolah>('GET', `sekolah/${encodeURIComponent(npsn!)}`, { signal }),
    enabled: !!npsn,
  });
}
