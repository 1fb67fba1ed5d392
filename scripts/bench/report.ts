// The benchmark's one table: for each key endpoint its latencies under mixed traffic next to the
// targets, and its throughput at saturation next to the two peers'.
import { median, percentile, type Series } from './load.ts';
import type { Endpoint } from './mix.ts';

export const RATE_TARGET_P99_AT_300 = 250;
export const RATIO_BARE = 0.85;
export const RATIO_FLOOR = 0.5;

export interface CpuPerRequest {
  server: number;
  postgres: number;
  client: number;
}

/** One open-loop run's figures for one endpoint. */
export interface LatencyRun {
  p50: number;
  p99: number;
  n: number;
  errors: number;
  errorSamples: string[];
}

export function latencyRun(s: Series | undefined): LatencyRun {
  if (!s) return { p50: NaN, p99: NaN, n: 0, errors: 0, errorSamples: [] };
  return {
    p50: percentile(s.latencies, 50),
    p99: percentile(s.latencies, 99),
    n: s.latencies.length,
    errors: s.errors,
    errorSamples: s.errorSamples,
  };
}

export interface Results {
  /** rate → series key → one entry per repeat. */
  mixed: Record<string, Record<string, LatencyRun[]>>;
  /** endpoint → peer → requests per second per repeat. */
  saturation: Record<
    string,
    {
      app: number[];
      bare: number[];
      floor: number[];
      errors: { app: number; bare: number; floor: number };
      /** CPU ms per request by process (server: the app or bare peer; client: the load generator). */
      cpu: { app: CpuPerRequest[]; bare: CpuPerRequest[]; floor: CpuPerRequest[] };
    }
  >;
  sendLag: Record<string, number[]>;
}

const fmt = (v: number, digits = 1) => (Number.isFinite(v) ? v.toFixed(digits) : '–');

/** "median (min–max)" of the repeats, or the single value. */
/** The latency columns of a table with a low and a high rate: p50, p99 and count / errors at each. */
export const rateColumns = (low: number, high: number): string[] =>
  [low, high].flatMap((rate) => [`${rate}/s p50 ms`, `${rate}/s p99 ms`, `${rate}/s n / err`]);

export function spread(values: number[], digits = 1): string {
  const v = values.filter(Number.isFinite);
  if (!v.length) return '–';
  if (v.length === 1) return fmt(v[0]!, digits);
  return `${fmt(median(v), digits)} (${fmt(Math.min(...v), digits)}–${fmt(Math.max(...v), digits)})`;
}

const mark = (good: boolean) => (good ? ' ✔' : ' ✘');

export interface Verdict {
  failures: string[];
  checks: number;
}

