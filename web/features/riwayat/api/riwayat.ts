import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Page } from '#contract/paging.ts';
import type { RecordKind, RecordRow } from '#contract/riwayat.ts';
import { api, apiWithMessage } from '../../../lib/api-client.ts';
import { recordKeys } from '../../../lib/query-keys.ts';

/** GET api/<kind>?id_guru&page=1: every row of a teacher (up to 100; the tab shows no pager). */
export function useRecords(kind: RecordKind, guruId: number, enabled = true) {
  return useQuery({
    queryKey: recordKeys.list(guruId, kind),
    queryFn: ({ signal }) => api<Page<RecordRow>>('GET', kind.key, { query: { id_guru: guruId, page: 1 }, signal }),
    enabled,
  });
}

/** Create (POST createPath) or update (updateMethod updatePath): JSON, or multipart with the PDF. */
export function useSaveRecord(kind: RecordKind, guruId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number | null; body: FormData | Record<string, unknown> }) =>
      id === null
        ? apiWithMessage<RecordRow>('POST', kind.createPath, { body })
        : apiWithMessage<RecordRow>(kind.updateMethod, kind.updatePath.replace('{id}', String(id)), { body }),
    // Other kinds show this kind's rows as relation labels (keahlian → pendidikan, diklat).
    onSuccess: () => qc.invalidateQueries({ queryKey: recordKeys.all(guruId) }),
  });
}

/** DELETE api/<kind>/{id}. */
export function useDeleteRecord(kind: RecordKind, guruId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiWithMessage<unknown>('DELETE', `${kind.key}/${id}`),
    onSuccess: () => qc.invalidateQueries({ queryKey: recordKeys.all(guruId) }),
  });
}

/** PUT api/<kind>/verifikasi/{id} (verifiable kinds, administrators). */
export function useVerifyRecord(kind: RecordKind, guruId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiWithMessage<RecordRow>('PUT', `${kind.key}/verifikasi/${id}`),
    onSuccess: () => qc.invalidateQueries({ queryKey: recordKeys.list(guruId, kind) }),
  });
}
