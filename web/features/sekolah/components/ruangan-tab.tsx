import { useState } from 'react';
import type { TableColumnsType } from 'antd';
import type { Ruangan } from '#contract/sarpras.ts';
import { MSG } from '#contract/messages.ts';
import { formatNumber } from '../../../lib/format.ts';
import { RuanganForm } from './ruangan-form.tsx';
import { RuanganDetail } from './ruangan-detail.tsx';
import { rowNumberColumn } from '../../../components/ui/paged-table.tsx';
import { PropertyTable, PropertyToolbar, actionsColumn, kondisiColumn, usePropertyPages } from './property-list.tsx';
import { RUANGAN } from '../api/property.ts';

type Panel = { kind: 'list' } | { kind: 'add' } | { kind: 'edit'; room: Ruangan } | { kind: 'detail'; id: number };

const metres = (n: number) => `${formatNumber(n)} m`;

/** Ruangan tab: the rooms table, add/edit form and the detail view of one room with its assets. */
export function RuanganTab({ npsn }: { npsn: string }) {
  const [panel, setPanel] = useState<Panel>({ kind: 'list' });
  const pages = usePropertyPages(RUANGAN, npsn);
  const data = pages.list.data;

  if (panel.kind === 'add') return <RuanganForm npsn={npsn} onDone={() => setPanel({ kind: 'list' })} />;
  if (panel.kind === 'edit')
    return <RuanganForm npsn={npsn} room={panel.room} onDone={() => setPanel({ kind: 'list' })} />;
  if (panel.kind === 'detail') return <RuanganDetail id={panel.id} onBack={() => setPanel({ kind: 'list' })} />;

  const columns: TableColumnsType<Ruangan> = [
    rowNumberColumn(data),
    { title: 'Nama', dataIndex: 'nama' },
    { title: 'Jenis', key: 'jenis', render: (_v, r) => r.jenisruangan?.nama ?? MSG.emptyValue },
    { title: 'Panjang', dataIndex: 'panjang', align: 'right', width: 96, render: metres },
    { title: 'Lebar', dataIndex: 'lebar', align: 'right', width: 96, render: metres },
    { title: 'Tinggi', dataIndex: 'tinggi', align: 'right', width: 96, render: metres },
    kondisiColumn('Status', 'status'),
    actionsColumn<Ruangan>('Ruangan', 150, (r) => [
      { action: 'Detail', tip: 'Detail dan aset', onClick: () => setPanel({ kind: 'detail', id: r.id }) },
      { action: 'Edit', onClick: () => setPanel({ kind: 'edit', room: r }) },
      { action: 'Hapus', onClick: () => pages.confirmRemove('Ruangan', r) },
    ]),
  ];

  return (
    <>
      <PropertyToolbar
        addLabel="Tambah Ruangan"
        onAdd={() => setPanel({ kind: 'add' })}
        total={data?.total}
        noun="ruangan"
      />
      <PropertyTable<Ruangan> pages={pages} columns={columns} scrollX={820} testId="ruangan-table" />
    </>
  );
}
