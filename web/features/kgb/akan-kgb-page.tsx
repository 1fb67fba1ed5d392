import { Link, useLocation, useNavigate } from 'react-router';
import { Button, Input, Select, Tag, type ButtonProps, type TableColumnsType } from 'antd';
import { EditOutlined, FileAddOutlined } from '@ant-design/icons';
import type { KgbDueItem } from '#contract/kgb.ts';
import { MSG } from '#contract/messages.ts';
import { totalLabel } from '../../components/ui/pager.tsx';
import { PagedTable } from '../../components/ui/paged-table.tsx';
import { familyOf, isAdminFamily, paths, guruPaths } from '../../app/paths.ts';
import { formatDate, orEmpty } from '../../lib/format.ts';
import { getSession, isAdmin } from '../../lib/session.ts';
import { jkSingkat } from '../../lib/guru-format.ts';
import { BENTUK_PENDIDIKAN, useKgbDueList } from './api/kgb.ts';
import { useJenjangKantor } from '../../lib/jenjang.ts';
import { DueTag } from './components/kgb-tags.tsx';
import { ExportButton } from '../../components/ekspor/export-button.tsx';
import './kgb.css';
import { useUrlState } from '../../lib/url-state.ts';

const waitingForSignature = (row: KgbDueItem) => row.status_surat === 'verified' || row.status_surat === 'signing';

/**
 * SPEC §2 "KGB screens", due list: teachers whose next KGB falls within two months (or is
 * overdue), filter by education form, search by NIP or name, server pages. Administrators get
 * 'Buat KGB' (or 'TTD KGB' once the letter is verified); operators see their own school only.
 */
