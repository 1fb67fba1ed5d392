import { useLocation, useNavigate, useParams } from 'react-router';
import { Button, Result, Spin, Typography } from 'antd';
import { MSG } from '#contract/messages.ts';
import { ApiError } from '../../lib/api-client.ts';
import { familyOf, paths } from '../../app/paths.ts';
import { useSekolah } from './api/sekolah-detail.ts';
import { SekolahForm } from './components/sekolah-form.tsx';

/** SPEC §2 data-sekolah/edit/{npsn}: the identity form; success returns to the list. */
export function SekolahEditPage() {
  const { npsn } = useParams();
  const family = familyOf(useLocation().pathname) ?? 'admin-side';
  const navigate = useNavigate();
  const sekolah = useSekolah(npsn);
  const back = () => navigate(paths.dataSekolah(family));

  return (
    <>
      <Typography.Title level={3} className="page-title">Edit Sekolah{sekolah.data ? `: ${sekolah.data.nama_sekolah}` : ''}</Typography.Title>
      {sekolah.isPending && <Spin />}
      {sekolah.isError && (
        <Result
          status={sekolah.error instanceof ApiError && sekolah.error.status === 404 ? '404' : 'warning'}
          title={sekolah.error instanceof ApiError && !sekolah.error.isNetwork ? sekolah.error.message : MSG.checkConnection}
          extra={<Button onClick={back}>Kembali</Button>}
        />
      )}
      {sekolah.data && <SekolahForm key={sekolah.data.npsn} sekolah={sekolah.data} onSaved={back} onCancel={back} />}
    </>
  );
}
