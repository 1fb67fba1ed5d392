import { lazy, Suspense, useState, type HTMLAttributes, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import dayjs, { type Dayjs } from 'dayjs';
import { Alert, Button, Input, Select, Space, Tag, Tooltip, type TableColumnsType } from 'antd';
import { EyeOutlined, ReloadOutlined, UndoOutlined } from '@ant-design/icons';
import type { AuditRow } from '#contract/audit.ts';
import {
  AUDIT_ACTION_LABEL,
  AUDIT_ACTIONS,
  AUDIT_TABLES,
  SECURITY_EVENTS,
  type SecurityEvent,
} from '#contract/audit-values.ts';
import { MSG } from '#contract/messages.ts';
import { PagedTable } from '../../components/ui/paged-table.tsx';
import { LazyRangePicker } from '../../components/lazy-date-picker.tsx';
import { PlainParagraph, PlainText, PlainTitle } from '../../components/lazy-free-ui.tsx';
import { failureText } from '../../components/ui/form-errors.tsx';
import { useAuditList } from './api/audit.ts';
import { useZonaKantor } from '../../lib/waktu-kantor.ts';
import {
  ACTION_COLOR,
  filtersOf,
  formatWaktu,
  hasFilters,
  searchOf,
  tableLabel,
  userNote,
  type AuditFilters,
} from './format.ts';
import './audit.css';

// The detail drawer (descriptions, folding, before/after tables) downloads with the first opened row.
const AuditDetailDrawer = lazy(() =>
  import('./audit-detail-drawer.tsx').then((m) => ({ default: m.AuditDetailDrawer })),
);

const YMD = 'YYYY-MM-DD';
const TABLE_OPTIONS = Object.entries(AUDIT_TABLES)
  .map(([value, label]) => ({ value, label }))
  .sort((a, b) => a.label.localeCompare(b.label, 'id'));
const ACTION_OPTIONS = AUDIT_ACTIONS.map((value) => ({ value, label: AUDIT_ACTION_LABEL[value] }));

const day = (ymd: string): Dayjs | null => {
  const d = dayjs(ymd, YMD, true);
  return ymd && d.isValid() ? d : null;
};

/** One filter of the bar: its caption above its control. */
function Filter({
  caption,
  children,
  ...group
}: { caption: string; children: ReactNode } & HTMLAttributes<HTMLDivElement>) {
  return (
    <div className="audit-filter" {...group}>
      <PlainText secondary>{caption}</PlainText>
      {children}
    </div>
  );
}

/** The filters chosen from a list: the URL field each sets, its caption, its list and its width. */
const SELECT_FILTERS = [
  {
    field: 'tabel',
    caption: 'Tabel',
    label: 'Filter tabel',
    testId: 'filter-tabel',
    width: 180,
    all: 'Semua tabel',
    options: TABLE_OPTIONS,
    searchable: true,
  },
  {
    field: 'aksi',
    caption: 'Aksi',
    label: 'Filter aksi',
    testId: 'filter-aksi',
    width: 120,
    all: 'Semua aksi',
    options: ACTION_OPTIONS,
    searchable: false,
  },
] as const;

/** The filters typed in: the URL field each sets, its caption and its box. */
const TEXT_FILTERS = [
  {
    field: 'username',
    caption: 'Pengguna',
    label: 'Filter nama pengguna',
    placeholder: 'mis. admin',
    maxLength: 100,
    testId: 'filter-username',
    width: 150,
  },
  {
    field: 'entitas_id',
    caption: 'ID data',
    label: 'Filter ID data',
    placeholder: 'mis. 125',
    maxLength: 50,
    testId: 'filter-entitas',
    width: 110,
  },
] as const;

/** A text filter applied on Enter or the search button; follows the URL (back button, reset). */
function TextFilter({
  value,
  onApply,
  label,
  placeholder,
  maxLength,
  testId,
  width,
}: {
  value: string;
  onApply: (v: string) => void;
  label: string;
  placeholder: string;
  maxLength: number;
  testId: string;
  width: number;
}) {
  const [text, setText] = useState(value);
  const [applied, setApplied] = useState(value);
  if (applied !== value) {
    setApplied(value);
    setText(value);
  }
  return (
    <Input.Search
      aria-label={label}
      placeholder={placeholder}
      value={text}
      maxLength={maxLength}
      allowClear
      style={{ width }}
      data-testid={testId}
      onChange={(e) => setText(e.target.value)}
      onSearch={(v) => onApply(v.trim())}
    />
  );
}

/**
 * The audit log (administrators): every change made through the application, newest
 * first, with filters kept in the query string (so a filtered view can be linked and reloaded);
 * a row opens the record with the values before and after.
 */
export function AuditPage() {
  const zona = useZonaKantor();
  const [params, setParams] = useSearchParams();
  const filters = filtersOf(params);
  const detailId = Math.floor(Number(params.get('lihat'))) || null;
  const list = useAuditList(filters);
  const data = list.data;
  // Once opened, the drawer stays mounted so that it can slide closed.
  const [drawerUsed, setDrawerUsed] = useState(detailId !== null);
  if (detailId !== null && !drawerUsed) setDrawerUsed(true);

  /** New filters start at page 1 and close the detail; a new history entry each time. */
  const apply = (patch: Partial<AuditFilters>) => setParams(searchOf({ ...filters, page: 1, ...patch }));
  const setPage = (page: number) => setParams(searchOf({ ...filters, page }));
  const open = (id: number) => setParams({ ...searchOf(filters), lihat: String(id) }, { replace: true });
  const close = () => setParams(searchOf(filters), { replace: true });

  const columns: TableColumnsType<AuditRow> = [
    {
      title: `Waktu (${zona})`,
      dataIndex: 'waktu',
      width: 150,
      className: 'audit-nowrap',
      render: (w: string) => <span data-testid="audit-waktu">{formatWaktu(w)}</span>,
    },
    {
      title: 'Pengguna',
      key: 'pengguna',
      width: 170,
      render: (_v, row) => (
        <span className="audit-two-lines">
          <span>{row.username ?? 'Tidak diketahui'}</span>
          <small>{userNote(row)}</small>
        </span>
      ),
    },
    {
      title: 'Aksi',
      dataIndex: 'aksi',
      width: 84,
      render: (a: AuditRow['aksi']) => (
        <Tag color={ACTION_COLOR[a]} className="audit-tag" data-testid="audit-aksi">
          {AUDIT_ACTION_LABEL[a]}
        </Tag>
      ),
    },
    {
      title: 'Data',
      key: 'data',
      width: 170,
      render: (_v, row) => (
        <span className="audit-two-lines" data-testid="audit-data">
          <span>{tableLabel(row.tabel)}</span>
          {/* A security event names what happened; a data row, which row changed. */}
          <small>
            {row.aksi === 'EVENT'
              ? (SECURITY_EVENTS[row.entitas_id as SecurityEvent] ?? row.entitas_id)
              : row.entitas_id
                ? `ID ${row.entitas_id}`
                : MSG.emptyValue}
          </small>
        </span>
      ),
    },
    {
      title: 'Kolom berubah',
      dataIndex: 'kolom',
      render: (kolom: string[], row) =>
        kolom.length === 0 ? (
          <PlainText secondary>{MSG.emptyValue}</PlainText>
        ) : row.aksi === 'UPDATE' ? (
          <Tooltip title={kolom.join(', ')}>
            <span className="audit-kolom" data-testid="audit-kolom">
              {kolom.join(', ')}
            </span>
          </Tooltip>
        ) : (
          // A new or deleted row "changes" every filled column: their number says more than their names.
          <Tooltip title={kolom.join(', ')}>
            <PlainText secondary testId="audit-kolom">
              {row.aksi === 'INSERT' ? 'Data baru' : 'Data dihapus'} · {kolom.length} kolom
            </PlainText>
          </Tooltip>
        ),
    },
    {
      title: 'Alamat IP',
      dataIndex: 'ip',
      width: 130,
      render: (ip: string | null) =>
        ip ? <code className="audit-ip">{ip}</code> : <PlainText secondary>{MSG.emptyValue}</PlainText>,
    },
    {
      title: 'Rincian',
      key: 'lihat',
      width: 76,
      align: 'center',
      render: (_v, row) => (
        <Tooltip title="Lihat rincian perubahan">
          <Button
            size="small"
            icon={<EyeOutlined />}
            aria-label={`Lihat rincian catatan ${row.id}`}
            data-testid="audit-open"
            onClick={(e) => {
              e.stopPropagation();
              open(row.id);
            }}
          />
        </Tooltip>
      ),
    },
  ];

  const range: [Dayjs | null, Dayjs | null] | null =
    filters.dari || filters.sampai ? [day(filters.dari), day(filters.sampai)] : null;
  const today = dayjs().startOf('day');

  return (
    <>
      <div className="toolbar audit-header">
        <PlainTitle level={1} className="page-title">
          Log Audit
        </PlainTitle>
        <Space wrap>
          {data && !list.isError && (
            <PlainText secondary testId="audit-total">
              {data.total.toLocaleString('id-ID')} catatan
            </PlainText>
          )}
          <Button
            icon={<ReloadOutlined />}
            loading={list.isFetching}
            onClick={() => list.refetch()}
            data-testid="audit-reload"
          >
            Muat ulang
          </Button>
        </Space>
      </div>
      <div className="audit-intro">
        <PlainParagraph secondary>
          Setiap perubahan data lewat aplikasi: siapa, kapan, dari mana, dan apa yang berubah. Pilih baris untuk melihat
          nilai sebelum dan sesudahnya.
        </PlainParagraph>
      </div>

      <div className="audit-filters" role="search" aria-label="Filter log audit">
        {SELECT_FILTERS.map(({ field, caption, label, testId, width, all, options, searchable }) => (
          <Filter key={field} caption={caption}>
            <Select
              aria-label={label}
              data-testid={testId}
              value={filters[field]}
              style={{ width }}
              popupMatchSelectWidth={searchable ? false : undefined}
              showSearch={searchable ? { optionFilterProp: 'label' } : undefined}
              options={[{ value: '', label: all }, ...options]}
              onChange={(v: string) => apply({ [field]: v })}
            />
          </Filter>
        ))}
        {TEXT_FILTERS.map(({ field, caption, ...box }) => (
          <Filter key={field} caption={caption}>
            <TextFilter value={filters[field]} onApply={(v) => apply({ [field]: v })} {...box} />
          </Filter>
        ))}
        <Filter caption="Tanggal" role="group" aria-label="Filter rentang tanggal" data-testid="filter-tanggal">
          <LazyRangePicker
            format="DD-MM-YYYY"
            placeholder={['Dari', 'Sampai']}
            allowEmpty={[true, true]}
            value={range}
            style={{ width: 240 }}
            presets={[
              { label: 'Hari ini', value: [today, today] },
              { label: '7 hari terakhir', value: [today.subtract(6, 'day'), today] },
              { label: '30 hari terakhir', value: [today.subtract(29, 'day'), today] },
            ]}
            onChange={(v) => apply({ dari: v?.[0]?.format(YMD) ?? '', sampai: v?.[1]?.format(YMD) ?? '' })}
          />
        </Filter>
        <Button
          icon={<UndoOutlined />}
          className="audit-reset"
          disabled={!hasFilters(filters)}
          onClick={() => setParams({})}
          data-testid="audit-reset"
        >
          Reset
        </Button>
      </div>

      {list.isError ? (
        // A refused filter (e.g. an impossible date in a hand-made link) or a lost connection: the reason, not an empty list.
        <Alert type="error" showIcon role="alert" title={failureText(list.error)} data-testid="audit-load-error" />
      ) : (
        <PagedTable<AuditRow>
          list={list}
          columns={columns}
          onPage={setPage}
          scrollX={960}
          size="middle"
          tableLayout="fixed"
          rowClassName={(row) => `audit-row${row.id === detailId ? ' is-open' : ''}`}
          onRow={(row) => ({ onClick: () => open(row.id), 'data-testid': 'audit-row' }) as HTMLAttributes<HTMLElement>}
          testId="audit-table"
        />
      )}
      {drawerUsed && (
        <Suspense fallback={null}>
          <AuditDetailDrawer id={detailId} onClose={close} onFilter={apply} />
        </Suspense>
      )}
    </>
  );
}
