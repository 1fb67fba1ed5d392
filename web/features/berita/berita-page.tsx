import type { TableColumnsType } from 'antd';
import { BeritaPlaceholder, contohColumns, type ContohRow } from './berita-placeholder.tsx';

const columns: TableColumnsType<ContohRow> = [
  ...contohColumns('Judul', 'judul'),
  { title: 'Kategori', dataIndex: 'kategori', width: 180 },
  { title: 'Tanggal', dataIndex: 'tanggal', width: 140 },
];

const rows: ContohRow[] = [
  { key: '1', judul: 'Contoh berita pertama', kategori: 'Contoh kategori', tanggal: '-' },
  { key: '2', judul: 'Contoh berita kedua', kategori: 'Contoh kategori', tanggal: '-' },
  { key: '3', judul: 'Contoh berita ketiga', kategori: 'Contoh kategori', tanggal: '-' },
];

/** SPEC §2 berita: the news list placeholder. */
export function BeritaPage() {
  return <BeritaPlaceholder title="Data Berita" what="berita" columns={columns} rows={rows} testId="berita-page" />;
}
