import { useQuery } from '@tanstack/react-query';
import { REFERENSI_ENDPOINTS } from '#contract/master-guru.ts';
import { masterQuery } from './queries.ts';

/** An item of a teacher master list: `id` plus the endpoint's own name fields. */
export type MasterRow = { id: number } & Record<string, unknown>;

/** GET api/<endpoint> (endpoint may carry its query, e.g. masterkeahlian?keahlian_tipe=umum). */
export function useMaster(endpoint: string | undefined, enabled = true) {
  return useQuery({ ...masterQuery(endpoint ?? ''), enabled: enabled && !!endpoint });
}

/** The name field of a master endpoint (REFERENSI_ENDPOINTS), 'nama' when not listed. */
export function nameFieldOf(endpoint: string): string {
  const path = endpoint.split('?')[0];
  return REFERENSI_ENDPOINTS.find((e) => e.path === path)?.nameField ?? 'nama';
}

/** Select options of a master list, by id (value = id) or by name (value = the name). */
export function masterOptions(rows: MasterRow[] | undefined, labelField: string, by: 'id' | 'name' = 'id') {
  return (rows ?? []).map((r) => {
    const label = String(r[labelField] ?? r.id);
    return { value: by === 'id' ? r.id : label, label } as { value: number | string; label: string };
  });
}
