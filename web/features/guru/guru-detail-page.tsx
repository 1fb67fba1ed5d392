import { lazy, Suspense, useEffect, useState } from 'react';
import { Navigate, useLocation, useNavigate, useParams } from 'react-router';
import { App, Button, Result, Skeleton, Space, Tabs, Tag, Typography } from 'antd';
import { ArrowLeftOutlined, CheckCircleOutlined, EditOutlined, IdcardOutlined, UserOutlined } from '@ant-design/icons';
import type { Guru } from '#contract/guru.ts';
import { VERIFIKASI_BELUM } from '#contract/guru-values.ts';
import { RECORD_KINDS } from '#contract/riwayat-values.ts';
import { MSG } from '#contract/messages.ts';
import { familyOf, isAdminFamily, guruPaths } from '../../app/paths.ts';
import { getSession, isAdmin } from '../../lib/session.ts';
import { useGuru, useVerifyGuru } from './api/guru.ts';
import { failureText } from '../../components/ui/form-errors.tsx';
import { AuthedImage } from '../../components/ui/authed-image.tsx';
import { ApiError } from '../../lib/api-client.ts';
import { GuruProfile } from './components/guru-profile.tsx';
import { namaLengkap } from '../../lib/guru-format.ts';
import { formatDate } from '../../lib/format.ts';
import './guru.css';
import { useUrlState } from '../../lib/url-state.ts';
import { loadRecordTab, RecordTab } from '../riwayat/index.ts';
// The next rank promotion (docs/domain/kenaikan-pangkat.md), downloaded with its own chunk.
import { GuruKpCard } from '../kenaikan-pangkat/index-guru.ts';
import { labelNomorInduk } from '#contract/asn.ts';

// The record tabs (table, actions) are not shown before a tab is chosen: they download right after
// the page is drawn (loadRecordTab), so a click on a tab normally finds them there.

// Changing the employment state is rare: its dialog downloads when opened.
const StatusKepegawaianModal = lazy(() =>
  import('./components/status-kepegawaian-modal.tsx').then((m) => ({ default: m.StatusKepegawaianModal })),
);

const alamatOf = (g: Guru) => {
  const parts = [g.alamat_domisili, g.dusun_kel, g.desa_kec, g.kota_asal, g.provinsi].filter((p) => p && p.trim());
  return parts.length ? parts.join(', ') : MSG.emptyValue;
};

