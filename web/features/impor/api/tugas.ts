import { useQuery, type QueryClient } from '@tanstack/react-query';
import type { ImporTugas } from '#contract/impor.ts';
import { api, apiWithMessage } from '../../../lib/api-client.ts';
import { invalidateAfterImport } from './impor.ts';

// The teacher import in the background (docs/domain/dapodik.md, "Impor besar"): many school files
// at once, written on the server in batches; the page only starts, watches, cancels and resumes.

export const imporTugasKeys = {
  all: ['impor-tugas'] as const,
  list: ['impor-tugas', 'list'] as const,
  run: (id: number) => ['impor-tugas', 'run', id] as const,
};

/** How often a running import is asked for its progress. */
export const POLL_MS = 1500;

/** GET api/guru/import/tugas: the last 10 runs, newest first. */
export function useImporTugasList() {
  return useQuery({
    queryKey: imporTugasKeys.list,
    queryFn: ({ signal }) => api<ImporTugas[]>('GET', 'guru/import/tugas', { signal }),
    staleTime: 0,
  });
}

/** GET api/guru/import/tugas/{id}, every POLL_MS while the run goes on. */
export function useImporTugas(id: number | null) {
  return useQuery({
    queryKey: imporTugasKeys.run(id ?? 0),
    queryFn: ({ signal }) => api<ImporTugas>('GET', `guru/import/tugas/${id}`, { signal }),
    enabled: id != null,
    refetchInterval: (q) => (q.state.data?.status === 'berjalan' ? POLL_MS : false),
    staleTime: 0,
  });
}

/** POST api/guru/import/tugas (multipart, one part a file; `npsn` for a single Dapodik file whose name carries none). */
export function startImporTugas(files: File[], npsn: string | null) {
  const form = new FormData();
  if (npsn && files.length === 1) form.append('npsn', npsn);
  files.forEach((f, i) => form.append(`berkas${i}`, f, f.name));
  return apiWithMessage<ImporTugas>('POST', 'guru/import/tugas', { body: form });
}

export const cancelImporTugas = (id: number) => apiWithMessage<ImporTugas>('POST', `guru/import/tugas/${id}/batal`);
export const resumeImporTugas = (id: number) => apiWithMessage<ImporTugas>('POST', `guru/import/tugas/${id}/lanjut`);

/** A run's new state from an answer: the run's query and the list follow it at once. */
export function storeImporTugas(qc: QueryClient, run: ImporTugas) {
  qc.setQueryData(imporTugasKeys.run(run.id), run);
  qc.setQueryData<ImporTugas[]>(imporTugasKeys.list, (list) =>
    list ? (list.some((r) => r.id === run.id) ? list.map((r) => (r.id === run.id ? run : r)) : [run, ...list]) : [run],
  );
}

/** A run ended: the teacher lists and records, the data-quality counts, the dashboard and the run list are read again. */
export const afterImporTugas = (qc: QueryClient) =>
  Promise.all([
    invalidateAfterImport(qc),
    qc.invalidateQueries({ queryKey: ['guru'] }),
    qc.invalidateQueries({ queryKey: ['dashboard'] }),
    qc.invalidateQueries({ queryKey: imporTugasKeys.list }),
  ]);
