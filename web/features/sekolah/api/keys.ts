/** Query keys of the school screens; mutations invalidate by prefix. */
export const keys = {
  master: (name: string) => ['master', name] as const,
  sekolahList: ['sekolah-list'] as const,
  sekolah: (npsn: string) => ['sekolah', npsn] as const,
  ruanganList: (npsn: string) => ['ruangan', npsn] as const,
  ruangan: (id: number) => ['ruangan-detail', id] as const,
  asetList: (roomId: number) => ['aset', roomId] as const,
  lahanList: (npsn: string) => ['lahan', npsn] as const,
  lahan: (id: number) => ['lahan-detail', id] as const,
  galeriList: (npsn: string) => ['galeri', npsn] as const,
};

/** Master lists change rarely: kept for the session. */
export const MASTER_STALE = 30 * 60_000;
