// Master lists: plain values without zod, so a screen that needs only these does not download zod and
// the schemas of master.ts. master.ts re-exports them for the server.

// SLB (sekolah luar biasa) beside SPEC's five: a provincial office manages SMA, SMK and SLB
// (UU 23/2014, contract/kantor-values.ts JENJANG_KANTOR); which of them an office offers follows it.
export const BENTUK_PENDIDIKAN = ['TK', 'SD', 'SMP', 'SMA', 'SMK', 'SLB'] as const;
export type BentukPendidikan = (typeof BENTUK_PENDIDIKAN)[number];
export const STATUS_SEKOLAH = ['Negeri', 'Swasta'] as const;
/** docs/domain/data-guru.md: room and land condition master list, best first. */
export const KONDISI = ['Baik', 'Rusak Ringan', 'Rusak Sedang', 'Rusak Berat'] as const;
export type Kondisi = (typeof KONDISI)[number];
export const JENIS_GALERI = ['sekolah', 'ruangan'] as const;
