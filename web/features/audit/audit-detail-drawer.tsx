import { useState } from 'react';
import {
  Alert,
  Button,
  Collapse,
  Descriptions,
  Drawer,
  Skeleton,
  Space,
  Table,
  Tag,
  Tooltip,
  Typography,
  type TableColumnsType,
} from 'antd';
import { FilterOutlined, LockOutlined } from '@ant-design/icons';
import type { AuditDetail } from '#contract/audit.ts';
import { AUDIT_ACTION_LABEL, SECURITY_EVENTS, type SecurityEvent } from '#contract/audit-values.ts';
import { MSG } from '#contract/messages.ts';
import { failureText } from '../../components/ui/form-errors.tsx';
import { useAuditDetail } from './api/audit.ts';
import { useZonaKantor } from '../../lib/waktu-kantor.ts';
import {
  ACTION_COLOR,
  columnDiffs,
  formatWaktu,
  shownValue,
  tableLabel,
  userNote,
  type AuditFilters,
  type ColumnDiff,
} from './format.ts';
import { cardTable } from '../../components/ui/card-table.ts';

/**
 * One value of a row image: readable text, pretty JSON, masked values exactly as stored; a master
 * id or a code the server could read shows its name, with the stored value beside it.
 */
function AuditValue({ column, value, readable }: { column: string; value: unknown; readable?: string }) {
  if (readable !== undefined) {
    return (
      <span className="audit-value" data-testid="audit-readable">
        {readable} <Typography.Text type="secondary">({String(value)})</Typography.Text>
      </span>
    );
  }
  const v = shownValue(column, value);
  switch (v.kind) {
    case 'empty':
      return (
        <Typography.Text type="secondary" italic>
          {MSG.emptyValue}
        </Typography.Text>
      );
    case 'blank':
      return (
        <Typography.Text type="secondary" italic>
          (teks kosong)
        </Typography.Text>
      );
    case 'masked':
      return (
        <Typography.Text
          type="secondary"
          className="audit-masked"
          title="Nilai ini tidak disimpan di log audit (data pribadi atau rahasia)"
        >
          <LockOutlined /> {v.text}
        </Typography.Text>
      );
    case 'json':
      return <pre className="audit-json">{v.text}</pre>;
    default:
      return <span className="audit-value">{v.text}</span>;
  }
}

/** A bookkeeping column (updated_at, versi) that moved with the change: not a change of the data. */
const movedBookkeeping = (d: ColumnDiff) => JSON.stringify(d.before) !== JSON.stringify(d.after);

/** The before/after table of some columns; an insert shows only the new values, a delete only the old. */
function DiffTable({
  diffs,
  aksi,
  tampilan,
  testId,
}: {
  diffs: ColumnDiff[];
  aksi: AuditDetail['aksi'];
  tampilan: AuditDetail['tampilan'] | undefined;
  testId: string;
}) {
  const columns: TableColumnsType<ColumnDiff> = [
    {
      title: 'Kolom',
      dataIndex: 'column',
      width: '30%',
      className: 'audit-column-name',
      render: (c: string, d) => (
        <>
          {tampilan?.kolom[c] ? (
            <span data-testid="audit-column-label">
              {tampilan.kolom[c]}{' '}
              <Typography.Text type="secondary" className="audit-column-code">
                <code>{c}</code>
              </Typography.Text>
            </span>
          ) : (
            <code>{c}</code>
          )}
          {!d.changed && aksi === 'UPDATE' && movedBookkeeping(d) && (
            <Tooltip title="Kolom pencatatan: diperbarui otomatis pada setiap perubahan">
              <Tag className="audit-bookkeeping">pencatatan</Tag>
            </Tooltip>
          )}
        </>
      ),
    },
  ];
  if (aksi !== 'INSERT') {
    columns.push({
      title: aksi === 'DELETE' ? 'Nilai terakhir' : 'Sebelum',
      key: 'before',
      onCell: (d) => ({ className: aksi === 'UPDATE' && d.changed ? 'audit-before' : undefined }),
      render: (_v, d) => (
        <AuditValue column={d.column} value={d.before} readable={tampilan?.nilai[d.column]?.sebelum} />
      ),
    });
  }
  if (aksi !== 'DELETE') {
    columns.push({
      title: aksi === 'INSERT' ? 'Nilai baru' : 'Sesudah',
      key: 'after',
      onCell: (d) => ({ className: aksi === 'UPDATE' && d.changed ? 'audit-after' : undefined }),
      render: (_v, d) => <AuditValue column={d.column} value={d.after} readable={tampilan?.nilai[d.column]?.sesudah} />,
    });
  }
  return (
    <Table<ColumnDiff>
      rowKey="column"
      size="small"
      bordered
      {...cardTable(columns)}
      dataSource={diffs}
      pagination={false}
      tableLayout="fixed"
      rowClassName={(d) => (d.changed ? 'audit-diff-changed' : '')}
      locale={{ emptyText: MSG.emptyValue }}
      data-testid={testId}
    />
  );
}

