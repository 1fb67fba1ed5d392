import { lazy, Suspense, useState } from 'react';
import { App, Button, Space, Table, Tag, Tooltip, Typography, type TableColumnsType } from 'antd';
import { CheckCircleOutlined, DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import type { RecordKind, RecordRow } from '#contract/riwayat.ts';
import { MSG } from '#contract/messages.ts';
import { getSession, isAdmin } from '../../lib/session.ts';
import { failureText } from '../../components/ui/form-errors.tsx';
import { useDeleteRecord, useRecords, useVerifyRecord } from './api/riwayat.ts';
import { RecordCell } from './record-cell.tsx';
import { actionLabel, confirmQuestion } from './row-name.ts';

// The record form (date pickers, selects, upload) is downloaded when a record is added or edited.
const RecordFormModal = lazy(() => import('./record-form-modal.tsx').then((m) => ({ default: m.RecordFormModal })));
import './riwayat.css';
import { listEmpty } from '../../components/ui/list-empty.tsx';
import { cardTable } from '../../components/ui/card-table.ts';

/**
 * One record tab of the teacher detail, entirely from its RECORD_KINDS definition: the table of
 * kind.columns plus actions, add/edit modal from kind.fields, delete with confirmation, and for
 * verifiable kinds the red unverified rows and the administrator's Verifikasi action.
 */
export function RecordTab({ kind, guruId }: { kind: RecordKind; guruId: number }) {
  const { modal, message } = App.useApp();
  const admin = isAdmin(getSession());
  const rows = useRecords(kind, guruId);
  const remove = useDeleteRecord(kind, guruId);
  const verify = useVerifyRecord(kind, guruId);
  const [editor, setEditor] = useState<{ row: RecordRow | null; open: boolean; n: number } | null>(null);

  const act = (title: string, content: string, run: () => Promise<{ message: string }>, danger: boolean) =>
    modal.confirm({
      title: MSG.confirmTitle,
      content,
      okText: MSG.confirmYes,
      cancelText: MSG.confirmNo,
      okButtonProps: { danger },
      onOk: async () => {
        try {
          const r = await run();
          message.success(r.message);
        } catch (err) {
          modal.error({ title, content: <span data-testid="action-error">{failureText(err)}</span>, okText: 'OK' });
        }
      },
    });

  // SPEC §4: operators may change or delete a verified row no more; a row written when a KGB letter
  // was signed is nobody's to change here (the server refuses the same).
  const canChange = (row: RecordRow) => !row.dari_surat && (admin || !kind.verifiable || row.status === 0);

  const columns: TableColumnsType<RecordRow> = [
    { title: 'No', key: 'no', width: 56, render: (_v, _r, i) => i + 1 },
    ...kind.columns.map((c) => ({
      title: c.title,
      key: c.field,
      render: (_v: unknown, row: RecordRow) => <RecordCell kind={kind} column={c} row={row} />,
    })),
  ];
  if (kind.verifiable) {
    columns.push({
      title: 'Status',
      key: 'status',
      width: 140,
      render: (_v, row) =>
        row.status === 0 ? <Tag color="red">Belum diverifikasi</Tag> : <Tag color="green">Terverifikasi</Tag>,
    });
  }
  columns.push({
    title: 'Aksi',
    key: 'aksi',
    width: kind.verifiable && admin ? 124 : 92,
    fixed: 'right',
    render: (_v, row) => (
      <Space size={4}>
        {canChange(row) && (
          <Tooltip title="Edit">
            <Button
              size="small"
              icon={<EditOutlined />}
              aria-label={actionLabel('Edit', kind, row)}
              data-testid="record-edit"
              onClick={() => setEditor({ row, open: true, n: Date.now() })}
            />
          </Tooltip>
        )}
        {row.dari_surat && (
          <Tooltip title="Dicatat dari surat KGB yang sudah ditandatangani">
            <Tag data-testid="record-from-letter">Dari surat KGB</Tag>
          </Tooltip>
        )}
        {canChange(row) && (
          <Tooltip title="Hapus">
            <Button
              size="small"
              danger
              icon={<DeleteOutlined />}
              aria-label={actionLabel('Hapus', kind, row)}
              data-testid="record-delete"
              // The question names the row it deletes: 'Hapus karya tulis "…"?'.
              onClick={() =>
                act('Gagal menghapus', confirmQuestion('Hapus', kind, row), () => remove.mutateAsync(row.id), true)
              }
            />
          </Tooltip>
        )}
        {kind.verifiable && admin && row.status === 0 && (
          <Tooltip title="Verifikasi">
            <Button
              size="small"
              type="primary"
              icon={<CheckCircleOutlined />}
              aria-label={actionLabel('Verifikasi', kind, row)}
              data-testid="record-verify"
              onClick={() =>
                act(
                  'Gagal memverifikasi',
                  confirmQuestion('Verifikasi', kind, row),
                  () => verify.mutateAsync(row.id),
                  false,
                )
              }
            />
          </Tooltip>
        )}
      </Space>
    ),
  });

  const data = rows.data?.data ?? [];
  return (
    <div data-testid={`record-tab-${kind.key}`}>
      <div className="record-toolbar">
        <Space wrap>
          <Typography.Text strong>{kind.title}</Typography.Text>
          {rows.data && (
            <Typography.Text type="secondary">{rows.data.total.toLocaleString('id-ID')} data</Typography.Text>
          )}
          {kind.verifiable && (
            <Typography.Text type="secondary" className="record-legend">
              belum diverifikasi
            </Typography.Text>
          )}
        </Space>
        <Button
          type="primary"
          icon={<PlusOutlined />}
          data-testid="record-add"
          onClick={() => setEditor({ row: null, open: true, n: Date.now() })}
        >
          Tambah
        </Button>
      </div>
      {rows.isError && (
        <Typography.Paragraph type="danger" role="alert">
          {failureText(rows.error)}
        </Typography.Paragraph>
      )}
      <Table<RecordRow>
        rowKey="id"
        size="small"
        {...cardTable(columns)}
        dataSource={data}
        loading={rows.isFetching || remove.isPending || verify.isPending}
        pagination={false}
        scroll={{ x: 'max-content' }}
        rowClassName={(row) => (kind.verifiable && row.status === 0 ? 'record-unverified' : '')}
        locale={{ emptyText: listEmpty(rows) }}
        data-testid="record-table"
      />
      {editor && (
        <Suspense fallback={null}>
          <RecordFormModal
            key={editor.n}
            kind={kind}
            guruId={guruId}
            row={editor.row}
            open={editor.open}
            onClose={() => setEditor((e) => (e ? { ...e, open: false } : e))}
            afterClose={() => setEditor(null)}
          />
        </Suspense>
      )}
    </div>
  );
}
