import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { PeriodeKgb, StatusGajiKode, TugasKgb } from '#contract/kgb-periode-values.ts';
import { api, apiWithMessage } from '../../../lib/api-client.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { MSG } from '#contract/messages.ts';
import { getSession } from '../../../lib/session.ts';
import { kgbKeys, type SignSecret } from './kgb.ts';

export const periodeKeys = {
  month: (bulan: string) => [...kgbKeys.all, 'periode', bulan] as const,
  run: (id: number) => [...kgbKeys.all, 'tugas', id] as const,
};

/** GET api/kgb/periode?bulan: the month's teachers and where each stands. */
export function usePeriodeKgb(bulan: string) {
  return useQuery({
    queryKey: periodeKeys.month(bulan),
    queryFn: ({ signal }) => api<PeriodeKgb>('GET', 'kgb/periode', { query: { bulan }, signal }),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

/** GET api/kgb/tugas/{id}, every second while the run goes on. */
export function useTugasKgb(id: number | null) {
  return useQuery({
    queryKey: periodeKeys.run(id ?? 0),
    queryFn: ({ signal }) => api<TugasKgb>('GET', `kgb/tugas/${id}`, { signal }),
    enabled: id != null,
    refetchInterval: (q) => (q.state.data && q.state.data.status !== 'berjalan' ? false : 1000),
    staleTime: 0,
  });
}

export const makeDrafts = (bulan: string, guruIds?: number[]) =>
  apiWithMessage<PeriodeKgb>('POST', 'kgb/periode/draf', {
    body: { bulan, ...(guruIds ? { guru_ids: guruIds } : {}) },
  });
export const returnDraft = (bulan: string, guruId: number, catatan: string) =>
  apiWithMessage<PeriodeKgb>('POST', 'kgb/periode/kembalikan', { body: { bulan, guru_id: guruId, catatan } });
/** POST api/kgb/surat/{id}/status-gaji: what the payroll office answered about a signed letter. */
export const recordGaji = (suratId: number, status: StatusGajiKode, alasan?: string) =>
  apiWithMessage<null>('POST', `kgb/surat/${suratId}/status-gaji`, {
    body: { status, ...(status === 'dikembalikan' ? { alasan } : {}) },
  });
export const startVerify = (bulan: string, guruIds?: number[]) =>
  apiWithMessage<TugasKgb>('POST', 'kgb/periode/verifikasi', {
    body: { bulan, ...(guruIds ? { guru_ids: guruIds } : {}) },
  });
/** Plain calls, not mutations: the passphrase must not stay in the query client's cache. */
export const startSign = (bulan: string, secret: SignSecret, suratIds?: number[], pejabatId?: number, terima = false) =>
  apiWithMessage<TugasKgb>('POST', 'kgb/periode/ttd', {
    body: {
      bulan,
      ...secret,
      ...(suratIds ? { surat_ids: suratIds } : {}),
      ...(pejabatId ? { pejabat_id: pejabatId } : {}),
      ...(terima ? { terima_data_belum_diverifikasi: true } : {}),
    },
  });

/** A POST that answers a signed PDF (the nominative list, a cancellation notice) as a Blob; a refusal as ApiError. */
async function postPdf(path: string, body: unknown): Promise<Blob> {
  const token = getSession()?.access_token;
  let res: Response;
  try {
    res = await fetch(`/api/${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: JSON.stringify(body),
    });
  } catch {
    throw new ApiError(0, MSG.checkConnection);
  }
  if (!res.ok) {
    const env = (await res.json().catch(() => null)) as { diagnostic?: { message?: string; code?: string } } | null;
    throw new ApiError(res.status, env?.diagnostic?.message ?? MSG.checkConnection, env?.diagnostic?.code);
  }
  return res.blob();
}

/** POST api/kgb/periode/nominatif: the signed nominative list (a TMT month or a dispatch day) as a PDF Blob. */
export const signedNominatif = (
  batch: { bulan?: string; tanggal_ttd?: string; bulan_gaji?: string },
  secret: SignSecret,
) => postPdf('kgb/periode/nominatif', { ...batch, ...secret });

/** POST api/kgb/surat/{id}/pembatalan: the signed notice to the payroll office that a letter is cancelled. */
export const cancellationNotice = (suratId: number, secret: SignSecret) =>
  postPdf(`kgb/surat/${suratId}/pembatalan`, { ...secret });
