import type { TableColumnsType } from 'antd';
import { Tag } from 'antd';
import { BeritaPlaceholder, type ContohRow } from './berita-placeholder.tsx';

const columns: TableColumnsType<ContohRow> = [
  { title: 'No', key: 'no', width: 64, render: (_v, _r, i) => i + 1 },
  {
    title: 'Nama Kategori',
    dataIndex: 'nama',
    render: (v: string) => (
      <>
        {v} <Tag>Contoh</Tag>
      </>
    ),
  },
];

const rows: ContohRow[] = [
  { key: '1', nama: 'Contoh kategori pertama' },
  { key: '2', nama: 'Contoh kategori kedua' },
];

/** SPEC §2 berita/kategory (side layout): the news category placeholder. */
export function KategoriBeritaPage() {
  return (
    <BeritaPlaceholder
      title="Kategori Berita"
      what="kategori berita"
      columns={columns}
      rows={rows}
      testId="kategori-berita-page"
    />
  );
}
