import { useState } from 'react';
import { Button, Space, Spin, Tag, Tooltip } from 'antd';
import { ArrowLeftOutlined, DeleteOutlined, EditOutlined, EyeOutlined, PlusOutlined } from '@ant-design/icons';
import type { CardColumn } from '../../../components/ui/card-table.ts';
import { PagedTable, type PagedQuery } from '../../../components/ui/paged-table.tsx';
import { failureText } from '../../../lib/form-helpers.ts';
import { rowLabel, useConfirmDelete } from './use-confirm-delete.tsx';
import { kondisiColor } from './kondisi-options.ts';
import { useDeleteProperty, usePropertyList, type PropertyKind } from '../api/property.ts';

/**
 * A property list of one owner (a school's rooms, land, photos; a room's assets) page by page,
 * with the delete of a row behind the confirmation that names it.
 */
export function usePropertyPages<Row extends { id: number; nama: string }, Owner extends string | number>(
  kind: PropertyKind<Row, never, Owner>,
  owner: Owner,
) {
  const [page, setPage] = useState(1);
  const list = usePropertyList(kind, owner, page);
  const remove = useDeleteProperty(kind, owner);
  const confirmDelete = useConfirmDelete();
  return {
    list,
    setPage,
    deleting: remove.isPending,
    /** Asks, then deletes the row (`title`: the dialog's own title, else the usual question). */
    confirmRemove: (noun: string, row: Row, title?: string) =>
      confirmDelete({ ...(title ? { title } : {}), noun, name: row.nama, action: () => remove.mutateAsync(row.id) }),
  };
}

/** The toolbar of a property tab (rooms, land, photos): its add button and how many there are. */
export function PropertyToolbar({
  addLabel,
  onAdd,
  total,
  noun,
}: {
  addLabel: string;
  onAdd: () => void;
  total: number | undefined;
  noun: string;
}) {
  return (
    <div className="toolbar">
      <Button type="primary" icon={<PlusOutlined />} onClick={onAdd}>
        {addLabel}
      </Button>
      {total !== undefined && (
        <span className="muted">
          {total.toLocaleString('id-ID')} {noun}
        </span>
      )}
    </div>
  );
}

/**
 * A school's property list (rooms, land, photos, a room's assets): why it did not load (when there
 * is nothing to show), then the paged table, its spinner also while a row is being deleted.
 */
export function PropertyTable<T extends { id: number }>({
  pages: { list, deleting, setPage },
  columns,
  scrollX,
  testId,
}: {
  pages: { list: PagedQuery<T> & { error: unknown }; deleting: boolean; setPage: (page: number) => void };
  columns: CardColumn<T>[];
  scrollX: number;
  testId: string;
}) {
  return (
    <>
      {list.isError && !list.data && (
        <div role="alert" className="error-text">
          {failureText(list.error)}
        </div>
      )}
      <PagedTable<T> list={list} columns={columns} busy={deleting} scrollX={scrollX} testId={testId} onPage={setPage} />
    </>
  );
}

const ACTION_ICON = { Detail: <EyeOutlined />, Edit: <EditOutlined />, Hapus: <DeleteOutlined /> };

/** One icon button of a row's actions: its tooltip (the action unless `tip`), named with its row. */
export interface RowAction {
  action: keyof typeof ACTION_ICON;
  tip?: string;
  onClick: () => void;
}

/** The icon buttons of a property row, in the given order ("Hapus" in red). */
export function RowActions({ noun, name, actions }: { noun: string; name: string; actions: RowAction[] }) {
  return (
    <Space size={4}>
      {actions.map(({ action, tip, onClick }) => (
        <Tooltip key={action} title={tip ?? action}>
          <Button
            size="small"
            danger={action === 'Hapus'}
            icon={ACTION_ICON[action]}
            aria-label={rowLabel(action, noun, name)}
            onClick={onClick}
          />
        </Tooltip>
      ))}
    </Space>
  );
}

/** The "Aksi" column of a property list: the row's icon buttons. */
export function actionsColumn<T extends { nama: string }>(
  noun: string,
  width: number,
  actionsOf: (row: T) => RowAction[],
): CardColumn<T> {
  return {
    title: 'Aksi',
    key: 'aksi',
    width,
    render: (_v, row) => <RowActions noun={noun} name={row.nama} actions={actionsOf(row)} />,
  };
}

/** A condition ("Baik", "Rusak Ringan" …) as a coloured tag. */
export const KondisiTag = ({ kondisi }: { kondisi: string }) => <Tag color={kondisiColor(kondisi)}>{kondisi}</Tag>;

/** A condition column. */
export function kondisiColumn<T>(title: string, dataIndex: keyof T & string): CardColumn<T> {
  return { title, dataIndex, width: 130, render: (v: string) => <KondisiTag kondisi={v} /> };
}

/** The head of a property row's detail: "Kembali" to the list, then the row's loading or why it did not load. */
export function DetailHead({
  row,
  onBack,
}: {
  row: { isPending: boolean; isError: boolean; error: unknown };
  onBack: () => void;
}) {
  return (
    <>
      <Button icon={<ArrowLeftOutlined />} onClick={onBack} style={{ marginBottom: 12 }}>
        Kembali
      </Button>
      {row.isPending && <Spin />}
      {row.isError && (
        <div role="alert" className="error-text">
          {failureText(row.error)}
        </div>
      )}
    </>
  );
}
