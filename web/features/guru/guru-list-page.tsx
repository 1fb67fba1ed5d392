import { Link, useLocation, useNavigate } from 'react-router';
import { EditOutlined, PlusOutlined } from '../../components/lite/icons.ts';
import type { GuruRow } from '#contract/guru.ts';
import { FILTER_BP } from '#contract/guru-values.ts';
import { useJenjangKantor } from '../../lib/jenjang.ts';
import { MSG } from '#contract/messages.ts';
import { Pager, totalLabel } from '../../components/ui/pager.tsx';
import { listEmpty } from '../../components/ui/list-empty.tsx';
import { familyOf, guruPaths } from '../../app/paths.ts';
import { getSession, isAdmin } from '../../lib/session.ts';
import { useGuruList } from './api/guru.ts';
import { guruListParams, guruListSearch, type GuruListParams } from './api/queries.ts';
import { masterOptions, useMaster } from './api/master.ts';
import { LiteExportButton } from '../../components/ekspor/export-button-lite.tsx';
import { SvgIcon } from '../../components/svg-icon.tsx';
import { LiteTable, type LiteColumn } from '../../components/lite/table.tsx';
import { LiteSearch, LiteSelect, LiteTip } from '../../components/lite/controls.tsx';
import { EMPTY_LIST, jkSingkat, namaLengkap, orEmptyList, pangkatGolongan, ttl } from '../../lib/guru-format.ts';
import './guru.css';
import { useSearchWriter } from '../../lib/url-state.ts';

/**
 * SPEC §2 "Teacher list": education-level and teacher-type filters, search by name or NIP, add
 * button and edit links (administrators only), pager. Links stay in the current route family.
 * Drawn without antd, in its look (components/lite, styles.css): the list is the first thing a
 * user sees after signing in, and renders before antd would be downloaded. Its route's
 * loader (router.tsx) starts the first page's request while this code downloads.
 */
