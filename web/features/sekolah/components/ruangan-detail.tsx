import { useState } from 'react';
import { Button, Card, Descriptions, Typography, type TableColumnsType } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import type { Aset } from '#contract/sarpras.ts';
import { MSG } from '#contract/messages.ts';
import { formatNumber, formatRupiah } from '../../../lib/format.ts';
import { AsetModal } from './aset-modal.tsx';
import { rowNumberColumn } from '../../../components/ui/paged-table.tsx';
import {
  PropertyTable,
  actionsColumn,
  DetailHead,
  kondisiColumn,
  KondisiTag,
  usePropertyPages,
} from './property-list.tsx';
import { ASET, RUANGAN, usePropertyRow } from '../api/property.ts';

/** One room with its assets (add/edit in a modal, delete with confirmation); "Kembali" returns to the rooms. */
export function RuanganDetail({ id, onBack }: { id: number; onBack: () => void }) {
  const room = usePropertyRow(RUANGAN, id);
  const assets = usePropertyPages(ASET, id);
  const [modal, setModal] = useState<{ open: boolean; aset?: Aset }>({ open: false });
  const data = assets.list.data;
  const r = room.data;

  const columns: TableColumnsType<Aset> = [
    rowNumberColumn(data),
    { title: 'Nama', dataIndex: 'nama' },
    { title: 'Jenis', key: 'jenis', render: (_v, a) => a.masterasset?.nama ?? MSG.emptyValue },
    { title: 'Jumlah', dataIndex: 'jumlah', align: 'right', width: 90, render: (n: number) => formatNumber(n) },
    { title: 'Harga', dataIndex: 'harga', align: 'right', width: 160, render: (n: number) => formatRupiah(n) },
    kondisiColumn('Kondisi', 'kondisi'),
    actionsColumn<Aset>('Aset', 110, (a) => [
      { action: 'Edit', onClick: () => setModal({ open: true, aset: a }) },
      { action: 'Hapus', onClick: () => assets.confirmRemove('Aset', a) },
    ]),
  ];

  return (
    <div data-testid="ruangan-detail">
      <DetailHead row={room} onBack={onBack} />
      {r && (
        <Card size="small" title={<span data-testid="ruangan-detail-nama">{r.nama}</span>} style={{ marginBottom: 16 }}>
          <Descriptions size="small" column={{ xs: 1, sm: 2, lg: 3 }}>
            <Descriptions.Item label="Jenis">{r.jenisruangan?.nama ?? MSG.emptyValue}</Descriptions.Item>
            <Descriptions.Item label="Ukuran">{`${formatNumber(r.panjang)} × ${formatNumber(r.lebar)} × ${formatNumber(r.tinggi)} m`}</Descriptions.Item>
            <Descriptions.Item label="Luas">{formatNumber(r.panjang * r.lebar)} m²</Descriptions.Item>
            <Descriptions.Item label="Kondisi">
              <KondisiTag kondisi={r.status} />
            </Descriptions.Item>
            <Descriptions.Item label="Keterangan">{r.keterangan || MSG.emptyValue}</Descriptions.Item>
          </Descriptions>
        </Card>
      )}
      <div className="toolbar">
        <Typography.Title level={5} style={{ margin: 0 }}>
          Aset Ruangan
        </Typography.Title>
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setModal({ open: true })}>
          Tambah Aset
        </Button>
      </div>
      <PropertyTable<Aset> pages={assets} columns={columns} scrollX={760} testId="aset-table" />
      {modal.open && <AsetModal roomId={id} aset={modal.aset} onClose={() => setModal({ open: false })} />}
    </div>
  );
}
