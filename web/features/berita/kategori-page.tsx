import { BeritaPlaceholder, contohColumns, type ContohRow } from './berita-placeholder.tsx';

const columns = contohColumns('Nama Kategori', 'nama');

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