export function GuruListPage() {
  const family = familyOf(useLocation().pathname) ?? 'admin-side';
  const admin = isAdmin(getSession()) && family.startsWith('admin');
  const navigate = useNavigate();
  // Filters, search and page live in the URL: "back" returns to the same list.
  const [sp, write] = useSearchWriter();
  const state = guruListParams(sp);
  const { bp, jenisGuru, search } = state;
  // Only the levels this office manages.
  const levels = useJenjangKantor(FILTER_BP);
  const set = (change: Partial<GuruListParams>) =>
    write((current) => new URLSearchParams(guruListSearch({ ...guruListParams(current), page: 1, ...change })));
  const setPage = (p: number) => set({ page: p });
  const list = useGuruList(state);
  const jenis = useMaster('jenisguru');
  const data = list.data;

  const columns: LiteColumn<GuruRow>[] = [
    { title: 'No', key: 'no', width: 48, render: (_r, i) => (data?.from ?? 1) + i },
    {
      title: 'NIP',
      key: 'nip',
      width: 164,
      render: (row) => (
        <Link to={guruPaths.detail(family, row.id)} className="card-link" data-testid="guru-detail-link">
          {row.nip || 'Tanpa NIP'}
        </Link>
      ),
    },
    { title: 'Nama', key: 'nama', render: (row) => namaLengkap(row) },
    { title: 'JK', key: 'jk', width: 44, align: 'center', render: (row) => jkSingkat(row.jenis_kelamin) },
    { title: 'TTL', key: 'ttl', render: (row) => ttl(row) },
    { title: 'Sekolah', key: 'sekolah', render: (row) => row.sekolah?.nama_sekolah || EMPTY_LIST },
    { title: 'Pangkat', key: 'pangkat', render: (row) => pangkatGolongan(row.golongan, row.pangkat) },
    { title: 'Jabatan', key: 'jabatan', render: (row) => orEmptyList(row.jabatan) },
    {
      title: 'Pendidikan Terakhir',
      key: 'pendidikan',
      width: 96,
      render: (row) => row.tingkatpendidikan?.print_tingpend || row.pendidikan_terakhir || EMPTY_LIST,
    },
  ];
  if (admin) {
    columns.push({
      title: 'Edit',
      key: 'edit',
      width: 56,
      align: 'center',
      fixedRight: true,
      render: (row) => (
        <LiteTip title="Edit data guru">
          <button
            type="button"
            className="lite-btn lite-btn-sm lite-btn-icon"
            aria-label={`Edit ${row.nama}`}
            data-testid="guru-edit-link"
            onClick={() => navigate(guruPaths.edit(family, row.id))}
          >
            <SvgIcon icon={EditOutlined} />
          </button>
        </LiteTip>
      ),
    });
  }

  return (
    <>
      <h1 className="lite-title page-title">Data Guru</h1>
      <div className="toolbar">
        <div className="guru-filters">
          <span className="lite-space">
            <span className="lite-secondary">Jenjang</span>
            <LiteSelect
              aria-label="Filter jenjang pendidikan"
              data-testid="filter-bp"
              value={bp}
              width={110}
              options={[{ value: '', label: 'Semua' }, ...levels.map((v) => ({ value: v, label: v }))]}
              onChange={(v) => set({ bp: v })}
            />
          </span>
          <span className="lite-space">
            <span className="lite-secondary">Jenis guru</span>
            <LiteSelect
              aria-label="Filter jenis guru"
              data-testid="filter-jenis"
              value={jenisGuru}
              width={170}
              loading={jenis.isFetching}
              options={[
                { value: '', label: 'Semua' },
                ...masterOptions(jenis.data, 'nama', 'name').map((o) => ({ value: String(o.value), label: o.label })),
              ]}
              onChange={(v) => set({ jenisGuru: v })}
            />
          </span>
          <LiteSearch
            placeholder="Cari nama atau NIP"
            width={260}
            aria-label="Cari guru"
            data-testid="guru-search"
            defaultValue={search}
            onSearch={(value) => set({ search: value.trim() })}
          />
        </div>
        <div className="lite-space lite-wrap">
          {data && (
            <span className="lite-secondary" data-testid="guru-total">
              {totalLabel(data)} guru
            </span>
          )}
          {/* The export follows the list: a search ignores the filters there, so here too. */}
          <LiteExportButton
            path="guru/export"
            query={search ? { cari: search } : { bp, jenis_guru: jenisGuru }}
            testId="export-guru"
          />
          {admin && (
            <button type="button" className="lite-btn lite-btn-primary" onClick={() => navigate(guruPaths.add(family))}>
              <SvgIcon icon={PlusOutlined} />
              <span>Tambah Guru</span>
            </button>
          )}
        </div>
      </div>
      {search && (
        <p className="lite-secondary lite-para" data-testid="search-note">
          Hasil pencarian "{search}" (filter jenjang dan jenis guru tidak dipakai saat mencari).
          {data?.total_lebih && (
            // A name search pages through at most its cap of matches (decision 0012).
            <span data-testid="search-broad">
              {' '}
              Terlalu banyak guru yang cocok: hanya {totalLabel({ total: data.total })} yang ditampilkan. Perjelas kata
              kunci pencarian.
            </span>
          )}
        </p>
      )}
      {list.isError && (
        <p className="lite-danger lite-para" role="alert" data-testid="guru-load-error">
          {MSG.checkConnection}
        </p>
      )}
      <LiteTable<GuruRow>
        rowKey={(r) => r.id}
        columns={columns}
        rows={data?.data ?? []}
        loading={list.isFetching}
        // Fixed widths for the short columns; the five text columns share the rest and wrap, so
        // the list fits beside the side menu at 1366 px and scrolls only below that.
        scrollX={1000}
        emptyText={listEmpty(list)}
        testId="guru-table"
      />
      <Pager
        current={data?.current_page ?? 1}
        last={data?.last_page ?? 1}
        more={data?.total_lebih}
        onChange={setPage}
      />
    </>
  );
}
