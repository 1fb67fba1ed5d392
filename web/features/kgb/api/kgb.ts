import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Page } from '#contract/paging.ts';
import type {
  ArsipKgbItem,
  DokumenInfo,
  KgbDueItem,
  KgbPdf,
  LetterSettings,
  Pejabat,
  PenundaanKgb,
  StatusSertifikat,
  SuratKgb,
} from '#contract/kgb.ts';
import { api, apiWithMessage } from '../../../lib/api-client.ts';

/** Query keys of the KGB screens; writes invalidate by prefix. */
/** What unlocks a signature: the passphrase, or (BSrE) a TOTP code from the BeSign app. */
export type SignSecret = { passphrase: string } | { totp: string };

export const kgbKeys = {
  all: ['kgb'] as const,
  due: ['kgb', 'due'] as const,
  pdf: (id: number) => ['kgb', 'pdf', id] as const,
  surat: (id: number) => ['kgb', 'surat', id] as const,
  penundaan: (id: number) => ['kgb', 'penundaan', id] as const,
  arsip: ['kgb', 'arsip'] as const,
  pejabat: ['kgb-pejabat'] as const,
  settings: ['kgb-pengaturan'] as const,
  dokumen: (kode: string) => ['kgb-dokumen', kode] as const,
};

export const BENTUK_PENDIDIKAN = ['TK', 'SD', 'SMP', 'SMA', 'SMK', 'SLB'] as const;

export interface DueParams {
  bp: string;
  cari: string;
  page: number;
}

/** GET api/kgb?page&cari&bentuk_pendidikan: teachers due for KGB (operators: their school only). */
export function useKgbDueList({ bp, cari, page }: DueParams) {
  return useQuery({
    queryKey: [...kgbKeys.due, bp, cari, page],
    queryFn: ({ signal }) =>
      api<Page<KgbDueItem>>('GET', 'kgb', { query: { page, cari, bentuk_pendidikan: bp }, signal }),
    placeholderData: keepPreviousData,
  });
}

/** GET api/kgb/{id}/pdf: the letter of the teacher's current KGB (draft or verified) and its plan. */
export function useKgbPdf(id: number) {
  return useQuery({
    queryKey: kgbKeys.pdf(id),
    queryFn: ({ signal }) => api<KgbPdf>('GET', `kgb/${id}/pdf`, { signal }),
    enabled: Number.isInteger(id) && id > 0,
    staleTime: 0,
  });
}

/** GET api/kgb/{id}/verifikasi: freezes the draft as the letter to sign. */
export function useVerifyKgb(id: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => apiWithMessage<SuratKgb>('GET', `kgb/${id}/verifikasi`),
    onSuccess: () => qc.invalidateQueries({ queryKey: kgbKeys.all }),
  });
}

/** GET api/kgb/{id}/surat: the teacher's latest letter (verified or signed), 404 without one. */
export function useKgbSurat(id: number) {
  return useQuery({
    queryKey: kgbKeys.surat(id),
    queryFn: ({ signal }) => api<SuratKgb>('GET', `kgb/${id}/surat`, { signal }),
    enabled: Number.isInteger(id) && id > 0,
    staleTime: 0,
  });
}

/**
 * POST api/kgb/{id}/signature. A plain call, not a mutation: the passphrase must not stay in
 * the query client's mutation cache (it lives only in the modal's state until the call ends).
 */
export function signKgb(id: number, secret: SignSecret, terimaDataBelumDiverifikasi = false) {
  return apiWithMessage<SuratKgb>('POST', `kgb/${id}/signature`, {
    body: { ...secret, ...(terimaDataBelumDiverifikasi ? { terima_data_belum_diverifikasi: true } : {}) },
  });
}

/** POST api/kgb/surat/{id}/batal: cancels a verified or signed letter, with a reason (administrators). */
export function useCancelKgbSurat() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ suratId, alasan }: { suratId: number; guruId: number; alasan: string }) =>
      apiWithMessage<SuratKgb>('POST', `kgb/surat/${suratId}/batal`, { body: { alasan } }),
    onSuccess: (r, { guruId }) => {
      qc.setQueryData(kgbKeys.surat(guruId), r.data);
      return qc.invalidateQueries({ queryKey: kgbKeys.all });
    },
  });
}

/** GET api/kgb/{id}/penundaan: the teacher's KGB postponements, oldest first. */
export function usePenundaan(id: number) {
  return useQuery({
    queryKey: kgbKeys.penundaan(id),
    queryFn: ({ signal }) => api<PenundaanKgb[]>('GET', `kgb/${id}/penundaan`, { signal }),
  });
}

