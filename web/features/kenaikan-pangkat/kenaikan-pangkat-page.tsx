import { lazy, Suspense, useMemo, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Select, Table, Tag, type TableColumnsType } from 'antd';
import { RetryAlert } from '../../components/ui/retry-alert.tsx';
import { SendOutlined } from '@ant-design/icons';
import { FILTER_KP, STATUS_USUL_KP_LABEL, type KpItem } from '#contract/kenaikan-pangkat-values.ts';
import { getSession, isAdmin } from '../../lib/session.ts';
import { familyOf, guruPaths } from '../../app/paths.ts';
import { formatDate, formatNumber, orEmpty } from '../../lib/format.ts';
import { cardTable } from '../../components/ui/card-table.ts';
import { kpKeys, useKpList, useKpRingkasan } from './api/kenaikan-pangkat.ts';
import { STATUS_COLOR, SyaratText } from './syarat-text.tsx';
import { useJenjangKantor } from '../../lib/jenjang.ts';
import { useUrlState } from '../../lib/url-state.ts';
import { monthLabel, monthOf, monthOptions } from '../../lib/bulan.ts';
import { tablePagination } from '../../components/ui/pager.tsx';
import './kenaikan-pangkat.css';
import { CariNamaNip } from '../../components/ui/cari-nama-nip.tsx';

const UsulanModal = lazy(() => import('./usulan-modal.tsx').then((m) => ({ default: m.UsulanModal })));
const UsulanList = lazy(() => import('./usulan-list.tsx').then((m) => ({ default: m.UsulanList })));

const FILTER_LABEL: Record<(typeof FILTER_KP)[number], string> = {
  '': 'Semua guru',
  memenuhi: 'Memenuhi syarat',
  belum: 'Belum memenuhi',
  belum_diusulkan: 'Belum diusulkan',
  diusulkan: 'Diusulkan',
  bts: 'BTS',
  tms: 'TMS',
  ditetapkan: 'Ditetapkan',
};

/**
 * Rank promotion by period (docs/domain/kenaikan-pangkat.md): choose the month, see the teachers
 * whose time in rank has come, whether each meets the conditions and why not, propose the eligible
 * ones in a batch to the personnel agency, and follow each batch's teachers to the decision.
 */
