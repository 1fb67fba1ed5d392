import type { ReactNode } from 'react';
import {
  DashboardOutlined, TeamOutlined, BankOutlined, UserOutlined, ScheduleOutlined, FolderOpenOutlined,
  BarChartOutlined, EnvironmentOutlined, ReadOutlined, IdcardOutlined, SafetyCertificateOutlined,
  CloudUploadOutlined, AuditOutlined, ApiOutlined, ExportOutlined, HistoryOutlined,
} from '@ant-design/icons';
import type { Session } from '#contract/auth.ts';
import { isAdminFamily, isSideFamily, paths, type Family } from './paths.ts';

export const API_DOCS = '/api/docs';

export interface MenuEntry {
  key: string;
  label: ReactNode;
  icon?: ReactNode;
  children?: MenuEntry[];
  /** Other path prefixes that belong to this item (pages reached from it, not in the menu). */
  also?: string[];
}

/**
 * The API reference (Swagger UI, served by the server) in a new tab. The link handles the click
 * and Enter itself so the menu does not also route inside the app.
 */
const apiDocs: MenuEntry = {
  key: API_DOCS,
  icon: <ApiOutlined />,
  label: (
    <a href={API_DOCS} target="_blank" rel="noopener noreferrer" data-testid="menu-api-docs"
      onClick={(e) => e.stopPropagation()} onKeyDown={(e) => e.key === 'Enter' && e.stopPropagation()}>
      Dokumentasi API <ExportOutlined style={{ fontSize: 11, marginInlineStart: 4 }} aria-label="(tab baru)" />
    </a>
  ),
};

/** SPEC §2 "Menus": the admin and operator menus, with links inside the current layout family. */
export function menuFor(family: Family, session: Session): MenuEntry[] {
  if (isAdminFamily(family)) {
    const items: MenuEntry[] = [
      { key: paths.dashboard(family), label: 'Dashboard', icon: <DashboardOutlined /> },
      { key: paths.userAccount(family), label: 'Data User Account', icon: <IdcardOutlined /> },
      { key: paths.dataSekolah(family), label: 'Data Sekolah', icon: <BankOutlined /> },
      {
        key: 'grup-guru',
        label: 'Guru',
        icon: <TeamOutlined />,
        children: [
          { key: paths.guru(family), label: 'Data Guru', icon: <UserOutlined /> },
          { key: paths.akanKgb(family), label: 'Data Guru Akan KGB', icon: <ScheduleOutlined />, also: [`/${family}/guru/buat-kgb`, `/${family}/guru/verifikasi-kgb`] },
          { key: paths.arsipKgb(family), label: 'Arsip KGB', icon: <FolderOpenOutlined /> },
          { key: `/${family}/guru/impor`, label: 'Impor Guru', icon: <CloudUploadOutlined /> },
        ],
      },
      { key: paths.pejabat(family), label: 'Pejabat Penandatangan', icon: <SafetyCertificateOutlined /> },
      { key: paths.statistik(family), label: 'Data Statistik', icon: <BarChartOutlined /> },
      { key: `/${family}/kualitas-data`, label: 'Kualitas Data', icon: <AuditOutlined /> },
      { key: paths.audit(family), label: 'Log Audit', icon: <HistoryOutlined /> },
      { key: paths.maps(family), label: 'Maps', icon: <EnvironmentOutlined /> },
    ];
    const news: MenuEntry = isSideFamily(family)
      ? { key: 'grup-berita', label: 'Berita', icon: <ReadOutlined />, children: [
          { key: paths.berita(family), label: 'Data Berita' },
          { key: paths.beritaKategori(family), label: 'Kategori Berita' },
        ] }
      : { key: paths.berita(family), label: 'Berita', icon: <ReadOutlined /> };
    return [...items, news, apiDocs];
  }
  return [
    { key: paths.dashboard(family), label: 'Dashboard', icon: <DashboardOutlined /> },
    // The school item opens the operator's own school: NPSN = username (SPEC §2).
    { key: paths.sekolahOperator(family, session.user.username), label: 'Data Sekolah', icon: <BankOutlined /> },
    {
      key: 'grup-guru',
      label: 'Guru',
      icon: <TeamOutlined />,
      children: [
        { key: paths.guru(family), label: 'Data Guru', icon: <UserOutlined /> },
        { key: paths.akanKgb(family), label: 'Data Guru Akan KGB', icon: <ScheduleOutlined /> },
      ],
    },
    { key: paths.maps(family), label: 'Maps', icon: <EnvironmentOutlined /> },
  ];
}

/** The entry whose path is the longest prefix of the current path: the active item. */
export function activeKey(entries: MenuEntry[], pathname: string): { selected: string | null; parent: string | null } {
  let best: { selected: string | null; parent: string | null } = { selected: null, parent: null };
  let bestLen = 0;
  const visit = (list: MenuEntry[], parent: string | null) => {
    for (const e of list) {
      if (e.children) visit(e.children, e.key);
      else {
        for (const prefix of [e.key, ...(e.also ?? [])]) {
          if ((pathname === prefix || pathname.startsWith(prefix + '/')) && prefix.length > bestLen) {
            best = { selected: e.key, parent };
            bestLen = prefix.length;
          }
        }
      }
    }
  };
  visit(entries, null);
  return best;
}
