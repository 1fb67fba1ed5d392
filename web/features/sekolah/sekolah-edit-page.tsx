import { lazy, Suspense, useEffect } from 'react';
import { useLocation, useNavigate, useParams } from 'react-router';
import { Button, Result, Spin, Typography } from 'antd';
import { ApiError, failureText } from '../../lib/api-client.ts';
import { familyOf, paths } from '../../app/paths.ts';
import { useSekolah } from './api/sekolah-detail.ts';

// The identity form (selects, number inputs, region cascade, logo, map, its zod schema) is drawn
// once the school has arrived: it downloads while the school is fetched, behind the
// same spinner. The school page's Identitas tab loads the same module.
const loadForm = () => import('./components/sekolah-form.tsx');
const SekolahForm = lazy(() => loadForm().then((m) => ({ default: m.SekolahForm })));

/** SPEC §2 data-sekolah/edit/{npsn}: the identity form; success returns to the list. */
export function SekolahEditPage() {
  const { npsn } = useParams();
  const family = familyOf(useLocation().pathname) ?? 'admin-side';
  const navigate = useNavigate();
  const sekolah = useSekolah(npsn);
  const back = () => navigate(paths.dataSekolah(family));
  useEffect(() => {
    void loadForm();
  }, []);

  return (
    <>
      <Typography.Title level={1} className="page-title">
        Edit Sekolah{sekolah.data ? `: ${sekolah.data.nama_sekolah}` : ''}
      </Typography.Title>
      {sekolah.isPending && <Spin />}
      {sekolah.isError && (
        <Result
          status={sekolah.error instanceof ApiError && sekolah.error.status === 404 ? '404' : 'warning'}
          title={failureText(sekolah.error)}
          extra={<Button onClick={back}>Kembali</Button>}
        />
      )}
      {sekolah.data && (
        <Suspense fallback={<Spin />}>
          <SekolahForm key={sekolah.data.npsn} sekolah={sekolah.data} onSaved={back} onCancel={back} />
        </Suspense>
      )}
    </>
  );
}
