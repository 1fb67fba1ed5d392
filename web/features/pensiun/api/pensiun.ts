import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { PensiunItem, PensiunRingkasan, StatusUsulPensiun } from '#contract/pensiun-values.ts';
import type { Page } from '#contract/paging.ts';
import { api, apiWithMessage } from '../../../lib/api-client.ts';

export const pensiunKeys = {
  all: ['pensiun'] as const,
  list: (q: PensiunListParams) => ['pensiun', 'list', q] as const,
};

export interface PensiunListParams {
  bulan: number;
  page: number;
  cari: string;
}

/** GET api/pensiun: teachers reaching the age limit within the window (operators: their school). */
export function usePensiunList(q: PensiunListParams) {
  return useQuery({
    queryKey: pensiunKeys.list(q),
    queryFn: ({ signal }) => api<Page<PensiunItem>>('GET', 'pensiun', { query: { ...q }, signal }),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

/** GET api/pensiun/ringkasan: the dashboard card's counts. */
export function usePensiunRingkasan() {
  return useQuery({
    queryKey: ['pensiun', 'ringkasan'],
    queryFn: ({ signal }) => api<PensiunRingkasan>('GET', 'pensiun/ringkasan', { signal }),
  });
}

export type UsulPensiunInput =
  | { status: 'disiapkan' }
  | { status: 'diusulkan'; nomor_surat: string; tanggal_surat: string }
  | { status: 'dikembalikan'; alasan: string }
  | { status: 'ditetapkan'; sk_nomor: string; sk_tanggal: string; sk_tmt: string };

/** PUT api/pensiun/{id}/usul: the proposal's next state, from the version the page shows. */
export const ubahUsul = (
  guruId: number,
  versi: number | null,
  input: UsulPensiunInput & { status: StatusUsulPensiun },
) => apiWithMessage<PensiunItem>('PUT', `pensiun/${guruId}/usul`, { body: { ...input, versi } });
