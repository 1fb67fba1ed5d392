import { Table, type TableColumnsType } from 'antd';

export interface StatTableProps<Row> {
  columns: TableColumnsType<Row>;
  rows: Row[];
  rowKey: keyof Row & string;
  testId: string;
}

/** The numbers of a statistic as a table (the panel's "Tabel" view). */
export function StatTable<Row extends object>(p: StatTableProps<Row>) {
  return <Table<Row> size="middle" columns={p.columns} dataSource={p.rows} rowKey={p.rowKey} pagination={false} bordered data-testid={`${p.testId}-table`} />;
}
