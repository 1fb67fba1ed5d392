import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Guru, GuruUpdateBody } from '#contract/guru.ts';
import { api, apiWithMessage } from '../../../lib/api-client.ts';
import { guruKeys } from '../../../lib/query-keys.ts';
import { guruListQuery, type GuruListParams } from './queries.ts';

export type { GuruListParams };

export function useGuruList(params: GuruListParams) {
  return useQuery({ ...guruListQuery(params), placeholderData: keepPreviousData });
}

/** GET api/guru/{id}. */
export function useGuru(id: number) {
  return useQuery({
    queryKey: guruKeys.detail(id),
    queryFn: ({ signal }) => api<Guru>('GET', `guru/${id}`, { signal }),
    enabled: Number.isInteger(id) && id > 0,
  });
}

/** POST api/guru (multipart with the photo). */
export function useCreateGuru() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (form: FormData) => apiWithMessage<Guru>('POST', 'guru', { body: form }),
    onSuccess: () => qc.invalidateQueries({ queryKey: guruKeys.list }),
  });
}

/** PUT api/guru/{id} (JSON, every field plus kode_wilayah). */
export function useUpdateGuru(id: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: GuruUpdateBody) => apiWithMessage<Guru>('PUT', `guru/${id}`, { body }),
    onSuccess: (r) => {
      qc.setQueryData(guruKeys.detail(id), r.data);
      return qc.invalidateQueries({ queryKey: guruKeys.list });
    },
  });
}

/** POST api/guru/{id}/foto (multipart `foto`): change the photo. */
export function useGuruFoto(id: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (file: File) => {
      const form = new FormData();
      form.append('foto', file);
      return apiWithMessage<Guru>('POST', `guru/${id}/foto`, { body: form });
    },
    onSuccess: (r) => qc.setQueryData(guruKeys.detail(id), r.data),
  });
}

/** PUT api/guru/verifikasi/{id} with an empty body, then the detail reloads (SPEC §4). */
export function useVerifyGuru(id: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => apiWithMessage<Guru>('PUT', `guru/verifikasi/${id}`),
    onSuccess: () =>
      Promise.all([
        qc.invalidateQueries({ queryKey: guruKeys.detail(id) }),
        qc.invalidateQueries({ queryKey: guruKeys.list }),
      ]),
  });
}

/** PUT api/guru/{id}/status-kepegawaian (administrators): the employment state. */
export function useSetStatusKepegawaian(id: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: { status: string; tanggal: string; keterangan: string }) =>
      apiWithMessage<Guru>('PUT', `guru/${id}/status-kepegawaian`, { body }),
    onSuccess: (r) => {
      qc.setQueryData(guruKeys.detail(id), r.data);
      // The due list and the counts change with it.
      return Promise.all([
        qc.invalidateQueries({ queryKey: guruKeys.list }),
        qc.invalidateQueries({ queryKey: ['kgb'] }),
      ]);
    },
  });
}
