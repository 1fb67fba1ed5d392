import { lazy, Suspense, useState, type ReactNode } from 'react';
import { Alert, Button, Empty, Segmented, Spin, Typography, type TableColumnsType } from 'antd';
import { BarChartOutlined, ReloadOutlined, TableOutlined } from '@ant-design/icons';
import type { ChartOption } from './echarts.tsx';
import type { StatTableProps } from './stat-table.tsx';

// ECharts (about 200 kB gzip) is not needed to draw the page: its download starts when this
// module runs, alongside the statistics requests, and each chart appears when both are there.
const echartsModule = import('./echarts.tsx');
const EChart = lazy(() => echartsModule.then((m) => ({ default: m.EChart })));
// antd's Table only draws the "Tabel" view, which no panel shows first: loaded the same way.
const tableModule = import('./stat-table.tsx');
const StatTable = lazy(() => tableModule.then((m) => ({ default: m.StatTable }))) as unknown as <Row extends object>(p: StatTableProps<Row>) => ReactNode;

export interface ChartPanelProps<Row> {
  /** Heading of the chart, also its accessible name. */
  title: string;
  subtitle?: ReactNode;
  /** Extra controls next to the view switch (the tab's dropdown). */
  extra?: ReactNode;
  query: { isPending: boolean; isError: boolean; error: Error | null; refetch: () => unknown };
  option: ChartOption | null;
  /** All values are zero: the chart still shows its axes, with a note over it. */
  empty: boolean;
  emptyText?: string;
  columns: TableColumnsType<Row>;
  rows: Row[];
  rowKey: keyof Row & string;
  testId: string;
}

/** One statistic: a chart with a readable empty state, or the same numbers as a table. */
export function ChartPanel<Row extends object>(p: ChartPanelProps<Row>) {
  const [view, setView] = useState<'grafik' | 'tabel'>('grafik');
  let body: ReactNode;
  if (p.query.isPending) {
    body = <div className="stat-center"><Spin /></div>;
  } else if (p.query.isError) {
    body = (
      <Alert type="error" showIcon title={p.query.error?.message}
        action={<Button size="small" icon={<ReloadOutlined />} onClick={() => p.query.refetch()}>Muat ulang</Button>} />
    );
  } else if (view === 'tabel') {
    body = (
      <Suspense fallback={<div className="stat-center"><Spin /></div>}>
        <StatTable<Row> columns={p.columns} rows={p.rows} rowKey={p.rowKey} testId={p.testId} />
      </Suspense>
    );
  } else {
    body = (
      <div className="stat-chart-wrap">
        {p.option && (
          <Suspense fallback={<div className="stat-center"><Spin /></div>}>
            <EChart option={p.option} label={p.title} />
          </Suspense>
        )}
        {p.empty && (
          <div className="stat-empty" data-testid={`${p.testId}-empty`}>
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={p.emptyText ?? 'Belum ada data untuk periode ini'} />
          </div>
        )}
      </div>
    );
  }
  return (
    <section className="stat-panel" data-testid={p.testId}>
      <div className="stat-head">
        <div>
          <Typography.Title level={4} style={{ margin: 0 }}>{p.title}</Typography.Title>
          {p.subtitle && <Typography.Text type="secondary">{p.subtitle}</Typography.Text>}
        </div>
        <div className="stat-controls">
          {p.extra}
          <Segmented<'grafik' | 'tabel'>
            value={view}
            onChange={setView}
            options={[
              { value: 'grafik', label: 'Grafik', icon: <BarChartOutlined /> },
              { value: 'tabel', label: 'Tabel', icon: <TableOutlined /> },
            ]}
          />
        </div>
      </div>
      {body}
    </section>
  );
}
