import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { KpItem, KpRingkasan, KpUsulan, TetapkanBody } from '#contract/kenaikan-pangkat.ts';
import type { Page } from '#contract/paging.ts';
import { api, apiWithMessage } from '../../../lib/api-client.ts';

export const kpKeys = {
  all: ['kenaikan-pangkat'] as const,
  list: (q: KpListParams) => ['kenaikan-pangkat', 'list', q] as const,
  usulan: (periode: string) => ['kenaikan-pangkat', 'usulan', periode] as const,
  guru: (id: number) => ['kenaikan-pangkat', 'guru', id] as const,
  ringkasan: (periode: string) => ['kenaikan-pangkat', 'ringkasan', periode] as const,
};

export interface KpListParams {
  periode: string;
  page: number;
  cari: string;
  bentuk_pendidikan: string;
  status: string;
}

export type KpList = Page<KpItem>;

/** GET api/kenaikan-pangkat: the period's teachers with their result (operators: their school). */
export function useKpList(q: KpListParams) {
  return useQuery({
    queryKey: kpKeys.list(q),
    queryFn: ({ signal }) => api<KpList>('GET', 'kenaikan-pangkat', { query: { ...q }, signal }),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

/** GET api/kenaikan-pangkat/usulan: the period's proposal batches (administrators). */
export function useKpUsulan(periode: string, enabled: boolean) {
  return useQuery({
    queryKey: kpKeys.usulan(periode),
    queryFn: ({ signal }) => api<KpUsulan[]>('GET', 'kenaikan-pangkat/usulan', { query: { periode }, signal }),
    enabled,
    staleTime: 0,
  });
}

/** GET api/kenaikan-pangkat/guru/{id}: the next period's result of one teacher. */
export function useKpGuru(id: number) {
  return useQuery({
    queryKey: kpKeys.guru(id),
    queryFn: ({ signal }) => api<KpItem>('GET', `kenaikan-pangkat/guru/${id}`, { signal }),
    staleTime: 0,
  });
}

/** GET api/kenaikan-pangkat/ringkasan: a period's counts (the dashboard card). */
export function useKpRingkasan(periode: string) {
  return useQuery({
    queryKey: kpKeys.ringkasan(periode),
    queryFn: ({ signal }) => api<KpRingkasan>('GET', 'kenaikan-pangkat/ringkasan', { query: { periode }, signal }),
  });
}

export const propose = (body: { periode: string; nomor_surat: string; tanggal_surat: string; guru_ids: number[] }) =>
  apiWithMessage<KpUsulan>('POST', 'kenaikan-pangkat/usulan', { body });
export const setStatus = (id: number, status: 'diusulkan' | 'bts' | 'tms', alasan?: string) =>
  apiWithMessage<unknown>('POST', `kenaikan-pangkat/usulan-guru/${id}/status`, {
    body: { status, ...(alasan ? { alasan } : {}) },
  });
export const setDokumen = (id: number, dokumen: Record<string, boolean>) =>
  apiWithMessage<unknown>('PUT', `kenaikan-pangkat/usulan-guru/${id}/dokumen`, { body: { dokumen } });
export const decide = (id: number, body: TetapkanBody) =>
  apiWithMessage<unknown>('POST', `kenaikan-pangkat/usulan-guru/${id}/tetapkan`, { body });