function Header({ guru }: { guru: Guru }) {
  const family = familyOf(useLocation().pathname) ?? 'admin-side';
  const navigate = useNavigate();
  const { modal, message } = App.useApp();
  const admin = isAdmin(getSession()) && isAdminFamily(family);
  const verify = useVerifyGuru(guru.id);
  const unverified = guru.verifikasi === VERIFIKASI_BELUM;
  const [statusOpen, setStatusOpen] = useState(false);
  const st = guru.status_kepegawaian;

  const confirmVerify = () =>
    modal.confirm({
      title: MSG.confirmTitle,
      content: `Data guru ${namaLengkap(guru)} akan diverifikasi.`,
      okText: MSG.confirmYes,
      cancelText: MSG.confirmNo,
      onOk: async () => {
        try {
          const r = await verify.mutateAsync();
          message.success(r.message);
        } catch (err) {
          modal.error({
            title: 'Gagal memverifikasi',
            content: <span data-testid="action-error">{failureText(err)}</span>,
            okText: 'OK',
          });
        }
      },
    });

  return (
    <div className="guru-header" data-testid="guru-header">
      {guru.link_foto ? (
        <AuthedImage
          className="guru-photo"
          src={guru.link_foto}
          alt={`Foto ${guru.nama}`}
          data-testid="guru-photo"
          placeholder={
            <div className="guru-photo" aria-label={`Foto ${guru.nama}`}>
              <UserOutlined />
            </div>
          }
        />
      ) : (
        <div className="guru-photo" aria-label="Belum ada foto">
          <UserOutlined />
        </div>
      )}
      <div className="guru-header-info">
        <Space wrap align="center" style={{ marginBottom: 4 }}>
          <Typography.Title level={3} data-testid="guru-nama">
            {namaLengkap(guru)}
          </Typography.Title>
          {unverified ? (
            <Tag color="orange" data-testid="guru-verifikasi">
              Belum diverifikasi
            </Tag>
          ) : (
            <Tag color="green" icon={<CheckCircleOutlined />} data-testid="guru-verifikasi">
              Terverifikasi
            </Tag>
          )}
          {st.kode !== 'aktif' && (
            <Tag color="red" data-testid="guru-status-kepegawaian">
              {st.label}
              {st.tanggal ? ` sejak ${formatDate(st.tanggal)}` : ''}
            </Tag>
          )}
        </Space>
        <dl className="guru-header-meta">
          <dt>{labelNomorInduk(guru.status_guru)}</dt>
          <dd data-testid="guru-nip">{guru.nip || MSG.emptyValue}</dd>
          <dt>Jabatan</dt>
          <dd>{guru.detailjabatan?.nama ?? guru.jabatan ?? MSG.emptyValue}</dd>
          <dt>Sekolah</dt>
          <dd>{guru.sekolah?.nama_sekolah ?? MSG.emptyValue}</dd>
          <dt>Email</dt>
          <dd>{guru.email || MSG.emptyValue}</dd>
          <dt>Instagram</dt>
          <dd>{guru.instagram || MSG.emptyValue}</dd>
          <dt>Alamat</dt>
          <dd data-testid="guru-alamat">{alamatOf(guru)}</dd>
        </dl>
        <Space wrap style={{ marginTop: 12 }}>
          <Button icon={<ArrowLeftOutlined />} onClick={() => navigate(guruPaths.list(family))}>
            Kembali
          </Button>
          {admin && (
            <Button
              icon={<EditOutlined />}
              data-testid="guru-edit-button"
              onClick={() => navigate(guruPaths.edit(family, guru.id))}
            >
              Edit
            </Button>
          )}
          {admin && (
            <Button icon={<IdcardOutlined />} onClick={() => setStatusOpen(true)} data-testid="guru-status-button">
              Status kepegawaian
            </Button>
          )}
          {admin && unverified && (
            <Button
              type="primary"
              icon={<CheckCircleOutlined />}
              loading={verify.isPending}
              onClick={confirmVerify}
              data-testid="guru-verify-button"
            >
              Verifikasi
            </Button>
          )}
        </Space>
      </div>
      {statusOpen && (
        <Suspense fallback={null}>
          <StatusKepegawaianModal
            guru={guru}
            onClose={() => setStatusOpen(false)}
            onSaved={(text) => {
              setStatusOpen(false);
              message.success(text);
            }}
          />
        </Suspense>
      )}
    </div>
  );
}

/** SPEC §2 "Teacher detail": header, Profile tab and one generic tab per record kind. */
export function GuruDetailPage() {
  const id = Number(useParams().id);
  const guru = useGuru(id);
  // The open tab lives in the URL (?tab=riwkgb): links can open a tab, and back and reload keep it.
  const [url, setUrl] = useUrlState({ tab: 'profile' });
  const tabKeys = ['profile', ...RECORD_KINDS.map((k) => k.key)];
  const tab = tabKeys.includes(url.tab) ? url.tab : 'profile';
  useEffect(() => {
    void loadRecordTab();
  }, []);
  if (!Number.isInteger(id) || id <= 0) return <Result status="404" title={MSG.notFound} />;
  if (guru.isPending) return <Skeleton active avatar />;
  // A teacher of another school: the one 403 view.
  if (guru.isError && guru.error instanceof ApiError && guru.error.status === 403)
    return <Navigate to="/permission" replace />;
  if (guru.isError) return <Result status="warning" title={failureText(guru.error)} data-testid="guru-load-error" />;
  const g = guru.data;
  return (
    <>
      <Header guru={g} />
      {g.status_guru === 'PNS' && (
        <Suspense fallback={null}>
          <GuruKpCard guruId={g.id} />
        </Suspense>
      )}
      <Tabs
        data-testid="guru-tabs"
        // Ten tabs do not fit in one row: guru.css lets them wrap instead of hiding some behind '…'.
        className="guru-tabs"
        activeKey={tab}
        onChange={(key) => setUrl({ tab: key })}
        items={[
          { key: 'profile', label: 'Profile', children: <GuruProfile guru={g} /> },
          ...RECORD_KINDS.map((kind) => ({
            key: kind.key,
            label: kind.title,
            children: (
              <Suspense fallback={<div className="record-tab-loading" aria-busy="true" />}>
                <RecordTab kind={kind} guruId={g.id} />
              </Suspense>
            ),
          })),
        ]}
      />
    </>
  );
}
