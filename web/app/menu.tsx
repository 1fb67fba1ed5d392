import type { ReactNode } from 'react';
import ApiOutlinedDef from '@ant-design/icons-svg/es/asn/ApiOutlined';
import AuditOutlinedDef from '@ant-design/icons-svg/es/asn/AuditOutlined';
import BankOutlinedDef from '@ant-design/icons-svg/es/asn/BankOutlined';
import BarChartOutlinedDef from '@ant-design/icons-svg/es/asn/BarChartOutlined';
import CalendarOutlinedDef from '@ant-design/icons-svg/es/asn/CalendarOutlined';
import CloudUploadOutlinedDef from '@ant-design/icons-svg/es/asn/CloudUploadOutlined';
import DashboardOutlinedDef from '@ant-design/icons-svg/es/asn/DashboardOutlined';
import EnvironmentOutlinedDef from '@ant-design/icons-svg/es/asn/EnvironmentOutlined';
import ExportOutlinedDef from '@ant-design/icons-svg/es/asn/ExportOutlined';
import FolderOpenOutlinedDef from '@ant-design/icons-svg/es/asn/FolderOpenOutlined';
import HistoryOutlinedDef from '@ant-design/icons-svg/es/asn/HistoryOutlined';
import IdcardOutlinedDef from '@ant-design/icons-svg/es/asn/IdcardOutlined';
import ReadOutlinedDef from '@ant-design/icons-svg/es/asn/ReadOutlined';
import SafetyCertificateOutlinedDef from '@ant-design/icons-svg/es/asn/SafetyCertificateOutlined';
import HourglassOutlinedDef from '@ant-design/icons-svg/es/asn/HourglassOutlined';
import ScheduleOutlinedDef from '@ant-design/icons-svg/es/asn/ScheduleOutlined';
import TeamOutlinedDef from '@ant-design/icons-svg/es/asn/TeamOutlined';
import UserOutlinedDef from '@ant-design/icons-svg/es/asn/UserOutlined';
import type { IconDefinition } from '@ant-design/icons-svg/es/types';
import { SvgIcon } from '../components/svg-icon.tsx';
import type { Session } from '#contract/auth.ts';
import { isAdminFamily, isSideFamily, paths, type Family } from './paths.ts';

export const API_DOCS = '/api/docs';

// The menu is drawn before antd is loaded: the same glyphs, without antd's icon runtime.
const icon = (def: IconDefinition) => <SvgIcon icon={def} decorative />;

export interface MenuEntry {
  key: string;
  label: ReactNode;
  /** A shorter label for the top menu of the simple layout when the full ones do not fit. */
  short?: string;
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
  icon: icon(ApiOutlinedDef),
  label: (
    <a
      href={API_DOCS}
      target="_blank"
      rel="noopener noreferrer"
      data-testid="menu-api-docs"
      onClick={(e) => e.stopPropagation()}
      onKeyDown={(e) => e.key === 'Enter' && e.stopPropagation()}
    >
      <span className="mi-full">Dokumentasi API</span>
      <span className="mi-short" aria-hidden="true">
        API
      </span>{' '}
      <SvgIcon icon={ExportOutlinedDef} style={{ fontSize: 11, marginInlineStart: 4 }} aria-label="(tab baru)" />
    </a>
  ),
};

/** SPEC §2 "Menus": the admin and operator menus, with links inside the current layout family. */
export function menuFor(family: Family, session: Session): MenuEntry[] {
  if (isAdminFamily(family)) {
    const items: MenuEntry[] = [
      { key: paths.dashboard(family), label: 'Dashboard', icon: icon(DashboardOutlinedDef) },
      { key: paths.userAccount(family), label: 'Data User Account', short: 'Akun', icon: icon(IdcardOutlinedDef) },
      // A school's detail page belongs to the school list.
      {
        key: paths.dataSekolah(family),
        label: 'Data Sekolah',
        short: 'Sekolah',
        icon: icon(BankOutlinedDef),
        also: [`/${family}/user-detail`],
      },
      {
        key: 'grup-guru',
        label: 'Guru',
        icon: icon(TeamOutlinedDef),
        children: [
          { key: paths.guru(family), label: 'Data Guru', icon: icon(UserOutlinedDef) },
          {
            key: paths.akanKgb(family),
            label: 'Data Guru Akan KGB',
            icon: icon(ScheduleOutlinedDef),
            also: [`/${family}/guru/buat-kgb`, `/${family}/guru/verifikasi-kgb`],
          },
          { key: paths.periodeKgb(family), label: 'Periode KGB Bulanan', icon: icon(CalendarOutlinedDef) },
          { key: paths.kenaikanPangkat(family), label: 'Kenaikan Pangkat', icon: icon(SafetyCertificateOutlinedDef) },
          { key: paths.pensiun(family), label: 'Guru Akan Pensiun', icon: icon(HourglassOutlinedDef) },
          { key: paths.arsipKgb(family), label: 'Arsip KGB', icon: icon(FolderOpenOutlinedDef) },
          { key: `/${family}/guru/impor`, label: 'Impor Guru', icon: icon(CloudUploadOutlinedDef) },
        ],
      },
      {
        key: paths.pejabat(family),
        label: 'Pejabat Penandatangan',
        short: 'Pejabat',
        icon: icon(SafetyCertificateOutlinedDef),
      },
      { key: paths.statistik(family), label: 'Data Statistik', short: 'Statistik', icon: icon(BarChartOutlinedDef) },
      { key: `/${family}/kualitas-data`, label: 'Kualitas Data', icon: icon(AuditOutlinedDef) },
      { key: paths.audit(family), label: 'Log Audit', short: 'Audit', icon: icon(HistoryOutlinedDef) },
      { key: paths.maps(family), label: 'Maps', icon: icon(EnvironmentOutlinedDef) },
    ];
    const news: MenuEntry = isSideFamily(family)
      ? {
          key: 'grup-berita',
          label: 'Berita',
          icon: icon(ReadOutlinedDef),
          children: [
            { key: paths.berita(family), label: 'Data Berita' },
            { key: paths.beritaKategori(family), label: 'Kategori Berita' },
          ],
        }
      : { key: paths.berita(family), label: 'Berita', icon: icon(ReadOutlinedDef) };
    return [...items, news, apiDocs];
  }
  return [
    { key: paths.dashboard(family), label: 'Dashboard', icon: icon(DashboardOutlinedDef) },
    // The school item opens the operator's own school: NPSN = username (SPEC §2).
    {
      key: paths.sekolahOperator(family, session.user.username),
      label: 'Data Sekolah',
      icon: icon(BankOutlinedDef),
      also: [`/${family}/user-detail`],
    },
    {
      key: 'grup-guru',
      label: 'Guru',
      icon: icon(TeamOutlinedDef),
      children: [
        { key: paths.guru(family), label: 'Data Guru', icon: icon(UserOutlinedDef) },
        { key: paths.akanKgb(family), label: 'Data Guru Akan KGB', icon: icon(ScheduleOutlinedDef) },
        { key: paths.kenaikanPangkat(family), label: 'Kenaikan Pangkat', icon: icon(SafetyCertificateOutlinedDef) },
        { key: paths.pensiun(family), label: 'Guru Akan Pensiun', icon: icon(HourglassOutlinedDef) },
      ],
    },
    { key: paths.maps(family), label: 'Maps', icon: icon(EnvironmentOutlinedDef) },
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
