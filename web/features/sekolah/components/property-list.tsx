import { Button, Space, Tooltip } from 'antd';
import { DeleteOutlined, EditOutlined, EyeOutlined, PlusOutlined } from '@ant-design/icons';
import type { CardColumn } from '../../../components/ui/card-table.ts';
import { PagedTable, type PagedQuery } from '../../../components/ui/paged-table.tsx';
import { failureText } from './form-helpers.ts';
import { rowLabel } from './use-confirm-delete.tsx';

/** The toolbar of a property tab (rooms, land, photos): its add button and how many there are. */
export function PropertyToolbar({ addLabel, onAdd, total, noun }: { addLabel: string; onAdd: () => void; total: number | undefined; noun: string }) {
  return (
    <div className="toolbar">
      <Button type="primary" icon={<PlusOutlined />} onClick={onAdd}>{addLabel}</Button>
      {total !== undefined && <span className="muted">{total.toLocaleString('id-ID')} {noun}</span>}
    </div>
  );
}

/**
 * A school's property list (rooms, land, photos, a room's assets): why it did not load (when there
 * is nothing to show), then the paged table, its spinner also while a row is being deleted.
 */
export function PropertyTable<T extends { id: number }>({ list, columns, deleting, scrollX, testId, onPage }: {
  list: PagedQuery<T> & { error: unknown };
  columns: CardColumn<T>[];
  deleting: boolean;
  scrollX: number;
  testId: string;
  onPage: (page: number) => void;
}) {
  return (
    <>
      {list.isError && !list.data && <div role="alert" className="error-text">{failureText(list.error)}</div>}
      <PagedTable<T> list={list} columns={columns} busy={deleting} scrollX={scrollX} testId={testId} onPage={onPage} />
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
          <Button size="small" danger={action === 'Hapus'} icon={ACTION_ICON[action]} aria-label={rowLabel(action, noun, name)} onClick={onClick} />
        </Tooltip>
      ))}
    </Space>
  );
}