export function KenaikanPangkatPage() {
  // Only the levels this office manages.
  const levels = useJenjangKantor();
  const family = familyOf(useLocation().pathname) ?? 'admin-side';
  const admin = isAdmin(getSession());
  const qc = useQueryClient();
  const { message } = App.useApp();
  // The month is always written once chosen (no default in the URL): a link names its month.
  const [url, setUrl] = useUrlState({ periode: '', status: '', bp: '', cari: '', page: 1 });
  const today = useMemo(() => new Date(), []);
  const periode = /^\d{4}-(0[1-9]|1[0-2])$/.test(url.periode) ? url.periode : monthOf(today, 1);
  const status = (FILTER_KP as readonly string[]).includes(url.status) ? url.status : '';
  const { bp, cari, page } = url;
  const list = useKpList({ periode, page, cari, bentuk_pendidikan: bp, status });
  const data = list.data;
  const r = useKpRingkasan(periode).data;
  const [selected, setSelected] = useState<number[]>([]);
  const [proposing, setProposing] = useState(false);

  const months = useMemo(() => monthOptions(today, 13, periode), [today, periode]);
  /** Another filter: back to page 1, nothing selected. */
  const filter = (change: Partial<typeof url>) => {
    setUrl(change);
    setSelected([]);
  };

  const rows = data?.data ?? [];
  const selectable = (i: KpItem) => admin && i.syarat.memenuhi && !i.usul;
  const shownIds = rows.filter(selectable).map((i) => i.id);
  const allShown = shownIds.length > 0 && shownIds.every((id) => selected.includes(id));
  const toggle = (id: number, on: boolean) => setSelected((s) => (on ? [...s, id] : s.filter((x) => x !== id)));
  const columns: TableColumnsType<KpItem> = [
    ...(admin
      ? [
          {
            title: (
              <input
                type="checkbox"
                className="kp-check"
                aria-label="Pilih semua guru yang memenuhi syarat"
                checked={allShown}
                disabled={!shownIds.length}
                onChange={(e) =>
                  setSelected(
                    e.target.checked
                      ? [...new Set([...selected, ...shownIds])]
                      : selected.filter((id) => !shownIds.includes(id)),
                  )
                }
                data-testid="kp-pilih-semua"
              />
            ),
            key: 'pilih',
            width: 44,
            render: (_v: unknown, row: KpItem) =>
              selectable(row) ? (
                <input
                  type="checkbox"
                  className="kp-check"
                  aria-label={`Pilih ${row.nama}`}
                  checked={selected.includes(row.id)}
                  onChange={(e) => toggle(row.id, e.target.checked)}
                  data-testid="kp-pilih"
                />
              ) : null,
          },
        ]
      : []),
    {
      title: 'Nama / NIP',
      key: 'nama',
      render: (_v, row) => (
        <span className="kp-lines">
          <Link to={guruPaths.detail(family, row.id)} data-testid="kp-guru-link">
            {row.nama}
          </Link>
          <small>{orEmpty(row.nip)}</small>
        </span>
      ),
    },
    { title: 'Sekolah', key: 'sekolah', render: (_v, row) => orEmpty(row.sekolah.nama_sekolah) },
    {
      title: 'Pangkat',
      key: 'pangkat',
      className: 'kp-nowrap',
      render: (_v, row) => (
        <span className="kp-lines">
          <span>
            {orEmpty(row.syarat.golongan)}
            {row.syarat.golongan_baru ? (
              <>
                {' '}
                → <b>{row.syarat.golongan_baru}</b>
              </>
            ) : null}
          </span>
          <small>
            {row.tmt_pangkat ? `TMT ${formatDate(row.tmt_pangkat)}` : 'TMT -'} · {row.pendidikan ?? '-'}
            {row.syarat.jalur ? ` · ${row.syarat.jalur === 'fungsional' ? 'JF Guru' : 'Reguler'}` : ''}
          </small>
        </span>
      ),
    },
    { title: 'Syarat', key: 'syarat', render: (_v, row) => <SyaratText item={row} /> },
    {
      title: 'Usulan',
      key: 'usul',
      render: (_v, row) =>
        row.usul ? (
          <span className="kp-lines">
            <span>
              <Tag color={STATUS_COLOR[row.usul.status]} data-testid="kp-usul-status">
                {STATUS_USUL_KP_LABEL[row.usul.status]}
              </Tag>
            </span>
            <small>{row.usul.nomor_surat}</small>
            {row.usul.alasan && <small>{row.usul.alasan}</small>}
          </span>
        ) : (
          <span className="lite-secondary">Belum diusulkan</span>
        ),
    },
  ];

  const counts: [string, number | undefined, string, boolean?][] = [
    ['Masuk periode', r?.kandidat, '', r?.kandidat_lebih],
    ['SKP belum lengkap', r?.skp_kurang, '', r?.skp_kurang_lebih],
    ['Diusulkan', r?.diusulkan, 'diusulkan'],
    ['BTS', r?.bts, 'bts'],
    ['TMS', r?.tms, 'tms'],
    ['Ditetapkan', r?.ditetapkan, 'ditetapkan'],
  ];

  return (
    <>
      <h1 className="lite-title page-title">Kenaikan Pangkat</h1>
      <div className="toolbar">
        <div className="kp-filters">
          <span className="kp-row">
            <span className="lite-secondary">Periode TMT</span>
            <Select
              aria-label="Periode kenaikan pangkat"
              data-testid="kp-periode"
              value={periode}
              style={{ width: 170 }}
              options={months}
              onChange={(v: string) => filter({ periode: v })}
            />
          </span>
          <Select
            aria-label="Filter status"
            data-testid="kp-filter-status"
            value={status || 'semua'}
            style={{ width: 180 }}
            options={FILTER_KP.map((s) => ({ value: s || 'semua', label: FILTER_LABEL[s] }))}
            onChange={(v: string) => filter({ status: v === 'semua' ? '' : v })}
          />
          {admin && (
            <Select
              aria-label="Bentuk pendidikan"
              data-testid="kp-filter-bp"
              value={bp}
              style={{ width: 130 }}
              options={[{ value: '', label: 'Semua jenjang' }, ...levels.map((b) => ({ value: b, label: b }))]}
              onChange={(v: string) => filter({ bp: v })}
            />
          )}
          <CariNamaNip defaultValue={cari} onSearch={(v) => filter({ cari: v })} testId="kp-cari" />
        </div>
        {admin && (
          <Button
            type="primary"
            icon={<SendOutlined />}
            disabled={!selected.length || r?.periode_sah === false}
            onClick={() => setProposing(true)}
            data-testid="kp-usulkan"
          >
            Usulkan{selected.length ? ` (${selected.length})` : ''}
          </Button>
        )}
      </div>
      {r && !r.periode_sah && (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 12 }}
          title={`${monthLabel(periode)} bukan periode kenaikan pangkat; periode yang berlaku: ${r.periode_keterangan}.`}
        />
      )}
      <div className="kp-counts" data-testid="kp-ringkasan">
        {counts.map(([label, n, key, lebih]) => (
          <button
            type="button"
            key={label}
            className={`kp-count${key && status === key ? ' kp-count-on' : ''}`}
            disabled={!key}
            onClick={() => key && filter({ status: status === key ? '' : key })}
          >
            <b>{n === undefined ? '–' : `${formatNumber(n, 0)}${lebih ? '+' : ''}`}</b>
            <span>{label}</span>
          </button>
        ))}
      </div>
      {cari && data?.total_lebih && (
        // A name search pages through at most its cap of matches, as the teacher list's search does.
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 12 }}
          title={`Terlalu banyak guru yang cocok dengan "${cari}": hanya ${formatNumber(data.total, 0)} yang ditampilkan. Perjelas kata kunci pencarian.`}
          data-testid="kp-search-broad"
        />
      )}
      {list.isError && (
        <RetryAlert style={{ marginBottom: 12 }} title={list.error.message} onRetry={() => list.refetch()} />
      )}
      <Table<KpItem>
        {...cardTable(columns)}
        rowKey="id"
        size="small"
        loading={list.isFetching}
        dataSource={rows}
        locale={{
          emptyText: list.isPending
            ? 'Memuat…'
            : `Tidak ada guru pada periode ${monthLabel(periode)} untuk filter ini.`,
        }}
        pagination={tablePagination(data, page, 'guru', (p) => setUrl({ page: p }))}
        data-testid="kp-table"
      />
      {admin && (
        <Suspense fallback={null}>
          <UsulanList periode={periode} family={family} />
          {proposing && (
            <UsulanModal
              periode={periode}
              guru={rows.filter((i) => selected.includes(i.id))}
              onClose={() => setProposing(false)}
              onDone={(text) => {
                message.success(text);
                setProposing(false);
                setSelected([]);
                void qc.invalidateQueries({ queryKey: kpKeys.all });
              }}
            />
          )}
        </Suspense>
      )}
    </>
  );
}