export function AkanKgbPage() {
  // Only the levels this office manages.
  const levels = useJenjangKantor(BENTUK_PENDIDIKAN);
  const family = familyOf(useLocation().pathname) ?? 'admin-side';
  const admin = isAdmin(getSession()) && isAdminFamily(family);
  const navigate = useNavigate();
  // Level, search and page live in the URL: "back" from a letter returns here.
  const [{ bp, cari, page }, set] = useUrlState({ bp: '', cari: '', page: 1 }, { cari: 'q' });
  const setPage = (p: number) => set({ page: p });
  const list = useKgbDueList({ bp, cari, page });
  const data = list.data;

  const columns: TableColumnsType<KgbDueItem> = [
    { title: 'No', key: 'no', width: 48, render: (_v, _r, i) => (data?.from ?? 1) + i },
    { title: 'NIP', dataIndex: 'nip', render: (v: string | null) => orEmpty(v) },
    {
      title: 'Nama',
      dataIndex: 'nama',
      render: (nama: string, row) => (
        <Link to={guruPaths.detail(family, row.id)} data-testid="kgb-guru-link">
          {nama}
        </Link>
      ),
    },
    { title: 'JK', dataIndex: 'jenis_kelamin', width: 44, align: 'center', render: (v: string) => jkSingkat(v) },
    { title: 'Sekolah', key: 'sekolah', render: (_v, row) => orEmpty(row.sekolah?.nama_sekolah) },
    { title: 'Golongan', dataIndex: 'golongan', width: 86, align: 'center', render: (v: string | null) => orEmpty(v) },
    {
      title: 'TMT KGB',
      dataIndex: 'tmt_kgb',
      width: 108,
      className: 'kgb-nowrap',
      render: (v: string) => formatDate(v),
    },
    {
      title: 'Keterangan',
      key: 'keterangan',
      render: (_v, row) => (
        <span className="kgb-row kgb-gap-4">
          {/* Days to a TMT the record cannot support mean nothing: only the reason is shown. */}
          {row.siap && <DueTag item={row} />}
          {waitingForSignature(row) && (
            <Tag color="purple" data-testid="kgb-waiting-tag">
              Menunggu TTD
            </Tag>
          )}
          {!row.siap && (
            <span className="kgb-belum-siap" data-testid="kgb-belum-siap">
              <Tag color="orange">Belum siap</Tag>
              <span className="lite-secondary">{row.belum_siap}</span>{' '}
              <Link to={guruPaths.detail(family, row.id, 'riwkgb')} data-testid="kgb-lengkapi-link">
                Buka riwayat guru
              </Link>
            </span>
          )}
          {/* A verified rating below Baik in the years the increase covers (PP 7/1977 conditions; docs/domain/kenaikan-pangkat.md). */}
          {row.catatan_skp && (
            <span className="kgb-catatan-skp" role="note" data-testid="kgb-catatan-skp">
              <Tag color="volcano">Periksa SKP</Tag>
              {row.catatan_skp}
            </span>
          )}
          {row.siap && row.peringatan.length > 0 && (
            <span className="lite-secondary" data-testid="kgb-peringatan-baris">
              <Tag color="gold">Periksa data</Tag>
              {row.peringatan.join('; ')}
            </span>
          )}
        </span>
      ),
    },
  ];
  if (admin) {
    columns.push({
      title: 'Aksi',
      key: 'aksi',
      width: 116,
      align: 'center',
      render: (_v, row) => {
        // The row's next step: complete the teacher's data, sign the letter or make it.
        const next: { label: string; testId: string; to: string; props?: ButtonProps } = !row.siap
          ? { label: 'Lengkapi', testId: 'kgb-lengkapi-button', to: guruPaths.detail(family, row.id, 'riwkgb') }
          : waitingForSignature(row)
            ? {
                label: 'TTD KGB',
                testId: 'kgb-ttd-button',
                to: paths.verifikasiKgb(family, row.id),
                props: { icon: <EditOutlined /> },
              }
            : {
                label: 'Buat KGB',
                testId: 'kgb-buat-button',
                to: paths.buatKgb(family, row.id),
                props: { type: 'primary', icon: <FileAddOutlined /> },
              };
        return (
          <Button size="small" {...next.props} data-testid={next.testId} onClick={() => navigate(next.to)}>
            {next.label}
          </Button>
        );
      },
    });
  }

  return (
    <>
      <h1 className="lite-title page-title">Data Guru Akan KGB</h1>
      <div className="toolbar">
        <div className="kgb-filters">
          <span className="kgb-row kgb-gap-6">
            <span className="lite-secondary">Bentuk pendidikan</span>
            <Select
              aria-label="Filter bentuk pendidikan"
              data-testid="kgb-filter-bp"
              value={bp}
              style={{ width: 110 }}
              options={[{ value: '', label: 'Semua' }, ...levels.map((v) => ({ value: v, label: v }))]}
              onChange={(v: string) => set({ bp: v })}
            />
          </span>
          <Input.Search
            placeholder="Cari NIP atau nama"
            allowClear
            style={{ width: 260, maxWidth: '100%' }}
            aria-label="Cari guru akan KGB"
            data-testid="kgb-search"
            defaultValue={cari}
            onSearch={(value) => set({ cari: value.trim() })}
          />
        </div>
        <span className="kgb-row kgb-gap-8">
          {data && (
            <span className="muted" data-testid="kgb-total">
              {totalLabel(data)} guru
            </span>
          )}
          {/* The export follows the list: the same education form and search, every page. */}
          <ExportButton path="kgb/export" query={{ cari, bentuk_pendidikan: bp }} testId="export-kgb" />
        </span>
      </div>
      <p className="lite-secondary lite-para">
        Guru PNS, CPNS dan PPPK yang TMT kenaikan gaji berkalanya jatuh dalam dua bulan ke depan atau sudah lewat dan
        suratnya belum ditandatangani.
      </p>
      {/* A plain error box (antd's Alert would put the route over its 350 kB budget). */}
      {list.isError && (
        <div role="alert" className="kgb-load-error">
          <span data-testid="kgb-load-error">{MSG.checkConnection}</span>
          <Button size="small" onClick={() => void list.refetch()}>
            Muat ulang
          </Button>
        </div>
      )}
      <PagedTable<KgbDueItem>
        list={list}
        columns={columns}
        onPage={setPage}
        scrollX={960}
        size="middle"
        testId="kgb-table"
      />
    </>
  );
}
