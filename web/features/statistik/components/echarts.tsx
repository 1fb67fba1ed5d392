// ECharts with only what the statistics page draws (bar, line, pie): imported from the `core`
// entries so the page's chunk stays small, and loaded only with this page (lazy route).
import ReactEChartsCore from 'echarts-for-react/esm/core';
import * as echarts from 'echarts/core';
import { BarChart, LineChart, PieChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent, TitleComponent, GraphicComponent } from 'echarts/components';
import { CanvasRenderer } from 'echarts/renderers';
import type { ComposeOption } from 'echarts/core';
import type { BarSeriesOption, LineSeriesOption, PieSeriesOption } from 'echarts/charts';
import type {
  GridComponentOption,
  LegendComponentOption,
  TooltipComponentOption,
  TitleComponentOption,
  GraphicComponentOption,
} from 'echarts/components';
import { useMedia } from '../../../lib/use-media.ts';
import { useThemeMode } from '../../../app/theme.tsx';

echarts.use([
  BarChart,
  LineChart,
  PieChart,
  GridComponent,
  LegendComponent,
  TooltipComponent,
  TitleComponent,
  GraphicComponent,
  CanvasRenderer,
]);

export type ChartOption = ComposeOption<
  | BarSeriesOption
  | LineSeriesOption
  | PieSeriesOption
  | GridComponentOption
  | LegendComponentOption
  | TooltipComponentOption
  | TitleComponentOption
  | GraphicComponentOption
>;

const PHONE = '(max-width: 575.98px)';

/**
 * On a phone the category labels of a bar or line chart slant, smaller, so they do not run into
 * each other; every label stays, as on a desktop.
 */
function forPhone(option: ChartOption): ChartOption {
  const x = option.xAxis;
  if (!x || Array.isArray(x) || x.type !== 'category' || (x.data?.length ?? 0) < 4) return option;
  return {
    ...option,
    xAxis: { ...x, axisLabel: { ...x.axisLabel, interval: 0, rotate: 45, fontSize: 11 } },
  } as ChartOption;
}

export function EChart({ option, height = 380, label }: { option: ChartOption; height?: number; label: string }) {
  const { dark } = useThemeMode();
  const phone = useMedia(PHONE);
  const shown = phone ? forPhone(option) : option;
  return (
    <div role="img" aria-label={label} data-testid="stat-chart">
      <ReactEChartsCore
        echarts={echarts}
        option={{ backgroundColor: 'transparent', ...shown }}
        theme={dark ? 'dark' : undefined}
        notMerge
        lazyUpdate
        style={{ height, width: '100%' }}
      />
    </div>
  );
}
