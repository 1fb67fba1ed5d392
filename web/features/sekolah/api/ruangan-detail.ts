import { useQuery } from '@tanstack/react-query';
import type { Ruangan } from '#contract/sarpras.ts';
import { api } from '../../../lib/api-client.ts';
import { keys } from './keys.ts';

/** GET api/sekolah/ruangan/detail/{id}. */
export function useRuangan(id: number) {
  return useQuery({ queryKey: keys.ruangan(id), queryFn: ({ signal }) => api<Ruangan>('GET', `sekolah/ruangan/detail/${id}`, { signal }) });
}
