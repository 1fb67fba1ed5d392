import { lazy, Suspense, type ReactNode } from 'react';
import { Navigate, useParams, useSearchParams } from 'react-router';
import { Avatar, Button, Descriptions, Result, Space, Spin, Tabs, Tag, Typography } from 'antd';
import { BankOutlined } from '@ant-design/icons';
import { MSG } from '#contract/messages.ts';
import { ApiError } from '../../lib/api-client.ts';
import { getSession, isAdmin } from '../../lib/session.ts';
import { orEmpty } from '../../lib/format.ts';
import { useSekolah } from './api/sekolah-detail.ts';
import { IdentitasTab } from './components/identitas-tab.tsx';

// The identity tab is what the page shows first; the other tabs (tables, forms, uploads) are
// downloaded when opened.
const RuanganTab = lazy(() => import('./components/ruangan-tab.tsx').then((m) => ({ default: m.RuanganTab })));
const LahanTab = lazy(() => import('./components/lahan-tab.tsx').then((m) => ({ default: m.LahanTab })));
const GaleriTab = lazy(() => import('./components/galeri-tab.tsx').then((m) => ({ default: m.GaleriTab })));
const later = (tab: ReactNode) => <Suspense fallback={<div style={{ padding: 48, textAlign: 'center' }}><Spin /></div>}>{tab}</Suspense>;

const TABS = ['identitas', 'ruangan', 'lahan', 'galeri'] as const;
type TabKey = (typeof TABS)[number];

/** Admin route user-detail/{npsn}. */
export function SekolahDetailPage() {
  const { npsn = '' } = useParams();
  return <SekolahDetail npsn={npsn} />;
}

/** Operator routes sekolah-side/{npsn}, sekolah-simple/{npsn}: only their own school (NPSN = username). */
export function OperatorSekolahPage() {
  const { npsn = '' } = useParams();
  const session = getSession();
  if (!session || (!isAdmin(session) && session.user.username !== npsn)) return <Navigate to="/permission" replace />;
  return <SekolahDetail npsn={npsn} />;
}

function SekolahDetail({ npsn }: { npsn: string }) {
  const sekolah = useSekolah(npsn);
  const [params, setParams] = useSearchParams();
  const tab: TabKey = (TABS as readonly string[]).includes(params.get('tab') ?? '') ? (params.get('tab') as TabKey) : 'identitas';

  if (sekolah.isPending) return <Spin size="large" style={{ display: 'block', margin: '48px auto' }} />;
  if (sekolah.isError) {
    const err = sekolah.error;
    if (err instanceof ApiError && err.status === 403) return <Navigate to="/permission" replace />;
    return (
      <Result
        status={err instanceof ApiError && err.status === 404 ? '404' : 'warning'}
        title={err instanceof ApiError && !err.isNetwork ? err.message : MSG.checkConnection}
        extra={<Button onClick={() => sekolah.refetch()}>Muat ulang</Button>}
      />
    );
  }
  const s = sekolah.data;
  return (
    <>
      <div className="school-header" data-testid="school-header">
        <Avatar shape="square" size={88} src={s.link_logo ?? undefined} icon={<BankOutlined />} alt={`Logo ${s.nama_sekolah}`} className="school-logo" />
        <div style={{ minWidth: 0, flex: 1 }}>
          <Space wrap align="center" size={8}>
            <Typography.Title level={3} style={{ margin: 0 }} data-testid="school-name">{s.nama_sekolah}</Typography.Title>
            <Tag color={s.status === 'Negeri' ? 'blue' : 'purple'}>{s.status}</Tag>
            <Tag>{s.bentuk_pendidikan}</Tag>
          </Space>
          <Descriptions size="small" column={{ xs: 1, sm: 2, lg: 4 }} style={{ marginTop: 8 }}>
            <Descriptions.Item label="NPSN">{s.npsn}</Descriptions.Item>
            <Descriptions.Item label="Alamat">{orEmpty(s.alamat)}</Descriptions.Item>
            <Descriptions.Item label="Email">{orEmpty(s.email)}</Descriptions.Item>
            <Descriptions.Item label="Website">{s.web ? <a href={/^https?:\/\//.test(s.web) ? s.web : `https://${s.web}`} target="_blank" rel="noreferrer">{s.web}</a> : MSG.emptyValue}</Descriptions.Item>
            <Descriptions.Item label="Kode Pos">{orEmpty(s.kode_pos)}</Descriptions.Item>
          </Descriptions>
        </div>
      </div>
      <Tabs
        activeKey={tab}
        onChange={(key) => setParams(key === 'identitas' ? {} : { tab: key }, { replace: true })}
        destroyOnHidden
        items={[
          { key: 'identitas', label: 'Identitas Sekolah', children: <IdentitasTab sekolah={s} /> },
          { key: 'ruangan', label: 'Ruangan', children: later(<RuanganTab npsn={s.npsn} />) },
          { key: 'lahan', label: 'Lahan', children: later(<LahanTab npsn={s.npsn} />) },
          { key: 'galeri', label: 'Galery', children: later(<GaleriTab npsn={s.npsn} />) },
        ]}
      />
    </>
  );
}
