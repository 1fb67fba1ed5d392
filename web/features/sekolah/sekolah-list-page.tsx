import { useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { Button, Input, Select, Space, Table, Typography, type TableColumnsType } from 'antd';
import { EditOutlined, PlusOutlined } from '@ant-design/icons';
import type { SekolahRow } from '#contract/sekolah.ts';
import { SEKOLAH_PER_PAGE } from '#contract/sekolah-values.ts';
import { MSG } from '#contract/messages.ts';
import { Pager, totalLabel } from '../../components/ui/pager.tsx';
import { familyOf, paths } from '../../app/paths.ts';
import { useSekolahList, type SekolahListParams } from './api/sekolah-list.ts';
import { ExportButton } from '../ekspor/export-button.tsx';
import { listEmpty } from '../../components/ui/list-empty.tsx';

type SortBy = SekolahListParams['sortBy'];

/** SPEC §2 "School list": search, per-page select, server-side sort by NPSN or name, pager. */
export function SekolahListPage() {
  const family = familyOf(useLocation().pathname) ?? 'admin-side';
  const navigate = useNavigate();
  const [q, setQ] = useState('');
  const [page, setPage] = useState(1);
  const [perPage, setPerPage] = useState<number>(10);
  // SPEC §9: default sort nama_sekolah descending.
  const [sortBy, setSortBy] = useState<SortBy>('nama_sekolah');
  const [desc, setDesc] = useState(true);
  const list = useSekolahList({ q, page, perPage, sortBy, desc });
  const data = list.data;

  const toggleSort = (field: SortBy) => {
    if (field === sortBy) setDesc(!desc);
    else {
      setSortBy(field);
      setDesc(false);
    }
    setPage(1);
  };
  const orderOf = (field: SortBy) => (sortBy === field ? (desc ? 'descend' : 'ascend') : null);

  const columns: TableColumnsType<SekolahRow> = [
    { title: 'No', key: 'no', width: 64, render: (_v, _r, i) => (data?.from ?? 1) + i },
    {
      title: 'NPSN',
      dataIndex: 'npsn',
      key: 'npsn',
      width: 130,
      sorter: true,
      sortOrder: orderOf('npsn'),
      sortDirections: ['ascend', 'descend', 'ascend'],
      onHeaderCell: () => ({ onClick: () => toggleSort('npsn'), 'data-testid': 'sort-npsn' } as React.HTMLAttributes<HTMLElement>),
      render: (npsn: string) => <Link to={paths.userDetail(family, npsn)}>{npsn}</Link>,
    },
    {
      title: 'Nama Sekolah',
      dataIndex: 'nama_sekolah',
      key: 'nama_sekolah',
      sorter: true,
      sortOrder: orderOf('nama_sekolah'),
      sortDirections: ['ascend', 'descend', 'ascend'],
      onHeaderCell: () => ({ onClick: () => toggleSort('nama_sekolah'), 'data-testid': 'sort-nama' } as React.HTMLAttributes<HTMLElement>),
    },
    { title: 'Tingkat', dataIndex: 'bentuk_pendidikan', width: 100, render: (v: string | null) => v || MSG.emptyValue },
    { title: 'Jenis', dataIndex: 'status', width: 100, render: (v: string | null) => v || MSG.emptyValue },
    {
      title: 'Edit',
      key: 'edit',
      width: 90,
      render: (_v, row) => (
        <Button size="small" icon={<EditOutlined />} aria-label={`Edit ${row.nama_sekolah}`} onClick={() => navigate(`${paths.dataSekolah(family)}/edit/${row.npsn}`)}>
          Edit
        </Button>
      ),
    },
  ];

  return (
    <>
      <Typography.Title level={3} className="page-title">Data Sekolah</Typography.Title>
      <div className="toolbar">
        <Space wrap>
          <Input.Search
            placeholder="Cari NPSN atau nama sekolah"
            allowClear
            style={{ width: 320, maxWidth: '100%' }}
            aria-label="Cari sekolah"
            onSearch={(value) => {
              setQ(value.trim());
              setPage(1);
            }}
          />
          <Space size={6}>
            <Typography.Text type="secondary">Tampilkan</Typography.Text>
            <Select
              aria-label="Jumlah per halaman"
              data-testid="per-page"
              value={perPage}
              style={{ width: 80 }}
              options={SEKOLAH_PER_PAGE.map((n) => ({ value: n, label: String(n) }))}
              onChange={(n: number) => {
                setPerPage(n);
                setPage(1);
              }}
            />
            <Typography.Text type="secondary">baris</Typography.Text>
          </Space>
        </Space>
        <Space wrap>
          {data && <Typography.Text type="secondary" data-testid="sekolah-total">{totalLabel(data)} sekolah</Typography.Text>}
          {/* The export follows the list: the same search and sort, every page. */}
          <ExportButton path="sekolah/export" query={{ q, sortby: sortBy, sortbydesc: desc }} testId="export-sekolah" />
          <Button type="primary" icon={<PlusOutlined />} onClick={() => navigate(`${paths.dataSekolah(family)}/add`)}>Tambah Sekolah</Button>
        </Space>
      </div>
      {list.isError && (
        <Typography.Paragraph type="danger" role="alert">{MSG.checkConnection}</Typography.Paragraph>
      )}
      <Table<SekolahRow>
        rowKey="npsn"
        columns={columns}
        dataSource={data?.data ?? []}
        loading={list.isFetching}
        pagination={false}
        showSorterTooltip={false}
        scroll={{ x: 760 }}
        locale={{ emptyText: listEmpty(list) }}
        data-testid="sekolah-table"
      />
      <Pager current={data?.current_page ?? 1} last={data?.last_page ?? 1} more={data?.total_lebih} onChange={setPage} />
    </>
  );
}
