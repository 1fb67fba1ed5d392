import { useState } from 'react';
import { Card, Descriptions, type TableColumnsType } from 'antd';
import type { Lahan } from '#contract/sarpras.ts';
import { MSG } from '#contract/messages.ts';
import { formatDate, formatNumber, formatRupiah } from '../../../lib/format.ts';
import { LahanForm } from './lahan-form.tsx';
import { rowNumberColumn } from '../../../components/ui/paged-table.tsx';
import {
  PropertyTable,
  PropertyToolbar,
  actionsColumn,
  DetailHead,
  kondisiColumn,
  KondisiTag,
  usePropertyPages,
} from './property-list.tsx';
import { LAHAN, usePropertyRow } from '../api/property.ts';

type Panel = { kind: 'list' } | { kind: 'add' } | { kind: 'edit'; lahan: Lahan } | { kind: 'detail'; id: number };

/** Lahan tab: land plots with add/edit form, detail card and delete ('Menghapus Lahan Ini'). */
export function LahanTab({ npsn }: { npsn: string }) {
  const [panel, setPanel] = useState<Panel>({ kind: 'list' });
  const pages = usePropertyPages(LAHAN, npsn);
  const data = pages.list.data;
  const toList = () => setPanel({ kind: 'list' });

  if (panel.kind === 'add') return <LahanForm npsn={npsn} onDone={toList} />;
  if (panel.kind === 'edit') return <LahanForm npsn={npsn} lahan={panel.lahan} onDone={toList} />;
  if (panel.kind === 'detail') return <LahanDetail id={panel.id} onBack={toList} />;

  const columns: TableColumnsType<Lahan> = [
    rowNumberColumn(data),
    { title: 'Nama', dataIndex: 'nama' },
    { title: 'Luas', dataIndex: 'luas', align: 'right', width: 120, render: (n: number) => `${formatNumber(n)} m²` },
    { title: 'Tgl Perolehan', dataIndex: 'tglperolehan', width: 130, render: (d: string) => formatDate(d) },
    { title: 'Keterangan', dataIndex: 'keterangan', ellipsis: true },
    kondisiColumn('Kondisi', 'kondisi'),
    actionsColumn<Lahan>('Lahan', 150, (l) => [
      { action: 'Edit', onClick: () => setPanel({ kind: 'edit', lahan: l }) },
      { action: 'Hapus', onClick: () => pages.confirmRemove('Lahan', l, 'Menghapus Lahan Ini') },
      { action: 'Detail', onClick: () => setPanel({ kind: 'detail', id: l.id }) },
    ]),
  ];

  return (
    <>
      <PropertyToolbar
        addLabel="Tambah Lahan"
        onAdd={() => setPanel({ kind: 'add' })}
        total={data?.total}
        noun="lahan"
      />
      <PropertyTable<Lahan> pages={pages} columns={columns} scrollX={860} testId="lahan-table" />
    </>
  );
}

/** Detail card: name, area, price, condition (GET api/lahan/{id}). */
function LahanDetail({ id, onBack }: { id: number; onBack: () => void }) {
  const lahan = usePropertyRow(LAHAN, id);
  const l = lahan.data;
  return (
    <div data-testid="lahan-detail">
      <DetailHead row={lahan} onBack={onBack} />
      {l && (
        <Card title={l.nama} style={{ maxWidth: 560 }}>
          <Descriptions column={1} size="small" bordered>
            <Descriptions.Item label="Nama">{l.nama}</Descriptions.Item>
            <Descriptions.Item label="Luas">{formatNumber(l.luas)} m²</Descriptions.Item>
            <Descriptions.Item label="Harga">
              <span data-testid="lahan-harga">{formatRupiah(l.harga)}</span>
            </Descriptions.Item>
            <Descriptions.Item label="Kondisi">
              <KondisiTag kondisi={l.kondisi} />
            </Descriptions.Item>
            <Descriptions.Item label="Tgl Perolehan">{formatDate(l.tglperolehan)}</Descriptions.Item>
            <Descriptions.Item label="Keterangan">{l.keterangan || MSG.emptyValue}</Descriptions.Item>
          </Descriptions>
        </Card>
      )}
    </div>
  );
}
