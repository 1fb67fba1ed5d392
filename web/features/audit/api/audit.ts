import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { AuditDetail, AuditRow } from '#contract/audit.ts';
import type { Page } from '#contract/paging.ts';
import { api } from '../../../lib/api-client.ts';
import { searchOf, type AuditFilters } from '../format.ts';

export const auditKeys = {
  all: ['audit'] as const,
  list: (f: AuditFilters) => ['audit', 'list', searchOf(f)] as const,
  detail: (id: number) => ['audit', 'detail', id] as const,
};

/** GET api/audit?page&tabel&aksi&username&entitas_id&dari&sampai: 25 rows a page, newest first. */
export function useAuditList(filters: AuditFilters) {
  return useQuery({
    queryKey: auditKeys.list(filters),
    queryFn: ({ signal }) => api<Page<AuditRow>>('GET', 'audit', { query: searchOf(filters), signal }),
    // Another page or filter keeps the rows on screen (dimmed by the spinner) until it arrives.
    placeholderData: keepPreviousData,
  });
}

/** GET api/audit/{id}: the record with both row images. A record never changes once written. */
export function useAuditDetail(id: number | null) {
  return useQuery({
    queryKey: auditKeys.detail(id ?? 0),
    queryFn: ({ signal }) => api<AuditDetail>('GET', `audit/${id}`, { signal }),
    enabled: id !== null && id > 0,
    staleTime: Infinity,
  });
}
