import { Link, useLocation } from 'react-router';
import { Alert, Space, Tag, Typography, type TableColumnsType } from 'antd';
import { LiteSearch, LiteSelect } from '../../components/lite/controls.tsx';
import { EyeOutlined } from '@ant-design/icons';
import type { ArsipKgbItem } from '#contract/kgb.ts';
import { MSG } from '#contract/messages.ts';
import { PagedTable } from '../../components/ui/paged-table.tsx';
import { familyOf, paths } from '../../app/paths.ts';
import { failureText } from '../../components/ui/form-errors.tsx';
import { formatDate, orEmpty } from '../../lib/format.ts';
import { formatWaktuKantor, useZonaKantor } from '../../lib/waktu-kantor.ts';
import { useArsipKgb } from './api/kgb.ts';
import { useSemuaSekolah } from '../../lib/semua-sekolah.ts';
import { LiteExportButton } from '../../components/ekspor/export-button-lite.tsx';
import './kgb.css';
import { useUrlState } from '../../lib/url-state.ts';

/**
 * SPEC §2 KGB archive: signed letters with NIP, name and birth date, rank-grade, position and KGB
 * TMT; 'Lihat KGB' opens the sign page in the same layout.
 */
export function ArsipKgbPage() {
  useZonaKantor();
  const family = familyOf(useLocation().pathname) ?? 'admin-side';
  // The page lives in the URL: "back" from a letter returns to it.
  const [{ page, cari, bulan, npsn, status }, set] = useUrlState({
    page: 1,
    cari: '',
    bulan: '',
    npsn: '',
    status: '',
  });
  const setPage = (p: number) => set({ page: p });
  const filter = (patch: Partial<{ cari: string; bulan: string; npsn: string; status: string }>) =>
    set({ ...patch, page: 1 });
  const list = useArsipKgb(page, { cari, bulan, npsn, status });
  const data = list.data;
  const sekolah = useSemuaSekolah();
  const filtered = Boolean(cari || bulan || npsn || status);

  const columns: TableColumnsType<ArsipKgbItem> = [
    { title: 'No', key: 'no', width: 52, render: (_v, _r, i) => (data?.from ?? 1) + i },
    { title: 'NIP', dataIndex: 'nip' },
    {
      title: 'Nama / Tanggal lahir',
      key: 'nama',
      render: (_v, row) => (
        <span className="kgb-name">
          <span>{row.nama_guru}</span>
          <small>{formatDate(row.tgl_lahir)}</small>
        </span>
      ),
    },
    { title: 'Pangkat-Golongan', dataIndex: 'pangkat_golongan' },
    { title: 'Jabatan', dataIndex: 'jabatan_nama', render: (v: string | null) => orEmpty(v) },
    { title: 'TMT KGB', dataIndex: 'tmt_kgb_guru', className: 'kgb-nowrap', render: (v: string) => formatDate(v) },
    {
      title: 'Nomor surat',
      key: 'nomor',
      render: (_v, row) => (
        <span className="kgb-name">
          <span>{row.nomor}</span>
          <small>Ditandatangani {formatWaktuKantor(row.signed_at, { bulan: 'pendek' })}</small>
          {row.status === 'cancelled' && (
            <Tag color="red" data-testid="arsip-batal-tag">
              Dibatalkan
            </Tag>
          )}
        </span>
      ),
    },
    {
      title: 'Aksi',
      key: 'aksi',
      width: 110,
      align: 'center',
      className: 'kgb-nowrap',
      render: (_v, row) => (
        <Link to={paths.verifikasiKgb(family, row.guru_id)} data-testid="kgb-lihat-link">
          <EyeOutlined /> Lihat KGB
        </Link>
      ),
    },
  ];

  return (
    <>
      <Typography.Title level={1} className="page-title">
        Arsip KGB
      </Typography.Title>
      <div className="toolbar">
        <Typography.Text type="secondary">
          Surat pemberitahuan KGB yang sudah ditandatangani secara elektronik, terbaru lebih dulu.
        </Typography.Text>
        <Space wrap>
          {data && (
            <Typography.Text type="secondary" data-testid="arsip-total">
              {data.total.toLocaleString('id-ID')} surat
            </Typography.Text>
          )}
          <LiteExportButton path="arsip/kgb/export" testId="export-arsip-kgb" />
        </Space>
      </div>
      <div className="kgb-filters arsip-filters" data-testid="arsip-filters">
        {/* The light controls of components/lite (native select and input): the archive stays small. */}
        <LiteSearch
          key={`cari-${cari}`}
          placeholder="Cari nama atau NIP"
          aria-label="Cari nama atau NIP"
          defaultValue={cari}
          onSearch={(v) => filter({ cari: v.trim() })}
          width={240}
          data-testid="arsip-cari"
        />
        <span className="lite-input arsip-bulan">
          <input
            type="month"
            aria-label="Bulan TMT KGB"
            value={bulan}
            onChange={(e) => filter({ bulan: e.target.value })}
            data-testid="arsip-bulan"
          />
        </span>
        <LiteSelect
          aria-label="Sekolah"
          value={npsn}
          onChange={(v) => filter({ npsn: v })}
          loading={sekolah.isFetching}
          options={[
            { value: '', label: 'Semua sekolah' },
            ...(sekolah.data ?? []).map((s) => ({ value: s.npsn, label: `${s.nama_sekolah} (${s.npsn})` })),
          ]}
          width={280}
          data-testid="arsip-sekolah"
        />
        <LiteSelect
          aria-label="Status surat"
          value={status}
          onChange={(v) => filter({ status: v })}
          options={[
            { value: '', label: 'Berlaku' },
            { value: 'cancelled', label: 'Dibatalkan' },
            { value: 'semua', label: 'Semua' },
          ]}
          width={140}
          data-testid="arsip-status"
        />
      </div>
      {list.isError && (
        <Alert
          type="error"
          showIcon
          role="alert"
          title={failureText(list.error)}
          data-testid="arsip-load-error"
          style={{ marginBottom: 16 }}
        />
      )}
      <PagedTable<ArsipKgbItem>
        list={list}
        columns={columns}
        onPage={setPage}
        scrollX={960}
        size="middle"
        empty={
          <span className="list-empty-text" data-testid="arsip-empty">
            {MSG.emptyValue}
            <br />
            {filtered
              ? 'Tidak ada surat yang cocok dengan pencarian atau filter ini. Ubah kata kunci atau kosongkan filter.'
              : 'Belum ada surat KGB yang ditandatangani. Surat muncul di sini setelah ditandatangani di halaman TTD KGB.'}
          </span>
        }
        testId="arsip-table"
      />
    </>
  );
}
