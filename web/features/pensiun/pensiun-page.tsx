import { lazy, Suspense, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { App, Button, Select, Table, Tag, type TableColumnsType } from 'antd';
import { RetryAlert } from '../../components/ui/retry-alert.tsx';
import {
  LABEL_AKHIR,
  LABEL_USUL_PENSIUN,
  LANGKAH_USUL_PENSIUN,
  type PensiunItem,
  type StatusUsulPensiun,
} from '#contract/pensiun-values.ts';
import { getSession, isAdmin } from '../../lib/session.ts';
import { familyOf, guruPaths } from '../../app/paths.ts';
import { formatDate, formatRupiah, orEmpty } from '../../lib/format.ts';
import { cardTable } from '../../components/ui/card-table.ts';
import { openDocument } from '../../lib/documents.ts';
import { pensiunKeys, usePensiunList } from './api/pensiun.ts';
import { useUrlState } from '../../lib/url-state.ts';
import { tablePagination } from '../../components/ui/pager.tsx';
import './pensiun.css';
import { CariNamaNip } from '../../components/ui/cari-nama-nip.tsx';

const UsulModal = lazy(() => import('./usul-modal.tsx').then((m) => ({ default: m.UsulModal })));

const WINDOWS = [6, 12, 15, 18, 24, 36];
const STATUS_COLOR: Record<StatusUsulPensiun, string> = {
  disiapkan: 'default',
  diusulkan: 'processing',
  dikembalikan: 'warning',
  ditetapkan: 'success',
};
const ACTION_LABEL: Record<StatusUsulPensiun, string> = {
  disiapkan: 'Siapkan',
  diusulkan: 'Usulkan',
  dikembalikan: 'Dikembalikan',
  ditetapkan: 'Catat SK',
};

const bulanLagi = (n: number) => (n <= 0 ? 'bulan ini' : `${n} bulan lagi`);

/**
 * Retirement at the age limit (docs/domain/pensiun.md): the teachers reaching the BUP within the
 * window, their dates and record, what the proposal lacks, and the proposal's state.
 */
export function PensiunPage() {
  const family = familyOf(useLocation().pathname) ?? 'admin-side';
  const admin = isAdmin(getSession());
  const qc = useQueryClient();
  const { message } = App.useApp();
  // The window is always written once chosen (no default in the URL).
  const [url, setUrl] = useUrlState({ bulan: 0, cari: '', page: 1 });
  const bulan = WINDOWS.includes(url.bulan) ? url.bulan : 15;
  const { cari, page } = url;
  const list = usePensiunList({ bulan, page, cari });
  const data = list.data;
  const [dialog, setDialog] = useState<{ row: PensiunItem; status: StatusUsulPensiun } | null>(null);

  const columns: TableColumnsType<PensiunItem> = [
    {
      title: 'Nama / NIP',
      key: 'nama',
      render: (_v, row) => (
        <span className="pensiun-lines">
          <Link to={guruPaths.detail(family, row.id, 'riwkeluarga')} data-testid="pensiun-guru-link">
            {row.nama}
          </Link>
          <small>
            {orEmpty(row.nip)} · {row.status_guru}
          </small>
          <small>{orEmpty(row.sekolah.nama_sekolah)}</small>
        </span>
      ),
    },
    {
      title: 'Lahir / BUP',
      key: 'bup',
      render: (_v, row) => (
        <span className="pensiun-lines">
          <span>Lahir {formatDate(row.tgl_lahir, 'D MMMM YYYY')}</span>
          <small>BUP {formatDate(row.tgl_bup, 'D MMMM YYYY')}</small>
        </span>
      ),
    },
    {
      title: 'TMT Pensiun',
      key: 'tmt',
      render: (_v, row) => (
        <span className="pensiun-lines">
          <b data-testid="pensiun-tmt">{formatDate(row.tmt_pensiun, 'D MMMM YYYY')}</b>
          <small>
            {bulanLagi(row.bulan_lagi)}
            {row.akhir !== 'pensiun' ? ` · ${LABEL_AKHIR[row.akhir]}` : ''}
          </small>
        </span>
      ),
    },
    {
      title: 'Golongan / MKG / Gaji',
      key: 'gaji',
      render: (_v, row) => (
        <span className="pensiun-lines">
          <span>
            {orEmpty(row.golongan)} · MKG {row.mkg_tahun ?? '-'} th {row.mkg_bulan ?? '-'} bl
          </span>
          <small>{row.gaji_pokok == null ? 'Gaji pokok -' : formatRupiah(row.gaji_pokok)}</small>
        </span>
      ),
    },
    {
      title: 'Kelengkapan',
      key: 'kurang',
      render: (_v, row) =>
        row.kekurangan.length ? (
          <ul className="pensiun-missing" data-testid="pensiun-kurang">
            {row.kekurangan.map((k) => (
              <li key={k}>{k}</li>
            ))}
          </ul>
        ) : (
          <Tag color="success">Lengkap</Tag>
        ),
    },
    {
      title: 'Usul Pensiun',
      key: 'usul',
      render: (_v, row) => {
        const steps = row.akhir === 'pensiun' ? LANGKAH_USUL_PENSIUN[row.usul?.status ?? 'none'] : [];
        // A document of the teacher's retirement (api/pensiun/{id}/…), opened in the document viewer.
        const docButton = (doc: 'dpcp' | 'surat' | 'skpp', title: string, label: string) => (
          <Button
            size="small"
            onClick={() => openDocument(`/api/pensiun/${row.id}/${doc}`, `${title} ${row.nama}`)}
            data-testid={`pensiun-${doc}`}
          >
            {label}
          </Button>
        );
        return (
          <span className="pensiun-lines">
            {row.usul ? (
              <span>
                <Tag color={STATUS_COLOR[row.usul.status]} data-testid="pensiun-status">
                  {LABEL_USUL_PENSIUN[row.usul.status]}
                </Tag>
              </span>
            ) : row.selesai ? (
              <span>
                <Tag color="success" data-testid="pensiun-status">
                  Sudah pensiun
                </Tag>
              </span>
            ) : (
              <span className="lite-secondary" data-testid="pensiun-status">
                {row.akhir === 'akhir_perjanjian' ? 'Tanpa usul pensiun' : 'Belum diusulkan'}
              </span>
            )}
            {row.usul?.nomor_surat && row.usul.status !== 'ditetapkan' && <small>Surat {row.usul.nomor_surat}</small>}
            {row.usul?.alasan && <small>{row.usul.alasan}</small>}
            {row.usul?.sk_nomor && (
              <small>
                SK {row.usul.sk_nomor}, TMT {formatDate(row.usul.sk_tmt)}
              </small>
            )}
            <span className="pensiun-actions">
              {row.akhir === 'pensiun' && docButton('dpcp', 'DPCP', 'DPCP')}
              {admin && row.akhir === 'pensiun' && docButton('surat', 'Surat usul pensiun', 'Surat pengantar')}
              {admin && row.usul?.status === 'ditetapkan' && docButton('skpp', 'SKPP', 'SKPP')}
              {admin &&
                !row.selesai &&
                steps.map((s) => (
                  <Button
                    key={s}
                    size="small"
                    type={s === 'ditetapkan' || s === 'diusulkan' ? 'primary' : 'default'}
                    onClick={() => setDialog({ row, status: s })}
                    data-testid={`pensiun-aksi-${s}`}
                  >
                    {ACTION_LABEL[s]}
                  </Button>
                ))}
            </span>
          </span>
        );
      },
    },
  ];

  return (
    <>
      <h3 className="lite-title page-title">Guru Akan Pensiun (BUP)</h3>
      <div className="toolbar">
        <div className="pensiun-filters">
          <Select
            aria-label="Jangka waktu"
            data-testid="pensiun-bulan"
            value={bulan}
            style={{ width: 190 }}
            options={WINDOWS.map((b) => ({ value: b, label: `${b} bulan ke depan` }))}
            onChange={(v: number) => setUrl({ bulan: v })}
          />
          <CariNamaNip defaultValue={cari} onSearch={(v) => setUrl({ cari: v })} testId="pensiun-cari" />
        </div>
      </div>
      <p className="lite-secondary">
        Guru PNS dan PPPK yang mencapai batas usia pensiun; TMT pensiun tanggal 1 bulan sesudah bulan ulang tahun ke-60.
        Sekolah diingatkan 15, 12 dan 6 bulan sebelum TMT bila usul belum dikirim atau data belum lengkap.
      </p>
      {list.isError && (
        <RetryAlert style={{ marginBottom: 12 }} title={list.error.message} onRetry={() => list.refetch()} />
      )}
      <Table<PensiunItem>
        {...cardTable(columns)}
        rowKey="id"
        size="small"
        loading={list.isFetching}
        dataSource={data?.data ?? []}
        locale={{
          emptyText: list.isPending ? 'Memuat…' : `Tidak ada guru yang pensiun dalam ${bulan} bulan ke depan.`,
        }}
        pagination={tablePagination(data, page, 'guru', (p) => setUrl({ page: p }))}
        data-testid="pensiun-table"
      />
      {dialog && (
        <Suspense fallback={null}>
          <UsulModal
            row={dialog.row}
            status={dialog.status}
            onClose={() => setDialog(null)}
            onDone={(text) => {
              message.success(text);
              setDialog(null);
              void qc.invalidateQueries({ queryKey: pensiunKeys.all });
            }}
          />
        </Suspense>
      )}
    </>
  );
}
