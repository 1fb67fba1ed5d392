// Teacher values: plain values without zod, so a screen that needs only these does not download zod and
// the schemas of guru.ts. guru.ts re-exports them for the server.

export const GURU_PAGE_SIZE = 10;
/** SPEC §5: the teacher list's education-level filter, with SMK (a provincial office's SMK teachers; spec deviation 65). */
export const FILTER_BP = ['TK', 'SD', 'SMP', 'SMA', 'SMK', 'SLB'] as const;
export const STATUS_NIKAH = ['Single', 'Nikah'] as const;
export const SERTIFIKASI = ['Ya', 'Tidak'] as const;
export const VERIFIKASI_BELUM = 0;
export const VERIFIKASI_SUDAH = 1;

const blankTitle = (v: string | null | undefined) => v === null || v === undefined || v.trim() === '';

/** A name as letters and lists print it: front title, name, then the back title after a comma ('Dr. Siti Aminah, S.Pd., M.Pd.'). */
export function namaLengkap(g: { nama: string; gelar_depan?: string | null; gelar_belakang?: string | null }): string {
  const front = blankTitle(g.gelar_depan) ? '' : `${g.gelar_depan!.trim()} `;
  const back = blankTitle(g.gelar_belakang) ? '' : `, ${g.gelar_belakang!.trim()}`;
  return `${front}${g.nama}${back}`;
}
