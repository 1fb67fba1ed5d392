import { Link, useLocation, useNavigate } from 'react-router';
import { Button, Input, Select, Space, Typography, type TableColumnsType } from 'antd';
import { EditOutlined, PlusOutlined } from '@ant-design/icons';
import type { SekolahRow } from '#contract/sekolah.ts';
import { SEKOLAH_PER_PAGE } from '#contract/sekolah-values.ts';
import { SEKOLAH_LISTED, type SekolahListedName } from '#contract/sekolah-fields.ts';
import { MSG } from '#contract/messages.ts';
import { totalLabel } from '../../components/ui/pager.tsx';
import { PagedTable } from '../../components/ui/paged-table.tsx';
import { familyOf, paths } from '../../app/paths.ts';
import { useSekolahList, type SekolahListParams } from './api/sekolah-list.ts';
import { ExportButton } from '../../components/ekspor/export-button.tsx';
import { useSearchWriter } from '../../lib/url-state.ts';

type SortBy = SekolahListParams['sortBy'];

/** The list's state from its URL: ?q=&urut=npsn&naik=1&per=25&page=2 (defaults left out). */
function stateOf(sp: URLSearchParams): SekolahListParams {
  const n = (key: string, fallback: number) => {
    const v = Number(sp.get(key));
    return Number.isInteger(v) && v > 0 ? v : fallback;
  };
  const per = n('per', 10);
  return {
    q: (sp.get('q') ?? '').trim(),
    page: n('page', 1),
    perPage: (SEKOLAH_PER_PAGE as readonly number[]).includes(per) ? per : 10,
    sortBy: sp.get('urut') === 'npsn' ? 'npsn' : 'nama_sekolah',
    desc: sp.get('urut') === 'npsn' ? sp.get('turun') === '1' : sp.get('naik') !== '1',
  };
}

function searchOf(s: SekolahListParams): URLSearchParams {
  const sp = new URLSearchParams();
  if (s.q) sp.set('q', s.q);
  if (s.sortBy === 'npsn') {
    sp.set('urut', 'npsn');
    if (s.desc) sp.set('turun', '1');
  } else if (!s.desc) sp.set('naik', '1');
  if (s.perPage !== 10) sp.set('per', String(s.perPage));
  if (s.page > 1) sp.set('page', String(s.page));
  return sp;
}

/** SPEC §2 "School list": search, per-page select, server-side sort by NPSN or name, pager. */
export function SekolahListPage() {
  const family = familyOf(useLocation().pathname) ?? 'admin-side';
  const navigate = useNavigate();
  // Search, sort, page size and page live in the URL: "back" returns to the same list.
  // SPEC §9: default sort nama_sekolah descending.
  const [sp, write] = useSearchWriter();
  const state = stateOf(sp);
  const { q, perPage, sortBy, desc } = state;
  const set = (change: Partial<SekolahListParams>) =>
    write((current) => searchOf({ ...stateOf(current), page: 1, ...change }));
  const setPage = (p: number) => set({ page: p });
  const list = useSekolahList(state);
  const data = list.data;

  const toggleSort = (field: SortBy) => set(field === sortBy ? { desc: !desc } : { sortBy: field, desc: false });
  const orderOf = (field: SortBy) => (sortBy === field ? (desc ? 'descend' : 'ascend') : null);

  /** The sortable columns' header cells (SPEC §9: the server sorts). */
  const sortable = (field: SortBy, testId: string): TableColumnsType<SekolahRow>[number] => ({
    sorter: true,
    sortOrder: orderOf(field),
    sortDirections: ['ascend', 'descend', 'ascend'],
    onHeaderCell: () =>
      ({ onClick: () => toggleSort(field), 'data-testid': testId }) as React.HTMLAttributes<HTMLElement>,
  });
  // How each listed field of the catalogue (contract/sekolah-fields.ts) is drawn in its column.
  const byField: Record<SekolahListedName, TableColumnsType<SekolahRow>[number]> = {
    npsn: {
      width: 130,
      ...sortable('npsn', 'sort-npsn'),
      render: (npsn: string) => <Link to={paths.userDetail(family, npsn)}>{npsn}</Link>,
    },
    nama_sekolah: sortable('nama_sekolah', 'sort-nama'),
    bentuk_pendidikan: { width: 100, render: (v: string | null) => v || MSG.emptyValue },
    status: { width: 100, render: (v: string | null) => v || MSG.emptyValue },
  };

  const columns: TableColumnsType<SekolahRow> = [
    { title: 'No', key: 'no', width: 64, render: (_v, _r, i) => (data?.from ?? 1) + i },
    ...SEKOLAH_LISTED.map((f) => ({
      title: f.listed!.header ?? f.label,
      dataIndex: f.name,
      key: f.name,
      ...byField[f.name as SekolahListedName],
    })),
    {
      title: 'Edit',
      key: 'edit',
      width: 90,
      render: (_v, row) => (
        <Button
          size="small"
          icon={<EditOutlined />}
          aria-label={`Edit ${row.nama_sekolah}`}
          onClick={() => navigate(`${paths.dataSekolah(family)}/edit/${row.npsn}`)}
        >
          Edit
        </Button>
      ),
    },
  ];

  return (
    <>
      <Typography.Title level={1} className="page-title">
        Data Sekolah
      </Typography.Title>
      <div className="toolbar">
        <Space wrap>
          <Input.Search
            placeholder="Cari NPSN atau nama sekolah"
            allowClear
            style={{ width: 320, maxWidth: '100%' }}
            aria-label="Cari sekolah"
            defaultValue={q}
            onSearch={(value) => set({ q: value.trim() })}
          />
          <Space size={6}>
            <Typography.Text type="secondary">Tampilkan</Typography.Text>
            <Select
              aria-label="Jumlah per halaman"
              data-testid="per-page"
              value={perPage}
              style={{ width: 80 }}
              options={SEKOLAH_PER_PAGE.map((n) => ({ value: n, label: String(n) }))}
              onChange={(n: number) => set({ perPage: n })}
            />
            <Typography.Text type="secondary">baris</Typography.Text>
          </Space>
        </Space>
        <Space wrap>
          {data && (
            <Typography.Text type="secondary" data-testid="sekolah-total">
              {totalLabel(data)} sekolah
            </Typography.Text>
          )}
          {/* The export follows the list: the same search and sort, every page. */}
          <ExportButton path="sekolah/export" query={{ q, sortby: sortBy, sortbydesc: desc }} testId="export-sekolah" />
          <Button type="primary" icon={<PlusOutlined />} onClick={() => navigate(`${paths.dataSekolah(family)}/add`)}>
            Tambah Sekolah
          </Button>
        </Space>
      </div>
      {list.isError && (
        <Typography.Paragraph type="danger" role="alert">
          {MSG.checkConnection}
        </Typography.Paragraph>
      )}
      <PagedTable<SekolahRow>
        list={list}
        columns={columns}
        rowKey="npsn"
        onPage={setPage}
        showSorterTooltip={false}
        scrollX={760}
        testId="sekolah-table"
      />
    </>
  );
}
