import type { ReactNode } from 'react';
import { Skeleton, Typography } from 'antd';
import { MSG } from '#contract/messages.ts';
import { labelNomorInduk } from '#contract/asn.ts';
import { useGuru } from '../../guru/index.ts';
import { namaLengkap } from '../../../lib/guru-format.ts';

/** The teacher a letter is about: name, NIP (NI PPPK) and school, under the page title. */
export function GuruLine({ id }: { id: number }) {
  const guru = useGuru(id);
  if (guru.isPending) return <Skeleton.Input active size="small" style={{ width: 320, marginBottom: 16 }} />;
  if (guru.isError) return null;
  const g = guru.data;
  return (
    <Typography.Paragraph data-testid="kgb-guru" style={{ marginBottom: 16 }}>
      <Typography.Text strong>{namaLengkap(g)}</Typography.Text>
      <Typography.Text type="secondary">
        {' '}
        · {labelNomorInduk(g.status_guru)} {g.nip || MSG.emptyValue} · {g.sekolah?.nama_sekolah ?? MSG.emptyValue}
      </Typography.Text>
    </Typography.Paragraph>
  );
}

/** A page about one teacher's letter: its title, the teacher's line, then the page (or its loading and failure). */
export function LetterPage({ title, id, children }: { title: string; id: number; children: ReactNode }) {
  return (
    <>
      <Typography.Title level={1} className="page-title">
        {title}
      </Typography.Title>
      <GuruLine id={id} />
      {children}
    </>
  );
}
