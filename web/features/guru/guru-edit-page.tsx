import { lazy, Suspense, useEffect } from 'react';
import { useParams } from 'react-router';
import { Result, Skeleton, Typography } from 'antd';
import { MSG } from '#contract/messages.ts';
import { useGuru } from './api/guru.ts';
import { failureText } from '../../components/ui/form-errors.tsx';
import { namaLengkap } from '../../lib/guru-format.ts';
import './guru.css';

// The form (selects, date pickers, number inputs, region cascade) is drawn once the teacher has
// arrived: it downloads while the teacher is fetched, behind the same skeleton.
const loadForm = () => import('./guru-form-edit.tsx');
const EditForm = lazy(() => loadForm().then((m) => ({ default: m.EditForm })));

/** SPEC §2 teacher edit (administrators): one large form in cards, region cascade, photo change. */
export function GuruEditPage() {
  const id = Number(useParams().id);
  const guru = useGuru(id);
  useEffect(() => {
    void loadForm();
  }, []);
  return (
    <>
      <Typography.Title level={1} className="page-title">
        Edit Guru{guru.data ? `: ${namaLengkap(guru.data)}` : ''}
      </Typography.Title>
      {guru.isPending && guru.fetchStatus !== 'idle' && <Skeleton active />}
      {(guru.isError || !Number.isInteger(id)) && (
        <Result status="warning" title={guru.error ? failureText(guru.error) : MSG.notFound} />
      )}
      {guru.data && (
        <Suspense fallback={<Skeleton active />}>
          <EditForm key={guru.data.id} guru={guru.data} />
        </Suspense>
      )}
    </>
  );
}
