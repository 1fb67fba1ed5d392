import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { ImporHasil } from '#contract/impor.ts';
import { apiWithMessage } from '../../../lib/api-client.ts';
import { guruKeys, kualitasKeys, sekolahKeys } from '../../../lib/query-keys.ts';

/** What is imported: teachers (template or Dapodik export), the decree history (api/riwayat-sk) or the schools (Dapodik school list). */
export type ImporJenis = 'guru' | 'sk' | 'sekolah';
const BASE: Record<ImporJenis, string> = { guru: 'guru/import', sk: 'riwayat-sk/import', sekolah: 'sekolah/import' };

/** The file and, for a Dapodik export without an NPSN column, the school's NPSN. */
export interface ImporUpload {
  jenis: ImporJenis;
  file: File;
  npsn?: string | null;
}

function formOf({ file, npsn }: ImporUpload, confirmed: boolean): FormData {
  const form = new FormData();
  if (confirmed) form.append('konfirmasi', 'ya');
  if (npsn) form.append('npsn', npsn);
  form.append('file', file);
  return form;
}

/** POST api/guru/import/preview (multipart `file`, optional `npsn`): every row checked, nothing written. */
export function useImporPreview() {
  return useMutation({
    mutationFn: (u: ImporUpload) =>
      apiWithMessage<ImporHasil>('POST', `${BASE[u.jenis]}/preview`, { body: formOf(u, false) }),
  });
}

/** POST api/guru/import (multipart `file` + `konfirmasi=ya`, optional `npsn`): the valid rows in one transaction. */
export function useImporGuru() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (u: ImporUpload) =>
      apiWithMessage<ImporHasil & { guru_disinkron?: number }>('POST', BASE[u.jenis], { body: formOf(u, true) }),
    onSuccess: () => invalidateAfterImport(qc),
  });
}

/** After an import: the teacher and school lists and the data-quality counts are read again. */
export function invalidateAfterImport(qc: QueryClient) {
  return Promise.all([
    qc.invalidateQueries({ queryKey: guruKeys.list }),
    qc.invalidateQueries({ queryKey: kualitasKeys.all }),
    qc.invalidateQueries({ queryKey: sekolahKeys.sekolahList }),
    qc.invalidateQueries({ queryKey: ['semua-sekolah'] }),
  ]);
}
