// The other users of the office while a long job runs (the BSrE month, the background import):
// an open loop of teacher details, due-list pages and the dashboard, whose p99 targets at 100/s
// are 30, 40 and 20 ms (scripts/bench/mix.ts); a run may cost at most twice these.
import { loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';

/** p99 targets at 100/s (scripts/bench/mix.ts): the run may cost at most twice these. */
export const TARGETS = { detail: 30, kgb: 40, dashboard: 20 } as const;
export type Kind = keyof typeof TARGETS;

/** Open loop: Poisson arrivals at RATE/s until `stop`; each latency counted from its scheduled time. */
export async function openLoop({
  base,
  token,
  ids,
  rate,
  stop,
}: {
  base: string;
  token: string;
  ids: number[];
  rate: number;
  stop: Promise<void>;
}) {
  const lat: Record<Kind, number[]> = { detail: [], kgb: [], dashboard: [] };
  let errors = 0;
  let done = false;
  void stop.then(() => (done = true));
  const inflight = new Set<Promise<void>>();
  let next = performance.now();
  let i = 0;
  while (!done) {
    next += -Math.log(1 - Math.random()) * (1000 / rate);
    const wait = next - performance.now();
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    const kind: Kind = (['detail', 'kgb', 'dashboard'] as const)[i % 3]!;
    const url =
      kind === 'detail'
        ? `/api/guru/${ids[(i * 7919) % ids.length]}`
        : kind === 'kgb'
          ? `/api/kgb?page=${1 + (i % 20)}`
          : '/api/dashboard';
    i++;
    const scheduled = next;
    const p: Promise<void> = fetch(`${base}${url}`, { headers: { authorization: `Bearer ${token}` } })
      .then(
        async (res) => {
          await res.arrayBuffer();
          if (res.status !== 200) errors++;
        },
        () => void errors++,
      )
      .then(() => {
        lat[kind].push(performance.now() - scheduled);
        inflight.delete(p);
      });
    inflight.add(p);
  }
  await Promise.all(inflight);
  const stats = (k: Kind) => {
    const l = lat[k].sort((a, b) => a - b);
    const q = (x: number) => l[Math.min(l.length - 1, Math.floor(x * l.length))] ?? 0;
    return { n: l.length, p50: q(0.5), p99: q(0.99), max: l.at(-1) ?? 0 };
  };
  return { detail: stats('detail'), kgb: stats('kgb'), dashboard: stats('dashboard'), errors };
}

export type OpenLoopLatency = Awaited<ReturnType<typeof openLoop>>;

/** A kind's p50 / p99 in ms for a report's table, marked ✗ where p99 is past twice its target. */
export const latencyCell = (l: OpenLoopLatency, k: Kind) =>
  `${l[k].p50.toFixed(1)} / ${l[k].p99.toFixed(1)}${l[k].p99 > 2 * TARGETS[k] ? ' ✗' : ''}`;

/** The titles of the three kinds' columns (latencyCell), with their targets. */
export const LATENCY_TITLES = `detail guru p50 / p99 ms (target p99 ${TARGETS.detail}) | daftar KGB p50 / p99 ms (${TARGETS.kgb}) | dasbor p50 / p99 ms (${TARGETS.dashboard})`;

/** The machine's load averages over 1, 5 and 15 minutes (its two cores are shared), for the report. */
export const machineLoad = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');
