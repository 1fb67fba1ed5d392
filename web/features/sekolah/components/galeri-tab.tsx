import { useState } from 'react';
import { Image, Tag, type TableColumnsType } from 'antd';
import type { Galeri } from '#contract/sarpras.ts';
import { GaleriForm } from './galeri-form.tsx';
import { rowNumberColumn } from '../../../components/ui/paged-table.tsx';
import { PropertyTable, PropertyToolbar, actionsColumn, usePropertyPages } from './property-list.tsx';
import { GALERI } from '../api/property.ts';

type Panel = { kind: 'list' } | { kind: 'add' } | { kind: 'edit'; id: number };

/** Galery tab: photos with thumbnail preview, add/edit (multipart) and delete ('Menghapus Galery Ini'). */
export function GaleriTab({ npsn }: { npsn: string }) {
  const [panel, setPanel] = useState<Panel>({ kind: 'list' });
  const pages = usePropertyPages(GALERI, npsn);
  const data = pages.list.data;
  const toList = () => setPanel({ kind: 'list' });

  if (panel.kind === 'add') return <GaleriForm npsn={npsn} onDone={toList} />;
  if (panel.kind === 'edit') return <GaleriForm key={panel.id} npsn={npsn} id={panel.id} onDone={toList} />;

  const columns: TableColumnsType<Galeri> = [
    rowNumberColumn(data),
    { title: 'Nama', dataIndex: 'nama' },
    {
      title: 'Jenis',
      dataIndex: 'jenis',
      width: 100,
      render: (v: string) => <Tag>{v === 'sekolah' ? 'Sekolah' : v === 'ruangan' ? 'Ruangan' : v}</Tag>,
    },
    { title: 'Deskripsi', dataIndex: 'desk', ellipsis: true },
    { title: 'Keterangan', dataIndex: 'ket', ellipsis: true },
    {
      title: 'Foto',
      key: 'foto',
      width: 110,
      render: (_v, g) => (
        <Image
          src={g.thumbnail || g.foto}
          preview={{ src: g.foto }}
          width={72}
          height={54}
          style={{ objectFit: 'cover', borderRadius: 4 }}
          alt={g.nama}
          data-testid="galeri-thumb"
        />
      ),
    },
    actionsColumn<Galeri>('Foto', 110, (g) => [
      { action: 'Edit', onClick: () => setPanel({ kind: 'edit', id: g.id }) },
      { action: 'Hapus', onClick: () => pages.confirmRemove('Foto', g, 'Menghapus Galery Ini') },
    ]),
  ];

  return (
    <>
      <PropertyToolbar
        addLabel="Tambah Galery"
        onAdd={() => setPanel({ kind: 'add' })}
        total={data?.total}
        noun="foto"
      />
      <PropertyTable<Galeri> pages={pages} columns={columns} scrollX={860} testId="galeri-table" />
    </>
  );
}
