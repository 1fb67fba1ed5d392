import { useQuery } from '@tanstack/react-query';
import type { Lahan } from '#contract/sarpras.ts';
import { api } from '../../../lib/api-client.ts';
import { keys } from './keys.ts';

/** GET api/lahan/{id}. */
export function useLahan(id: number) {
  return useQuery({ queryKey: keys.lahan(id), queryFn: ({ signal }) => api<Lahan>('GET', `lahan/${id}`, { signal }) });
}
