import { formatNumber } from '../../../lib/format.ts';
import type { ChartOption } from './echarts.tsx';

const fmt = (v: unknown) => (typeof v === 'number' ? formatNumber(v) : String(v ?? '-'));

export interface Series {
  name: string;
  data: (number | null)[];
  color?: string;
}

/** A value label, left out for zero (the axis and the table say it) so empty months stay calm. */
const label =
  (percent?: boolean) =>
  ({ value }: { value: unknown }) =>
    value === 0 || value === '-' ? '' : percent ? `${fmt(value)}%` : fmt(value);

/**
 * Axis options shared by bar and line charts. `integer`: counts of people or letters, whole-number
 * ticks, one step per unit while the counts are small (SPEC: "Y-axis tick step is 1").
 */
function axes(
  categories: string[],
  series: Series[],
  opts: { integer?: boolean; percent?: boolean; rotate?: number },
): Pick<ChartOption, 'xAxis' | 'yAxis' | 'grid'> {
  const max = Math.max(0, ...series.flatMap((s) => s.data.map((v) => v ?? 0)));
  const step = opts.integer ? (max <= 10 ? { interval: 1, ...(max === 0 ? { max: 1 } : {}) } : { minInterval: 1 }) : {};
  return {
    grid: { left: 16, right: 24, top: 48, bottom: 16, containLabel: true },
    xAxis: { type: 'category', data: categories, axisLabel: { interval: 0, rotate: opts.rotate ?? 0 } },
    yAxis: {
      type: 'value',
      ...step,
      ...(opts.percent ? { min: 0, max: 100, interval: 20 } : {}),
      axisLabel: { formatter: (v: number) => (opts.percent ? `${v}%` : formatNumber(v)) },
    },
  };
}

export function barOption(
  categories: string[],
  series: Series[],
  opts: { integer?: boolean; percent?: boolean; rotate?: number; colorByPoint?: string[] } = {},
): ChartOption {
  return {
    tooltip: {
      trigger: 'axis',
      axisPointer: { type: 'shadow' },
      valueFormatter: (v) => (opts.percent ? `${fmt(v)}%` : fmt(v)),
    },
    legend: series.length > 1 ? { top: 0 } : { show: false },
    ...axes(categories, series, opts),
    series: series.map((s) => ({
      type: 'bar',
      name: s.name,
      data: opts.colorByPoint
        ? s.data.map((v, i) => ({ value: v ?? '-', itemStyle: { color: opts.colorByPoint![i] } }))
        : s.data.map((v) => v ?? '-'),
      barMaxWidth: 56,
      ...(s.color ? { itemStyle: { color: s.color } } : {}),
      label: { show: true, position: 'top', formatter: label(opts.percent) },
    })),
  } as ChartOption;
}

export function lineOption(
  categories: string[],
  series: Series[],
  opts: { integer?: boolean; rotate?: number } = {},
): ChartOption {
  return {
    tooltip: { trigger: 'axis', valueFormatter: fmt },
    legend: series.length > 1 ? { top: 0 } : { show: false },
    ...axes(categories, series, opts),
    series: series.map((s) => ({
      type: 'line',
      name: s.name,
      data: s.data.map((v) => v ?? '-'),
      smooth: false,
      symbolSize: 8,
      areaStyle: { opacity: 0.12 },
      ...(s.color ? { itemStyle: { color: s.color }, lineStyle: { color: s.color } } : {}),
      label: { show: true, position: 'top', formatter: label() },
    })),
  } as ChartOption;
}

/** A pie (or donut) of the non-zero parts; the table view still lists the zeros. */
export function pieOption(
  name: string,
  parts: { name: string; value: number; color?: string }[],
  opts: { donut?: boolean } = {},
): ChartOption {
  return {
    tooltip: {
      trigger: 'item',
      formatter: (p: unknown) => {
        const { name: n, value, percent } = p as { name: string; value: number; percent: number };
        return `${n}: ${formatNumber(value)} (${formatNumber(percent, 1)}%)`;
      },
    },
    legend: { bottom: 0 },
    series: [
      {
        type: 'pie',
        name,
        radius: opts.donut ? ['42%', '68%'] : [0, '68%'],
        center: ['50%', '46%'],
        data: parts
          .filter((p) => p.value > 0)
          .map((p) => ({ name: p.name, value: p.value, ...(p.color ? { itemStyle: { color: p.color } } : {}) })),
        label: {
          formatter: (p: unknown) => {
            const { name: n, value } = p as { name: string; value: number };
            return `${n}: ${formatNumber(value)}`;
          },
        },
      },
    ],
  } as ChartOption;
}