function DetailBody({ detail, onFilter }: { detail: AuditDetail; onFilter: (patch: Partial<AuditFilters>) => void }) {
  const zona = useZonaKantor();
  const diffs = columnDiffs(detail.sebelum, detail.sesudah, detail.kolom);
  const changed = diffs.filter((d) => d.changed);
  const others = diffs.filter((d) => !d.changed);
  const changeTitle = {
    INSERT: `Data baru · ${changed.length} kolom terisi`,
    UPDATE: `${changed.length} kolom berubah`,
    DELETE: `Data yang dihapus · ${changed.length} kolom terisi`,
    EVENT: `Peristiwa keamanan: ${SECURITY_EVENTS[detail.entitas_id as SecurityEvent] ?? detail.entitas_id}`,
  }[detail.aksi];
  const othersTitle =
    detail.aksi !== 'UPDATE'
      ? `Kolom yang kosong (${others.length})`
      : others.some(movedBookkeeping)
        ? `Kolom lain yang tidak berubah, dan kolom pencatatan (${others.length})`
        : `Kolom lain yang tidak berubah (${others.length})`;
  const note = userNote(detail);

  return (
    <div className="audit-detail" data-testid="audit-detail">
      <Descriptions
        size="small"
        bordered
        column={1}
        className="audit-facts"
        items={[
          {
            key: 'waktu',
            label: 'Waktu',
            children: (
              <span data-testid="audit-detail-waktu">
                {formatWaktu(detail.waktu, true)} {zona}
              </span>
            ),
          },
          {
            key: 'pengguna',
            label: 'Pengguna',
            children: (
              <Space size={4} wrap data-testid="audit-detail-user">
                <strong>{detail.username ?? 'Tidak diketahui'}</strong>
                {note && <Typography.Text type="secondary">({note})</Typography.Text>}
              </Space>
            ),
          },
          { key: 'ip', label: 'Alamat IP', children: detail.ip ? <code>{detail.ip}</code> : MSG.emptyValue },
          {
            key: 'rute',
            label: 'Permintaan',
            children: detail.rute ? (
              <code data-testid="audit-detail-route">{[detail.metode, detail.rute].filter(Boolean).join(' ')}</code>
            ) : (
              MSG.emptyValue
            ),
          },
          {
            key: 'request',
            label: 'ID permintaan',
            children: detail.request_id ? (
              <Typography.Text code copyable={{ tooltips: ['Salin', 'Tersalin'] }}>
                {detail.request_id}
              </Typography.Text>
            ) : (
              MSG.emptyValue
            ),
          },
          {
            key: 'data',
            label: 'Data',
            children: (
              <span data-testid="audit-detail-data">
                {tableLabel(detail.tabel)}{' '}
                <Typography.Text type="secondary">
                  (<code>{detail.tabel}</code>)
                </Typography.Text>
                {detail.entitas_id && <> · ID {detail.entitas_id}</>}
              </span>
            ),
          },
          { key: 'id', label: 'Nomor catatan', children: `#${detail.id}` },
        ]}
      />
      <Space wrap size={4} className="audit-detail-links">
        {detail.entitas_id && (
          <Button
            size="small"
            icon={<FilterOutlined />}
            onClick={() =>
              onFilter({ tabel: detail.tabel, entitas_id: detail.entitas_id ?? '', aksi: '', username: '' })
            }
            data-testid="audit-filter-entity"
          >
            Riwayat data ini
          </Button>
        )}
        {detail.username && (
          <Button
            size="small"
            icon={<FilterOutlined />}
            onClick={() => onFilter({ username: detail.username ?? '', tabel: '', aksi: '', entitas_id: '' })}
            data-testid="audit-filter-user"
          >
            Perubahan oleh {detail.username}
          </Button>
        )}
      </Space>

      <Typography.Title level={5} className="audit-section-title" data-testid="audit-change-title">
        {changeTitle}
      </Typography.Title>
      {changed.length > 0 ? (
        <DiffTable diffs={changed} aksi={detail.aksi} tampilan={detail.tampilan} testId="audit-diff" />
      ) : (
        <Typography.Paragraph type="secondary">
          Tidak ada kolom data yang berubah (hanya kolom pencatatan).
        </Typography.Paragraph>
      )}
      {others.length > 0 && (
        <Collapse
          className="audit-others"
          size="small"
          items={[
            {
              key: 'lain',
              label: othersTitle,
              children: (
                <DiffTable diffs={others} aksi={detail.aksi} tampilan={detail.tampilan} testId="audit-diff-others" />
              ),
            },
          ]}
          data-testid="audit-others"
        />
      )}
    </div>
  );
}

/**
 * The detail of one audit record in a drawer: who, when, from where, which request, and the
 * row's values before and after (changed columns first and highlighted, the others folded).
 */
export function AuditDetailDrawer({
  id,
  onClose,
  onFilter,
}: {
  id: number | null;
  onClose: () => void;
  onFilter: (patch: Partial<AuditFilters>) => void;
}) {
  // The last record stays in the drawer while it slides closed.
  const [shownId, setShownId] = useState(id);
  if (id !== null && id !== shownId) setShownId(id);
  const detail = useAuditDetail(shownId);
  const d = detail.data;

  return (
    <Drawer
      open={id !== null}
      onClose={onClose}
      size={760}
      rootClassName="audit-drawer"
      closable={{ 'aria-label': 'Tutup rincian' }}
      title={
        d ? (
          <Space size={8} wrap>
            <Tag color={ACTION_COLOR[d.aksi]} className="audit-tag">
              {AUDIT_ACTION_LABEL[d.aksi]}
            </Tag>
            <span>{tableLabel(d.tabel)}</span>
            {d.entitas_id && <Typography.Text type="secondary">ID {d.entitas_id}</Typography.Text>}
          </Space>
        ) : (
          'Rincian perubahan'
        )
      }
    >
      {detail.isError ? (
        <Alert type="error" showIcon role="alert" title={failureText(detail.error)} data-testid="audit-detail-error" />
      ) : d ? (
        <DetailBody detail={d} onFilter={onFilter} />
      ) : (
        <Skeleton active paragraph={{ rows: 8 }} />
      )}
    </Drawer>
  );
}
