import type { ReactNode } from 'react';
import { Table, type TableProps } from 'antd';
import type { Page } from '#contract/paging.ts';
import { cardTable, type CardColumn } from './card-table.ts';
import { listEmpty, type ListQuery } from './list-empty.tsx';
import { Pager } from './pager.tsx';

/** A list query answering one page of rows (a react-query result). */
export interface PagedQuery<T> extends ListQuery {
  data: Page<T> | undefined;
}

/** The "No" column of a paged list: the row's number across pages. */
export function rowNumberColumn<T>(page: Page<T> | undefined): CardColumn<T> {
  return { title: 'No', key: 'no', width: 56, render: (_v, _r, i) => (page?.from ?? 1) + i };
}

/**
 * One page of a list as an antd Table (a card list on a phone) with its pager below: the rows of
 * the query's page, the table's spinner while it loads (or while `busy`), the list's state where
 * the rows would be (listEmpty: failed, loading, or `empty`), and the pager with its ellipsis when
 * the count was capped. Other Table props (size, onRow, locale …) pass through.
 */
export function PagedTable<T extends object>({
  list,
  columns,
  onPage,
  testId,
  scrollX,
  busy = false,
  empty,
  rowKey = 'id' as keyof T & string,
  ...rest
}: {
  list: PagedQuery<T>;
  columns: CardColumn<T>[];
  onPage: (page: number) => void;
  testId: string;
  scrollX: number;
  /** Another request the list waits for (a delete): the table's spinner shows. */
  busy?: boolean;
  /** What an empty list says (listEmpty's default: 'Data Kosong'). */
  empty?: ReactNode;
  rowKey?: keyof T & string;
} & Omit<TableProps<T>, 'columns' | 'dataSource' | 'loading' | 'pagination' | 'scroll' | 'rowKey' | 'className'>) {
  const data = list.data;
  return (
    <>
      <Table<T>
        rowKey={rowKey}
        {...cardTable(columns)}
        dataSource={data?.data ?? []}
        loading={list.isFetching || busy}
        pagination={false}
        scroll={{ x: scrollX }}
        locale={{ emptyText: listEmpty(list, empty) }}
        data-testid={testId}
        {...rest}
      />
      <Pager current={data?.current_page ?? 1} last={data?.last_page ?? 1} more={data?.total_lebih} onChange={onPage} />
    </>
  );
}
