import type { ImporAksi, ImporHasil } from '#contract/impor.ts';

export const AKSI: Record<ImporAksi, { label: string; color: string }> = {
  baru: { label: 'Baru', color: 'green' },
  ubah: { label: 'Ubah', color: 'blue' },
  sama: { label: 'Sama', color: 'default' },
  galat: { label: 'Galat', color: 'red' },
  tendik: { label: 'Bukan guru', color: 'purple' },
};
export const AKSI_ORDER: ImporAksi[] = ['baru', 'ubah', 'sama', 'galat', 'tendik'];
export type Filter = 'semua' | ImporAksi;

export const fmt = (n: number) => n.toLocaleString('id-ID');

/** Valid rows: everything the server would not skip as faulty or as education staff ('sama' rows are valid but unchanged). */
export const validOf = (h: ImporHasil) => h.ringkasan.total - h.ringkasan.galat - (h.ringkasan.tendik ?? 0);