/** POST api/kgb/{id}/penundaan and DELETE api/kgb/penundaan/{id}: both move the next TMT. */
export function usePenundaanChange(id: number) {
  const qc = useQueryClient();
  const done = (r: { data: PenundaanKgb[] }) => {
    qc.setQueryData(kgbKeys.penundaan(id), r.data);
    return qc.invalidateQueries({ queryKey: kgbKeys.all });
  };
  return {
    postpone: useMutation({
      mutationFn: (body: { bulan: number; alasan: string; nomor_sk: string }) =>
        apiWithMessage<PenundaanKgb[]>('POST', `kgb/${id}/penundaan`, { body }),
      onSuccess: done,
    }),
    remove: useMutation({
      mutationFn: (penundaanId: number) => apiWithMessage<PenundaanKgb[]>('DELETE', `kgb/penundaan/${penundaanId}`),
      onSuccess: done,
    }),
  };
}

/** The archive's search and filters (GET api/arsip/kgb): name or NIP, TMT month, school, state. */
export interface ArsipFilters {
  cari: string;
  bulan: string;
  npsn: string;
  status: string;
}

/** GET api/arsip/kgb?page&cari&bulan&npsn&status: signed letters, newest first. */
export function useArsipKgb(page: number, f: ArsipFilters = { cari: '', bulan: '', npsn: '', status: '' }) {
  const query = { page, ...Object.fromEntries(Object.entries(f).filter(([, v]) => v !== '')) };
  return useQuery({
    queryKey: [...kgbKeys.arsip, query],
    queryFn: ({ signal }) => api<Page<ArsipKgbItem>>('GET', 'arsip/kgb', { query, signal }),
    placeholderData: keepPreviousData,
  });
}

/** GET api/pejabat: the signing officials. */
/** GET api/pejabat/status: each BSrE official's certificate as BSrE reports it (only with SIGNER=bsre). */
export function useStatusSertifikat(enabled: boolean) {
  return useQuery({
    queryKey: [...kgbKeys.pejabat, 'status'],
    queryFn: ({ signal }) => api<StatusSertifikat[]>('GET', 'pejabat/status', { signal }),
    enabled,
    staleTime: 60_000,
  });
}

export function usePejabat(enabled = true) {
  return useQuery({
    queryKey: kgbKeys.pejabat,
    queryFn: ({ signal }) => api<Pejabat[]>('GET', 'pejabat', { signal }),
    enabled,
  });
}

/** POST api/pejabat (multipart; with `p12` an existing key, without it the server creates one). */
export function useCreatePejabat() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (form: FormData) => apiWithMessage<Pejabat>('POST', 'pejabat', { body: form }),
    onSuccess: () => qc.invalidateQueries({ queryKey: kgbKeys.pejabat }),
    // The form data carries the passphrase: do not keep it in the mutation cache.
    gcTime: 0,
  });
}

/** PUT api/pejabat/{id}/aktif: the official who signs new letters. */
export function useActivatePejabat() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiWithMessage<Pejabat[]>('PUT', `pejabat/${id}/aktif`),
    onSuccess: (r) => {
      qc.setQueryData(kgbKeys.pejabat, r.data);
      return qc.invalidateQueries({ queryKey: kgbKeys.all });
    },
  });
}

/** GET api/pengaturan/kgb. */
export function useLetterSettings() {
  return useQuery({
    queryKey: kgbKeys.settings,
    queryFn: ({ signal }) => api<LetterSettings>('GET', 'pengaturan/kgb', { signal }),
  });
}

/** PUT api/pengaturan/kgb. */
export function useSaveLetterSettings() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: LetterSettings) => apiWithMessage<LetterSettings>('PUT', 'pengaturan/kgb', { body }),
    onSuccess: (r) => {
      qc.setQueryData(kgbKeys.settings, r.data);
      return qc.invalidateQueries({ queryKey: kgbKeys.all });
    },
  });
}

/** GET api/dokumen/{kode}: public facts of a letter. */
export function useDokumen(kode: string) {
  return useQuery({
    queryKey: kgbKeys.dokumen(kode),
    queryFn: ({ signal }) => api<DokumenInfo>('GET', `dokumen/${encodeURIComponent(kode)}`, { signal }),
    enabled: kode !== '',
  });
}

export interface CekDokumen {
  cocok: boolean;
  sha256_unggahan: string;
  sha256_tersimpan: string;
}

/** POST api/dokumen/{kode}/cek (multipart `file`): is this copy the stored letter, byte for byte? */
export function useCekDokumen(kode: string) {
  return useMutation({
    mutationFn: (file: File) => {
      const form = new FormData();
      form.append('file', file);
      return apiWithMessage<CekDokumen>('POST', `dokumen/${encodeURIComponent(kode)}/cek`, { body: form });
    },
  });
}
