import { Alert, App, Button, Input, Space, Table, Tag, Typography, type TableColumnsType } from 'antd';
import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { Pager } from '../../components/ui/pager.tsx';
import { cardTable } from '../../components/ui/card-table.ts';

/** SPEC §8 "News stubs": the only thing these screens do is show these alerts. */
export const BERITA_ALERT = {
  get: 'get data berita',
  add: 'add data berita',
  edit: 'edit data berita',
  delete: 'delete data berita',
} as const;

/** Pages the placeholder pager offers (its links only show the alert). */
const PAGES = 3;

export interface ContohRow {
  key: string;
  [field: string]: string;
}

/** The first columns of a placeholder list: the row's number and its name, marked as an example. */
export const contohColumns = (title: string, dataIndex: string): TableColumnsType<ContohRow> => [
  { title: 'No', key: 'no', width: 64, render: (_v, _r, i) => i + 1 },
  {
    title,
    dataIndex,
    render: (v: string) => (
      <>
        {v} <Tag>Contoh</Tag>
      </>
    ),
  },
];

/**
 * SPEC §2 "News": a placeholder list. Search, paging and the add, edit and delete buttons make no
 * call; each shows its alert. The rows are marked as examples so nobody takes them for news.
 */
export function BeritaPlaceholder({
  title,
  what,
  columns,
  rows,
  testId,
}: {
  title: string;
  what: string;
  columns: TableColumnsType<ContohRow>;
  rows: ContohRow[];
  testId: string;
}) {
  const { modal } = App.useApp();
  const alert = (text: string) => modal.info({ title, content: text, okText: 'OK' });
  const actions: TableColumnsType<ContohRow>[number] = {
    title: 'Aksi',
    key: 'aksi',
    width: 190,
    render: (_v, row) => (
      <Space>
        <Button
          size="small"
          icon={<EditOutlined />}
          aria-label={`Edit ${row.judul ?? row.nama}`}
          onClick={() => alert(BERITA_ALERT.edit)}
        >
          Edit
        </Button>
        <Button
          size="small"
          danger
          icon={<DeleteOutlined />}
          aria-label={`Hapus ${row.judul ?? row.nama}`}
          onClick={() => alert(BERITA_ALERT.delete)}
        >
          Hapus
        </Button>
      </Space>
    ),
  };
  return (
    <div data-testid={testId}>
      <Typography.Title level={1} className="page-title">
        {title}
      </Typography.Title>
      <Alert
        type="info"
        showIcon
        style={{ marginBottom: 16 }}
        title={`Fitur ${what} belum tersedia`}
        description="Halaman ini baru contoh tampilan: pencarian, halaman, tambah, edit dan hapus hanya menampilkan pemberitahuan, dan baris di bawah hanyalah contoh."
      />
      <div className="toolbar">
        <Input.Search
          placeholder={`Cari ${what}`}
          allowClear
          enterButton="Cari"
          style={{ maxWidth: 360 }}
          aria-label={`Cari ${what}`}
          onSearch={() => alert(BERITA_ALERT.get)}
        />
        <Button type="primary" icon={<PlusOutlined />} onClick={() => alert(BERITA_ALERT.add)}>
          Tambah
        </Button>
      </div>
      <Table<ContohRow>
        {...cardTable([...columns, actions])}
        dataSource={rows}
        pagination={false}
        bordered
        size="middle"
      />
      <Pager current={1} last={PAGES} onChange={() => alert(BERITA_ALERT.get)} />
    </div>
  );
}
