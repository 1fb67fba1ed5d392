import { lazy, Suspense, useEffect, useState, type ReactNode } from 'react';
import type { ChartOption } from './echarts.tsx';
import { afterPaint, usePainted } from '../../../lib/after-paint.ts';
import { StatTable, type StatColumn } from './stat-table.tsx';
import { Dots } from '../../../components/lite/table.tsx';
import { LiteEmpty, LiteSegmented } from '../../../components/lite/tabs.tsx';
import { SvgIcon } from '../../../components/svg-icon.tsx';
import { BarChartOutlined, ReloadOutlined, TableOutlined } from '../../../components/lite/icons.ts';

// ECharts (about 200 kB gzip) is not needed to draw the page: it is downloaded once the page has
// been drawn (the first chart's effect), so its download does not delay the first paint on a slow
// connection; each chart appears when both it and its numbers are there.
let echartsModule: ReturnType<typeof importECharts> | null = null;
const importECharts = () => import('./echarts.tsx');
const loadECharts = () => (echartsModule ??= importECharts());
const EChart = lazy(() => loadECharts().then((m) => ({ default: m.EChart })));

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
  columns: StatColumn<Row>[];
  rows: Row[];
  rowKey: keyof Row & string;
  testId: string;
}

/**
 * One statistic: a chart with a readable empty state, or the same numbers as a table. Drawn
 * without antd in its look (components/lite): the page renders before antd would be downloaded.
 */
export function ChartPanel<Row extends object>(p: ChartPanelProps<Row>) {
  const [view, setView] = useState<'grafik' | 'tabel'>('grafik');
  const painted = usePainted();
  // After the first paint: start downloading ECharts (once for all panels).
  useEffect(() => afterPaint(() => void loadECharts()), []);
  let body: ReactNode;
  if (p.query.isPending) {
    body = (
      <div className="stat-center">
        <Dots />
      </div>
    );
  } else if (p.query.isError) {
    body = (
      <div className="lite-alert lite-alert-error" role="alert">
        <span className="lite-alert-message">{p.query.error?.message}</span>
        <button type="button" className="lite-btn lite-btn-sm" onClick={() => p.query.refetch()}>
          <SvgIcon icon={ReloadOutlined} />
          <span>Muat ulang</span>
        </button>
      </div>
    );
  } else if (view === 'tabel') {
    body = <StatTable<Row> columns={p.columns} rows={p.rows} rowKey={p.rowKey} testId={p.testId} />;
  } else {
    body = (
      <div className="stat-chart-wrap">
        {p.option &&
          (painted ? (
            <Suspense
              fallback={
                <div className="stat-center">
                  <Dots />
                </div>
              }
            >
              <EChart option={p.option} label={p.title} />
            </Suspense>
          ) : (
            <div className="stat-center">
              <Dots />
            </div>
          ))}
        {p.empty && (
          <div className="stat-empty" data-testid={`${p.testId}-empty`}>
            <LiteEmpty description={p.emptyText ?? 'Belum ada data untuk periode ini'} />
          </div>
        )}
      </div>
    );
  }
  return (
    <section className="stat-panel" data-testid={p.testId}>
      <div className="stat-head">
        <div>
          <h4 className="lite-title lite-title-4">{p.title}</h4>
          {p.subtitle && <span className="lite-secondary">{p.subtitle}</span>}
        </div>
        <div className="stat-controls">
          {p.extra}
          <LiteSegmented<'grafik' | 'tabel'>
            value={view}
            onChange={setView}
            label="Tampilan"
            options={[
              { value: 'grafik', label: 'Grafik', icon: <SvgIcon icon={BarChartOutlined} /> },
              { value: 'tabel', label: 'Tabel', icon: <SvgIcon icon={TableOutlined} /> },
            ]}
          />
        </div>
      </div>
      {body}
    </section>
  );
}
