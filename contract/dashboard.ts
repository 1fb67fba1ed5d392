// The administrator's count cards (SPEC §2 "Admin dashboard", §3 "Dashboard"): GET api/dashboard.

export interface Dashboard {
  /** Registered schools. */
  daftar_sekolah: number;
  /** Recorded teachers. */
  daftar_guru: number;
  /** Teachers whose retirement (BUP) falls after today and within the next 12 months. */
  guru_akan_pensiun: number;
  /** Teachers with status Honor Sekolah. */
  honor_sekolah: number;
  /** PNS teachers due for KGB: from two months before the next TMT until its letter is signed. */
  guru_akan_kgb: number;
  /** Teachers with status Honor Daerah. */
  honor_daerah: number;
  /** Civil-servant teachers (PNS). */
  pns: number;
  /** Guru tidak tetap (status GTT). */
  gytt: number;
  /** Guru tetap yayasan (status GTY). */
  gyt: number;
}

export type DashboardKey = keyof Dashboard;

/** The cards in the spec's order, with their Indonesian labels. */
export const DASHBOARD_CARDS: { key: DashboardKey; label: string }[] = [
  { key: 'daftar_sekolah', label: 'Sekolah Terdaftar' },
  { key: 'daftar_guru', label: 'Guru Terdata' },
  { key: 'guru_akan_pensiun', label: 'Guru Akan Pensiun' },
  { key: 'honor_sekolah', label: 'Guru Honor Sekolah' },
  { key: 'guru_akan_kgb', label: 'Guru Akan KGB' },
  { key: 'honor_daerah', label: 'Guru Honor Daerah' },
  { key: 'pns', label: 'Guru PNS' },
  { key: 'gytt', label: 'Guru Tidak Tetap (GTT)' },
  { key: 'gyt', label: 'Guru Tetap Yayasan (GTY)' },
];
