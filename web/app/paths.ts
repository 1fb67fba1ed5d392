import { ROLE_ADMIN } from '#contract/roles.ts';

/** The four route families of SPEC §2: two layouts for each role. */
export type Family = 'admin-side' | 'admin-simple' | 'operator-side' | 'operator-simple';
export const FAMILIES: Family[] = ['admin-side', 'admin-simple', 'operator-side', 'operator-simple'];

export const isAdminFamily = (f: Family) => f.startsWith('admin');
export const isSideFamily = (f: Family) => f.endsWith('-side');

/** The family of the current URL, or null outside the protected areas. */
export function familyOf(pathname: string): Family | null {
  const first = pathname.split('/')[1] ?? '';
  return (FAMILIES as string[]).includes(first) ? (first as Family) : null;
}

/** The landing page of a role (SPEC §6: any role id other than 1 goes to the operator dashboard). */
export function homeOf(roleId: number): string {
  return roleId === ROLE_ADMIN ? '/admin-side/dashboard' : '/operator-side/dashboard';
}

/** Paths inside a family, so links stay in the layout the user is in. */
export const paths = {
  dashboard: (f: Family) => `/${f}/dashboard`,
  userAccount: (f: Family) => `/${f}/user-account`,
  userDetail: (f: Family, npsn: string) => `/${f}/user-detail/${npsn}`,
  dataSekolah: (f: Family) => `/${f}/data-sekolah`,
  sekolahOperator: (f: Family, npsn: string) =>
    f === 'operator-simple' ? `/${f}/sekolah-simple/${npsn}` : `/${f}/sekolah-side/${npsn}`,
  guru: (f: Family) => `/${f}/guru`,
  akanKgb: (f: Family) => `/${f}/guru/akan-kgb`,
  arsipKgb: (f: Family) => `/${f}/guru/arsip-kgb`,
  /** The monthly KGB run, administrators. */
  periodeKgb: (f: Family) => `/${f}/guru/periode-kgb`,
  /** Rank promotion by period (docs/domain/kenaikan-pangkat.md); operators see their school. */
  kenaikanPangkat: (f: Family) => `/${f}/guru/kenaikan-pangkat`,
  /** Retirement at the age limit (docs/domain/pensiun.md); operators see their school. */
  pensiun: (f: Family) => `/${f}/guru/pensiun`,
  buatKgb: (f: Family, id: number | string) => `/${f}/guru/buat-kgb/${id}`,
  /** The sign page exists in the admin-side family only (SPEC §2). */
  verifikasiKgb: (f: Family, id: number | string) => `/${f}/guru/verifikasi-kgb/${id}`,
  pejabat: (f: Family) => `/${f}/pejabat-penandatangan`,
  /** Public check of a letter by its document code (no login). */
  dokumen: (kode?: string) => (kode ? `/dokumen/${encodeURIComponent(kode)}` : '/dokumen'),
  statistik: (f: Family) => `/${f}/statistik`,
  /** The audit log (administrators). */
  audit: (f: Family) => `/${f}/audit`,
  maps: (f: Family) => `/${f}/maps`,
  berita: (f: Family) => `/${f}/berita`,
  beritaKategori: (f: Family) => `/${f}/berita/kategory`,
};

/** Teacher paths inside a route family (SPEC §2): add and edit exist only in the admin families. */
export const guruPaths = {
  list: (f: Family) => `/${f}/guru`,
  detail: (f: Family, id: number | string, tab?: string) => `/${f}/guru/detail-guru/${id}${tab ? `?tab=${tab}` : ''}`,
  add: (f: Family) => `/${f}/guru/add-guru`,
  edit: (f: Family, id: number | string) => `/${f}/guru/edit-guru/${id}`,
};
