import { useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { Button, Input, Select, Space, Table, Tooltip, Typography, type TableColumnsType } from 'antd';
import { EditOutlined, PlusOutlined } from '@ant-design/icons';
import type { GuruRow } from '#contract/guru.ts';
import { FILTER_BP } from '#contract/guru-values.ts';
import { MSG } from '#contract/messages.ts';
import { Pager, totalLabel } from '../../components/ui/pager.tsx';
import { familyOf } from '../../app/paths.ts';
import { getSession, isAdmin } from '../../lib/session.ts';
import { useGuruList } from './api/guru.ts';
import { masterOptions, useMaster } from './api/master.ts';
import { guruPaths } from './paths.ts';
import { ExportButton } from '../ekspor/export-button.tsx';
import { EMPTY_LIST, jkSingkat, namaLengkap, orEmptyList, pangkatGolongan, ttl } from './format.ts';
import './guru.css';

/**
 * SPEC §2 "Teacher list": education-level and teacher-type filters, search by name or NIP, add
 * button and edit links (administrators only), pager. Links stay in the current route family.
 */
export function GuruListPage() {
  const family = familyOf(useLocation().pathname) ?? 'admin-side';
  const admin = isAdmin(getSession()) && family.startsWith('admin');
  const navigate = useNavigate();
  const [bp, setBp] = useState('');
  const [jenisGuru, setJenisGuru] = useState('');
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const list = useGuruList({ bp, jenisGuru, search, page });
  const jenis = useMaster('jenisguru');
  const data = list.data;

  const columns: TableColumnsType<GuruRow> = [
    { title: 'No', key: 'no', width: 52, render: (_v, _r, i) => (data?.from ?? 1) + i },
    {
      title: 'NIP',
      dataIndex: 'nip',
      width: 172,
      render: (nip: string | null, row) => (
        <Link to={guruPaths.detail(family, row.id)} data-testid="guru-detail-link">{nip || 'Tanpa NIP'}</Link>
      ),
    },
    { title: 'Nama', key: 'nama', width: 200, render: (_v, row) => namaLengkap(row) },
    { title: 'JK', dataIndex: 'jenis_kelamin', width: 48, align: 'center', render: (v: string) => jkSingkat(v) },
    { title: 'TTL', key: 'ttl', width: 160, render: (_v, row) => ttl(row.tempat_lahir, row.tgl_lahir) },
    { title: 'Sekolah', key: 'sekolah', width: 190, render: (_v, row) => row.sekolah?.nama_sekolah || EMPTY_LIST },
    { title: 'Pangkat', key: 'pangkat', width: 170, render: (_v, row) => pangkatGolongan(row.golongan, row.pangkat) },
    { title: 'Jabatan', dataIndex: 'jabatan', width: 150, render: (v: string | null) => orEmptyList(v) },
    {
      title: 'Pendidikan Terakhir',
      key: 'pendidikan',
      width: 104,
      render: (_v, row) => row.tingkatpendidikan?.print_tingpend || row.pendidikan_terakhir || EMPTY_LIST,
    },
  ];
  if (admin) {
    columns.push({
      title: 'Edit',
      key: 'edit',
      width: 64,
      align: 'center',
      fixed: 'right',
      render: (_v, row) => (
        <Tooltip title="Edit data guru">
          <Button size="small" icon={<EditOutlined />} aria-label={`Edit ${row.nama}`} data-testid="guru-edit-link" onClick={() => navigate(guruPaths.edit(family, row.id))} />
        </Tooltip>
      ),
    });
  }

  return (
    <>
      <Typography.Title level={3} className="page-title">Data Guru</Typography.Title>
      <div className="toolbar">
        <div className="guru-filters">
          <Space size={6}>
            <Typography.Text type="secondary">Jenjang</Typography.Text>
            <Select
              aria-label="Filter jenjang pendidikan"
              data-testid="filter-bp"
              value={bp}
              style={{ width: 110 }}
              options={[{ value: '', label: 'Semua' }, ...FILTER_BP.map((v) => ({ value: v, label: v }))]}
              onChange={(v: string) => {
                setBp(v);
                setPage(1);
              }}
            />
          </Space>
          <Space size={6}>
            <Typography.Text type="secondary">Jenis guru</Typography.Text>
            <Select
              aria-label="Filter jenis guru"
              data-testid="filter-jenis"
              value={jenisGuru}
              style={{ width: 170 }}
              loading={jenis.isFetching}
              options={[{ value: '', label: 'Semua' }, ...masterOptions(jenis.data, 'nama', 'name')]}
              onChange={(v: string) => {
                setJenisGuru(v);
                setPage(1);
              }}
            />
          </Space>
          <Input.Search
            placeholder="Cari nama atau NIP"
            allowClear
            style={{ width: 260, maxWidth: '100%' }}
            aria-label="Cari guru"
            data-testid="guru-search"
            onSearch={(value) => {
              setSearch(value.trim());
              setPage(1);
            }}
          />
        </div>
        <Space wrap>
          {data && <Typography.Text type="secondary" data-testid="guru-total">{totalLabel(data)} guru</Typography.Text>}
          {/* The export follows the list: a search ignores the filters there, so here too. */}
          <ExportButton path="guru/export" query={search ? { cari: search } : { bp, jenis_guru: jenisGuru }} testId="export-guru" />
          {admin && (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => navigate(guruPaths.add(family))}>Tambah Guru</Button>
          )}
        </Space>
      </div>
      {search && (
        <Typography.Paragraph type="secondary" data-testid="search-note">
          Hasil pencarian "{search}" (filter jenjang dan jenis guru tidak dipakai saat mencari).
        </Typography.Paragraph>
      )}
      {list.isError && (
        <Typography.Paragraph type="danger" role="alert" data-testid="guru-load-error">{MSG.checkConnection}</Typography.Paragraph>
      )}
      <Table<GuruRow>
        rowKey="id"
        columns={columns}
        dataSource={data?.data ?? []}
        loading={list.isFetching}
        pagination={false}
        scroll={{ x: 1260 }}
        size="middle"
        locale={{ emptyText: MSG.emptyValue }}
        data-testid="guru-table"
      />
      <Pager current={data?.current_page ?? 1} last={data?.last_page ?? 1} more={data?.total_lebih} onChange={setPage} />
    </>
  );
}
