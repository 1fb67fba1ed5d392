// ECharts with only what the statistics page draws (bar, line, pie): imported from the `core`
// entries so the page's chunk stays small, and loaded only with this page (lazy route).
import ReactEChartsCore from 'echarts-for-react/esm/core';
import * as echarts from 'echarts/core';
import { BarChart, LineChart, PieChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent, TitleComponent, GraphicComponent } from 'echarts/components';
import { CanvasRenderer } from 'echarts/renderers';
import type { ComposeOption } from 'echarts/core';
import type { BarSeriesOption, LineSeriesOption, PieSeriesOption } from 'echarts/charts';
import type { GridComponentOption, LegendComponentOption, TooltipComponentOption, TitleComponentOption, GraphicComponentOption } from 'echarts/components';
import { useThemeMode } from '../../../app/theme.tsx';

echarts.use([BarChart, LineChart, PieChart, GridComponent, LegendComponent, TooltipComponent, TitleComponent, GraphicComponent, CanvasRenderer]);

export type ChartOption = ComposeOption<
  BarSeriesOption | LineSeriesOption | PieSeriesOption | GridComponentOption | LegendComponentOption | TooltipComponentOption | TitleComponentOption | GraphicComponentOption
>;

export function EChart({ option, height = 380, label }: { option: ChartOption; height?: number; label: string }) {
  const { dark } = useThemeMode();
  return (
    <div role="img" aria-label={label} data-testid="stat-chart">
      <ReactEChartsCore
        echarts={echarts}
        option={{ backgroundColor: 'transparent', ...option }}
        theme={dark ? 'dark' : undefined}
        notMerge
        lazyUpdate
        style={{ height, width: '100%' }}
      />
    </div>
  );
}