/** Renders the table (Markdown) and checks each figure against its target. */
export function renderTable(
  list: Endpoint[],
  results: Results,
  rates: number[],
  notForReport: string | null,
): { text: string; verdict: Verdict } {
  const failures: string[] = [];
  let checks = 0;
  const check = (good: boolean, what: string) => {
    checks++;
    if (!good) failures.push(what);
    return mark(good);
  };
  const [low = 100, high = 300] = rates;
  const rows: string[][] = [];
  const header = [
    'endpoint',
    `target at ${low}/s`,
    ...rateColumns(low, high),
    'app r/s',
    'bare node:http r/s',
    'SQL floor r/s',
    'app ÷ bare',
    'app ÷ floor',
  ];
  for (const e of list) {
    const keys = e.target100?.warm ? [`${e.key}:warm`, e.key] : [e.key];
    for (const key of keys) {
      const warmRow = key.endsWith(':warm');
      const lowRuns = results.mixed[String(low)]?.[key] ?? [];
      const highRuns = results.mixed[String(high)]?.[key] ?? [];
      const t = e.target100;
      const p50 = lowRuns.map((r) => r.p50);
      const p99 = lowRuns.map((r) => r.p99);
      const applies = t && (!t.warm || warmRow);
      let p50Cell = spread(p50);
      let p99Cell = spread(p99);
      if (applies && t.p50 !== undefined && p50.length)
        p50Cell += check(median(p50) <= t.p50, `${key}: p50 ${fmt(median(p50))} ms > ${t.p50} ms pada ${low}/s`);
      if (applies && p99.length)
        p99Cell += check(median(p99) <= t.p99, `${key}: p99 ${fmt(median(p99))} ms > ${t.p99} ms pada ${low}/s`);
      const highP99 = highRuns.map((r) => r.p99);
      let highP99Cell = spread(highP99);
      if (highP99.length && !warmRow)
        highP99Cell += check(
          median(highP99) <= RATE_TARGET_P99_AT_300,
          `${key}: p99 ${fmt(median(highP99))} ms > ${RATE_TARGET_P99_AT_300} ms pada ${high}/s`,
        );
      const errLow = lowRuns.reduce((a, r) => a + r.errors, 0);
      const errHigh = highRuns.reduce((a, r) => a + r.errors, 0);
      const nLow = lowRuns.reduce((a, r) => a + r.n, 0);
      const nHigh = highRuns.reduce((a, r) => a + r.n, 0);
      let errHighCell = `${nHigh} / ${errHigh}`;
      if (highRuns.length && !warmRow) errHighCell += check(errHigh === 0, `${key}: ${errHigh} galat pada ${high}/s`);

      const sat = warmRow ? undefined : results.saturation[e.key];
      let bareRatio = '–';
      let floorRatio = '–';
      if (sat && e.peers && sat.bare.length && sat.app.length) {
        const r = median(sat.app) / median(sat.bare);
        const per = sat.app.map((a, i) => a / (sat.bare[i] ?? NaN)).filter(Number.isFinite);
        bareRatio =
          `${(r * 100).toFixed(0)} %${per.length > 1 ? ` (${(Math.min(...per) * 100).toFixed(0)}–${(Math.max(...per) * 100).toFixed(0)})` : ''}` +
          check(r >= RATIO_BARE, `${e.key}: app ${(r * 100).toFixed(0)} % dari bare < ${RATIO_BARE * 100} %`);
      }
      if (sat && e.peers && sat.floor.length && sat.app.length) {
        const r = median(sat.app) / median(sat.floor);
        const per = sat.app.map((a, i) => a / (sat.floor[i] ?? NaN)).filter(Number.isFinite);
        floorRatio =
          `${(r * 100).toFixed(0)} %${per.length > 1 ? ` (${(Math.min(...per) * 100).toFixed(0)}–${(Math.max(...per) * 100).toFixed(0)})` : ''}` +
          check(r >= RATIO_FLOOR, `${e.key}: app ${(r * 100).toFixed(0)} % dari lantai SQL < ${RATIO_FLOOR * 100} %`);
      }
      const target = !t
        ? `p99 ≤ ${RATE_TARGET_P99_AT_300} at ${high}/s`
        : warmRow || !t.warm
          ? `${t.p50 !== undefined ? `p50 ≤ ${t.p50}, ` : ''}p99 ≤ ${t.p99}${t.warm ? ' (warm)' : ''}`
          : 'none (all requests)';
      const name = warmRow ? `${e.key} (warm cache)` : e.target100?.warm ? `${e.key} (all, cold after writes)` : e.key;
      rows.push([
        `${name}: ${e.call}`,
        target,
        p50Cell,
        p99Cell,
        `${nLow} / ${errLow}`,
        spread(highRuns.map((r) => r.p50)),
        highP99Cell,
        errHighCell,
        sat ? spread(sat.app, 0) : '–',
        sat && e.peers ? spread(sat.bare, 0) : '–',
        sat && e.peers ? spread(sat.floor, 0) : '–',
        bareRatio,
        floorRatio,
      ]);
    }
  }
  const lines = [
    `| ${header.join(' | ')} |`,
    `|${header.map(() => '---').join('|')}|`,
    ...rows.map((r) => `| ${r.join(' | ')} |`),
  ];
  if (notForReport) {
    lines.unshift(`**${notForReport}**`, '');
    lines.push('', `**${notForReport}**`);
  }
  return { text: lines.join('\n'), verdict: { failures, checks } };
}

/**
 * The CPU each request cost at saturation, by process (median of the repeats, ms): less sensitive
 * to other load on the machine than requests per second, and it shows where the time goes.
 */
export function renderCpuTable(list: Endpoint[], results: Results): string {
  const header = [
    'endpoint',
    'app: Node',
    'app: PostgreSQL',
    'app: load generator',
    'app total',
    'bare: Node',
    'bare: PostgreSQL',
    'bare total',
    'floor: PostgreSQL',
    'floor: pg loop',
    'floor total',
  ];
  const m = (xs: CpuPerRequest[], f: (c: CpuPerRequest) => number) => (xs.length ? median(xs.map(f)).toFixed(2) : '–');
  const rows = list
    .filter((e) => results.saturation[e.key]?.cpu.app.length)
    .map((e) => {
      const c = results.saturation[e.key]!.cpu;
      const total = (x: CpuPerRequest) => x.server + x.postgres + x.client;
      return [
        e.key,
        m(c.app, (x) => x.server),
        m(c.app, (x) => x.postgres),
        m(c.app, (x) => x.client),
        m(c.app, total),
        m(c.bare, (x) => x.server),
        m(c.bare, (x) => x.postgres),
        m(c.bare, total),
        m(c.floor, (x) => x.postgres),
        m(c.floor, (x) => x.client),
        m(c.floor, total),
      ];
    });
  return [
    `| ${header.join(' | ')} |`,
    `|${header.map(() => '---').join('|')}|`,
    ...rows.map((r) => `| ${r.join(' | ')} |`),
  ].join('\n');
}
