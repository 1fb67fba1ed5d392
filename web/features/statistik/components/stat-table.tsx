import type { ReactNode } from 'react';
import { LiteTable } from '../../../components/lite/table.tsx';

/** A column of a statistic's table: antd's Table column shape (dataIndex or key, render(value, row)). */
export interface StatColumn<Row> {
  title: string;
  dataIndex?: keyof Row & string;
  key?: string;
  align?: 'left' | 'center' | 'right';
  render?: (value: never, row: Row) => ReactNode;
}

export interface StatTableProps<Row> {
  columns: StatColumn<Row>[];
  rows: Row[];
  rowKey: keyof Row & string;
  testId: string;
}

/** The numbers of a statistic as a table (the panel's "Tabel" view), in antd's bordered Table look. */
export function StatTable<Row extends object>(p: StatTableProps<Row>) {
  return (
    <div className="lite-bordered">
      <LiteTable<Row>
        testId={`${p.testId}-table`}
        rows={p.rows}
        rowKey={(r) => String(r[p.rowKey])}
        emptyText="Data Kosong"
        columns={p.columns.map((c) => ({
          key: c.key ?? c.dataIndex ?? c.title,
          title: c.title,
          align: c.align,
          render: (row) => {
            const value = c.dataIndex ? row[c.dataIndex] : undefined;
            return c.render ? c.render(value as never, row) : (value as ReactNode);
          },
        }))}
      />
    </div>
  );
}
