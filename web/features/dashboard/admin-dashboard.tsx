import type { ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import { Alert, Button, Card, Col, Row, Skeleton, Statistic, Typography } from 'antd';
import {
  BankOutlined,
  TeamOutlined,
  HourglassOutlined,
  ShopOutlined,
  ScheduleOutlined,
  FlagOutlined,
  SafetyCertificateOutlined,
  UserSwitchOutlined,
  HomeOutlined,
  ReloadOutlined,
} from '@ant-design/icons';
import { DASHBOARD_CARDS, type DashboardKey } from '#contract/dashboard.ts';
import { familyOf, paths, type Family } from '../../app/paths.ts';
import { formatNumber } from '../../lib/format.ts';
import { useDashboard } from './api/dashboard.ts';
import { KenaikanPangkatCard } from '../kenaikan-pangkat/index.ts';
import { PensiunCard } from '../pensiun/index.ts';
import './dashboard.css';

/** Each status card opens the teacher list filtered to that status. */
const guruFiltered = (f: Family, jenis: string) => `${paths.guru(f)}?jenis=${encodeURIComponent(jenis)}`;

interface CardLook {
  icon: ReactNode;
  color: string;
  hint: string;
  /** Where the card leads; none when no screen lists exactly these teachers. */
  to?: (f: Family) => string;
}

const LOOK: Record<DashboardKey, CardLook> = {
  daftar_sekolah: { icon: <BankOutlined />, color: '#1d4ed8', hint: 'Lihat data sekolah', to: paths.dataSekolah },
  daftar_guru: { icon: <TeamOutlined />, color: '#0f766e', hint: 'Lihat data guru', to: paths.guru },
  guru_akan_pensiun: {
    icon: <HourglassOutlined />,
    color: '#b45309',
    hint: 'Pensiun dalam 12 bulan; lihat perkiraan pensiun',
    to: (f) => `${paths.statistik(f)}?tab=perkiraan`,
  },
  honor_sekolah: {
    icon: <ShopOutlined />,
    color: '#7c3aed',
    hint: 'Status Honor Sekolah',
    to: (f) => guruFiltered(f, 'Honor Sekolah'),
  },
  guru_akan_kgb: {
    icon: <ScheduleOutlined />,
    color: '#dc2626',
    hint: 'Lihat daftar guru akan KGB',
    to: paths.akanKgb,
  },
  honor_daerah: {
    icon: <FlagOutlined />,
    color: '#9333ea',
    hint: 'Status Honor Daerah',
    to: (f) => guruFiltered(f, 'Honor Daerah'),
  },
  pns: {
    icon: <SafetyCertificateOutlined />,
    color: '#2563eb',
    hint: 'Pegawai Negeri Sipil',
    to: (f) => guruFiltered(f, 'PNS'),
  },
  gytt: { icon: <UserSwitchOutlined />, color: '#0891b2', hint: 'Guru tidak tetap', to: (f) => guruFiltered(f, 'GTT') },
  gyt: { icon: <HomeOutlined />, color: '#059669', hint: 'Guru tetap yayasan', to: (f) => guruFiltered(f, 'GTY') },
};

/** SPEC §2 "Admin dashboard": the nine count cards, each leading to the screen behind it. */
export function AdminDashboard() {
  const family = familyOf(useLocation().pathname) ?? 'admin-side';
  const dashboard = useDashboard();

  return (
    <>
      <Typography.Title level={1} className="page-title">
        Dashboard
      </Typography.Title>
      <Typography.Paragraph type="secondary">Ringkasan data sekolah dan guru Dinas Pendidikan.</Typography.Paragraph>
      {dashboard.isError && (
        <Alert
          type="error"
          showIcon
          style={{ marginBottom: 16 }}
          title={dashboard.error.message}
          action={
            <Button size="small" icon={<ReloadOutlined />} onClick={() => dashboard.refetch()}>
              Muat ulang
            </Button>
          }
        />
      )}
      <Row gutter={[16, 16]} data-testid="dashboard-cards">
        {DASHBOARD_CARDS.map(({ key, label }) => {
          const look = LOOK[key];
          const value = dashboard.data?.[key];
          const card = (
            <Card
              hoverable={!!look.to}
              className="dashboard-card"
              style={{ borderTopColor: look.color }}
              data-testid={`card-${key}`}
            >
              {dashboard.isPending ? (
                <Skeleton active paragraph={false} />
              ) : (
                <div className="dashboard-card-body">
                  <span className="dashboard-card-icon" style={{ color: look.color, background: `${look.color}1a` }}>
                    {look.icon}
                  </span>
                  <Statistic
                    title={label}
                    value={value ?? 0}
                    formatter={(v) => (
                      <span data-testid={`value-${key}`}>{value === undefined ? '–' : formatNumber(Number(v), 0)}</span>
                    )}
                  />
                </div>
              )}
              <div className="dashboard-card-hint">{look.hint}</div>
            </Card>
          );
          return (
            <Col xs={24} sm={12} xl={8} key={key}>
              {look.to ? <Link to={look.to(family)}>{card}</Link> : card}
            </Col>
          );
        })}
      </Row>
      <KenaikanPangkatCard family={family} />
      <PensiunCard family={family} />
    </>
  );
}
