import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ImporHasil } from '#contract/impor.ts';
import { apiWithMessage } from '../../lib/api-client.ts';
import { guruKeys } from '../guru/api/keys.ts';
import { kualitasKeys } from '../kualitas/api.ts';

function formOf(file: File, confirmed: boolean): FormData {
  const form = new FormData();
  if (confirmed) form.append('konfirmasi', 'ya');
  form.append('file', file);
  return form;
}

/** POST api/guru/import/preview (multipart `file`): every row checked, nothing written. */
export function useImporPreview() {
  return useMutation({
    mutationFn: (file: File) => apiWithMessage<ImporHasil>('POST', 'guru/import/preview', { body: formOf(file, false) }),
  });
}

/** POST api/guru/import (multipart `file` + `konfirmasi=ya`): the valid rows in one transaction. */
export function useImporGuru() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (file: File) => apiWithMessage<ImporHasil>('POST', 'guru/import', { body: formOf(file, true) }),
    onSuccess: () => Promise.all([qc.invalidateQueries({ queryKey: guruKeys.list }), qc.invalidateQueries({ queryKey: kualitasKeys.all })]),
  });
}
