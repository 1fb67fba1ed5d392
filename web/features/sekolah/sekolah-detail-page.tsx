import { lazy, Suspense, useEffect, useState, type ReactNode } from 'react';
import { Navigate, useParams } from 'react-router';
import { MSG } from '#contract/messages.ts';
import { ApiError, failureText } from '../../lib/api-client.ts';
import { getSession, isAdmin } from '../../lib/session.ts';
import { orEmpty } from '../../lib/format.ts';
import { Dots } from '../../components/lite/table.tsx';
import { LiteTabs } from '../../components/lite/tabs.tsx';
import { SvgIcon } from '../../components/svg-icon.tsx';
import { BankOutlined } from '../../components/lite/icons.ts';
import { useSekolah } from './api/sekolah-detail.ts';
import { useUrlState } from '../../lib/url-state.ts';
import { IdentitasTab } from './components/identitas-tab.tsx';

// The identity tab is what the page shows first, drawn without antd; the other tabs
// (tables, forms, uploads) and the identity form are antd, downloaded when opened, inside antd's
// ConfigProvider and App (AntScope), which stays once it is there (its messages outlive a tab).
const RuanganTab = lazy(() => import('./components/ruangan-tab.tsx').then((m) => ({ default: m.RuanganTab })));
const LahanTab = lazy(() => import('./components/lahan-tab.tsx').then((m) => ({ default: m.LahanTab })));
const GaleriTab = lazy(() => import('./components/galeri-tab.tsx').then((m) => ({ default: m.GaleriTab })));
const AntScope = lazy(() => import('../../app/ant-app-outlet.tsx').then((m) => ({ default: m.AntScope })));
const spinner = (
  <div style={{ padding: 48, textAlign: 'center' }}>
    <Dots />
  </div>
);
const later = (tab: ReactNode) => <Suspense fallback={spinner}>{tab}</Suspense>;

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
  const [url, setUrl] = useUrlState({ tab: 'identitas' });
  const tab: TabKey = (TABS as readonly string[]).includes(url.tab) ? (url.tab as TabKey) : 'identitas';
  const [editing, setEditing] = useState(false);
  // antd is needed from the first antd part on (another tab, the identity form), then kept.
  const [ant, setAnt] = useState(false);
  const needAnt = ant || editing || tab !== 'identitas';
  useEffect(() => {
    if (needAnt) setAnt(true);
  }, [needAnt]);

  if (sekolah.isPending)
    return (
      <div style={{ display: 'flex', justifyContent: 'center', margin: '48px auto' }}>
        <Dots size="large" />
      </div>
    );
  if (sekolah.isError) {
    const err = sekolah.error;
    if (err instanceof ApiError && err.status === 403) return <Navigate to="/permission" replace />;
    return (
      <div className="lite-result" role="alert">
        <div className="lite-result-title">{failureText(err)}</div>
        <button type="button" className="lite-btn" onClick={() => sekolah.refetch()}>
          Muat ulang
        </button>
      </div>
    );
  }
  const s = sekolah.data;
  const tabs = (
    <LiteTabs
      activeKey={tab}
      onChange={(key) => {
        setEditing(false);
        setUrl({ tab: key });
      }}
      items={[
        {
          key: 'identitas',
          label: 'Identitas Sekolah',
          children: <IdentitasTab sekolah={s} editing={editing} setEditing={setEditing} />,
        },
        { key: 'ruangan', label: 'Ruangan', children: later(<RuanganTab npsn={s.npsn} />) },
        { key: 'lahan', label: 'Lahan', children: later(<LahanTab npsn={s.npsn} />) },
        { key: 'galeri', label: 'Galery', children: later(<GaleriTab npsn={s.npsn} />) },
      ]}
    />
  );
  return (
    <>
      <div className="school-header" data-testid="school-header">
        <span className="lite-avatar school-logo">
          {s.link_logo ? <img src={s.link_logo} alt={`Logo ${s.nama_sekolah}`} /> : <SvgIcon icon={BankOutlined} />}
        </span>
        <div style={{ minWidth: 0, flex: 1 }}>
          <div className="lite-space lite-wrap">
            <h3 className="lite-title" style={{ margin: 0 }} data-testid="school-name">
              {s.nama_sekolah}
            </h3>
            <span className={`lite-tag lite-tag-${s.status === 'Negeri' ? 'blue' : 'purple'}`}>{s.status}</span>
            <span className="lite-tag">{s.bentuk_pendidikan}</span>
          </div>
          <dl className="lite-desc-small">
            <div>
              <dt>NPSN</dt>
              <dd>{s.npsn}</dd>
            </div>
            <div>
              <dt>Alamat</dt>
              <dd>{orEmpty(s.alamat)}</dd>
            </div>
            <div>
              <dt>Email</dt>
              <dd>{orEmpty(s.email)}</dd>
            </div>
            <div>
              <dt>Website</dt>
              <dd>
                {s.web ? (
                  <a href={/^https?:\/\//.test(s.web) ? s.web : `https://${s.web}`} target="_blank" rel="noreferrer">
                    {s.web}
                  </a>
                ) : (
                  MSG.emptyValue
                )}
              </dd>
            </div>
            <div>
              <dt>Kode Pos</dt>
              <dd>{orEmpty(s.kode_pos)}</dd>
            </div>
          </dl>
        </div>
      </div>
      {needAnt ? (
        <Suspense fallback={spinner}>
          <AntScope>{tabs}</AntScope>
        </Suspense>
      ) : (
        tabs
      )}
    </>
  );
}
