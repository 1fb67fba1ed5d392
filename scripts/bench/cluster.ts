// The tier-M mix through HAProxy with two app processes against one, same machine,
// same data, reported as ratios. `npm run bench:cluster` (docs/performance.md, "Two processes
// behind HAProxy").
//
// Starts two app processes (server/main.ts) on the benchmark database (DATABASE_URL, default
// sidasek_bench_m, as bench.ts) and one HAProxy with two frontends, and measures three
// configurations with bench.ts's own mix and load generator (mix.ts, load.ts):
//   one      one process, clients connect to it directly;
//   one-lb   the same process through HAProxy (a backend with one server): the balancer's cost;
//   two-lb   both processes through HAProxy (roundrobin): the configuration of docs/deploy.md.
// Phases: mixed traffic with Poisson arrivals (100/s and 300/s) and the whole mix at saturation
// (closed loop, N connections), the configurations rotated within each repeat (A B C, B C A, …),
// each configuration given the same request sequence; cells are medians of the repeats (min–max),
// ratios of the medians with the min–max of the per-repeat ratios. Like bench.ts it refuses to
// measure on a busy machine (--force measures anyway and marks the tables "TIDAK UNTUK LAPORAN").
//
//   npm run bench:cluster [-- --duration 30 --repeats 3 --sat-duration 10 --connections 16 --out r.json]
import { spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { CONNECTION_OPTIONS } from '../../server/db/client.ts';
import { HAPROXY_BIN, haproxyConfig } from '../haproxy.ts';
import { appEnv, seriesOptions, Children, HttpTarget, Series, closedLoop, median, rng, waitHealthy } from './load.ts';
import { chooser, databaseFacts, endpoints, loadPools, mixedRun, ADMIN_PASSWORD_DEFAULT } from './mix.ts';
import {
  busyGate,
  commitLabel,
  cpuMeter,
  ForeignCpu,
  ioStallMeter,
  machineState,
  processCpuMs,
  BUSY_FOREIGN_CORES,
  NOT_FOR_REPORT,
} from './machine.ts';
import { latencyRun, rateColumns, spread, type LatencyRun } from './report.ts';
import { serverArgs } from '../server-command.mjs';
import { root } from './throwaway.ts';

const { values: args } = parseArgs({
  options: {
    ...seriesOptions({ satDuration: '10', satWarmup: '2', connections: '16' }),
    /** Which configurations, in their rotation order. */
    configs: { type: 'string', default: 'one,one-lb,two-lb' },
    /** The first of five ports: app a, app b, HAProxy one-lb, HAProxy two-lb, HAProxy stats. */
    port: { type: 'string', default: '3990' },
    out: { type: 'string' },
  },
});
const opts = {
  rates: args.rates!.split(',').map(Number),
  durationMs: Number(args.duration) * 1000,
  repeats: Number(args.repeats),
  satMs: Number(args['sat-duration']) * 1000,
  satWarmupMs: Number(args['sat-warmup']) * 1000,
  connections: Number(args.connections),
  seed: Number(args.seed),
};
const basePort = Number(args.port);
const PORTS = { a: basePort, b: basePort + 1, oneLb: basePort + 2, twoLb: basePort + 3, stats: basePort + 4 };

const CONFIGS = {
  one: { label: 'ONE: one process, direct', port: PORTS.a, backend: null, apps: ['a'] },
  'one-lb': { label: 'ONE via HAProxy (one server)', port: PORTS.oneLb, backend: 'one', apps: ['a'] },
  'two-lb': {
    label: 'TWO: two processes via HAProxy (roundrobin)',
    port: PORTS.twoLb,
    backend: 'two',
    apps: ['a', 'b'],
  },
} as const;
type ConfigKey = keyof typeof CONFIGS;
const configs = args.configs!.split(',') as ConfigKey[];
for (const c of configs) if (!(c in CONFIGS)) throw new Error(`Konfigurasi tidak dikenal: ${c} (one, one-lb, two-lb)`);
if (new Set(configs).size !== configs.length) throw new Error('--configs: setiap konfigurasi sekali saja');
const rotated = (rep: number) => configs.map((_, i) => configs[(i + rep) % configs.length]!);

function log(msg: string) {
  process.stderr.write(`[cluster ${new Date().toISOString().slice(11, 19)}] ${msg}\n`);
}

// ---- child processes: the apps and HAProxy ------------------------------------------------------

const children = new Children(root, log);

const HAPROXY = HAPROXY_BIN;

/** HAProxy as the two-instance test and docs/deploy.md set it up (scripts/haproxy.ts): two frontends, one per configuration. */
const clusterHaproxyConfig = () =>
  haproxyConfig(
    [
      { name: 'one', port: PORTS.oneLb, servers: [['a', PORTS.a]] },
      {
        name: 'two',
        port: PORTS.twoLb,
        servers: [
          ['a', PORTS.a],
          ['b', PORTS.b],
        ],
      },
    ],
    {
      maxconn: 2048,
      extra: ['listen stats', `  bind 127.0.0.1:${PORTS.stats}`, '  stats enable', '  stats uri /stats'],
    },
  );

/** HAProxy's per-server counters (stats CSV): status, requests answered, retries, redispatches. */
async function haproxyStats(): Promise<
  {
    backend: string;
    server: string;
    status: string;
    requests: number;
    retries: number;
    redispatches: number;
    errors: number;
  }[]
> {
  const csv = await (await fetch(`http://127.0.0.1:${PORTS.stats}/stats;csv`)).text();
  const [head = '', ...rows] = csv.trim().split('\n');
  const cols = head.replace(/^# /, '').split(',');
  const at = (row: string[], name: string) => row[cols.indexOf(name)] ?? '';
  return rows
    .map((r) => r.split(','))
    .filter((r) => (r[0] === 'one' || r[0] === 'two') && r[1] !== 'FRONTEND' && r[1] !== 'BACKEND')
    .map((r) => ({
      backend: r[0]!,
      server: r[1]!,
      status: at(r, 'status'),
      requests: Number(at(r, 'stot')) || 0,
      retries: Number(at(r, 'wretr')) || 0,
      redispatches: Number(at(r, 'wredis')) || 0,
      errors: (Number(at(r, 'econ')) || 0) + (Number(at(r, 'eresp')) || 0),
    }));
}

async function waitBalancerUp(timeoutMs = 30_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const servers = await haproxyStats().catch(() => []);
    if (servers.length === 3 && servers.every((s) => s.status === 'UP')) return;
    if (Date.now() > until)
      throw new Error(`HAProxy: server belum UP dalam ${timeoutMs / 1000} s: ${JSON.stringify(servers)}`);
    await new Promise((r) => setTimeout(r, 300));
  }
}

// ---- figures ------------------------------------------------------------------------------------

/** All requests of one run as one series (the whole mix). */
function whole(series: Map<string, Series>): Series {
  const all = new Series();
  for (const s of series.values()) {
    all.latencies.push(...s.latencies);
    all.errors += s.errors;
    for (const e of s.errorSamples) if (all.errorSamples.length < 3) all.errorSamples.push(e);
  }
  return all;
}

interface SatRun {
  rps: number;
  errors: number;
  /** CPU ms per request: the app processes, HAProxy, PostgreSQL's backends, the load generator. */
  cpu: { apps: number; haproxy: number; postgres: number; client: number };
}

interface ConfigResults {
  /** rate → one entry per repeat: the whole mix, and per endpoint. */
  mixed: Record<string, { all: LatencyRun; byEndpoint: Record<string, LatencyRun>; sendLagP99: number }[]>;
  saturation: SatRun[];
}

const ratioCell = (two: number[], one: number[]) => {
  const r = median(two) / median(one);
  const per = two.map((t, i) => t / (one[i] ?? NaN)).filter(Number.isFinite);
  if (!Number.isFinite(r)) return '–';
  return `${r.toFixed(2)}${per.length > 1 ? ` (${Math.min(...per).toFixed(2)}–${Math.max(...per).toFixed(2)})` : ''}`;
};
const table = (header: string[], rows: string[][]) =>
  [
    `| ${header.join(' | ')} |`,
    `|${header.map(() => '---').join('|')}|`,
    ...rows.map((r) => `| ${r.join(' | ')} |`),
  ].join('\n');

async function main(): Promise<number> {
  const gate = busyGate(args.force!);
  if (gate.refuse) return 2;
  let notForReport = gate.notForReport;
  const notes = [...gate.notes];
  if (!HAPROXY) {
    console.error('HAProxy tidak ditemukan (/usr/sbin/haproxy): apt-get install haproxy');
    return 1;
  }
  const haproxyVersion = /version (\S+)/.exec(spawnSync(HAPROXY, ['-v'], { encoding: 'utf8' }).stdout)?.[1] ?? '?';

  const work = mkdtempSync(path.join(os.tmpdir(), 'sidasek-cluster-'));
  const t0 = Date.now();
  try {
    const databaseUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/sidasek_bench_m';
    const dbName = new URL(databaseUrl).pathname.slice(1) || 'postgres';
    const adminPassword = process.env.ADMIN_PASSWORD || ADMIN_PASSWORD_DEFAULT;
    const client = new pg.Client({ connectionString: databaseUrl, options: CONNECTION_OPTIONS });
    await client.connect();
    const { pgVersion, counts, unvacuumed, settings } = await databaseFacts(client);
    if (unvacuumed.length) {
      notForReport = NOT_FOR_REPORT;
      notes.push(`tabel ${unvacuumed.join(', ')} belum di-VACUUM: jalankan \`vacuumdb --analyze ${dbName}\` dulu`);
    }
    const machine = machineState(pgVersion);
    log(
      `basis data ${dbName}: ${counts.s} sekolah, ${counts.g} guru; beban ${machine.loadavg.map((l) => l.toFixed(2)).join(' ')}`,
    );

    // One after the other: the first runs the migrations, the second finds the database ready.
    const apps: Record<'a' | 'b', ChildProcess> = {} as Record<'a' | 'b', ChildProcess>;
    for (const name of ['a', 'b'] as const) {
      const port = PORTS[name];
      apps[name] = children.start(
        `app ${name}`,
        process.execPath,
        serverArgs(root),
        appEnv(databaseUrl, port, path.join(work, name)),
      );
      await waitHealthy(new HttpTarget('127.0.0.1', port), `app ${name}`);
    }
    writeFileSync(path.join(work, 'haproxy.cfg'), clusterHaproxyConfig());
    const haproxy = children.start('haproxy', HAPROXY, ['-db', '-q', '-f', path.join(work, 'haproxy.cfg')], {});
    await waitBalancerUp();
    log(`app a, app b dan HAProxy ${haproxyVersion} siap`);

    const targets = Object.fromEntries(configs.map((c) => [c, new HttpTarget('127.0.0.1', CONFIGS[c].port)])) as Record<
      ConfigKey,
      HttpTarget
    >;
    const pools = await loadPools(client, new HttpTarget('127.0.0.1', PORTS.a).send, opts.seed, adminPassword);
    await client.end();
    const list = endpoints(pools);

    // Every endpoint answers 2xx with the envelope (a PDF for the letter) through every configuration.
    const problems: string[] = [];
    for (const c of configs) {
      const vr = rng(opts.seed + 7);
      for (const e of list) {
        for (let i = 0; i < 2; i++) {
          const req = e.make(vr);
          const o = await targets[c].send(req, true);
          if (!o.ok) problems.push(`${c} ${e.key}: ${req.method} ${req.path} → ${o.error}`);
        }
      }
    }
    if (problems.length) {
      console.error(`Verifikasi gagal:\n${problems.join('\n')}`);
      return 1;
    }
    log(`verifikasi: ${list.length} endpoint menjawab 2xx lewat ${configs.join(', ')}`);

    const foreign = new ForeignCpu(dbName);
    foreign.start();
    const ioStall = ioStallMeter();
    const results = Object.fromEntries(
      configs.map((c) => [c, { mixed: {}, saturation: [] } as ConfigResults]),
    ) as Record<ConfigKey, ConfigResults>;

    // Warm-up of every configuration (JIT, caches, connections in both processes): not recorded.
    for (const c of configs) await mixedRun(targets[c], list, Math.min(100, opts.rates[0] ?? 100), 3000, opts.seed + 1);
    const statsBefore = await haproxyStats();

    for (let rep = 0; rep < opts.repeats; rep++) {
      for (const rate of opts.rates) {
        for (const c of rotated(rep)) {
          log(`lalu lintas campuran ${rate}/s, ${c}, ulangan ${rep + 1}/${opts.repeats}`);
          // The same seed for every configuration: the same requests at the same planned times.
          const r = await mixedRun(targets[c], list, rate, opts.durationMs, opts.seed + 100 * rep + rate);
          const byEndpoint = Object.fromEntries([...r.series].map(([key, s]) => [key, latencyRun(s)]));
          (results[c].mixed[String(rate)] ??= []).push({
            all: latencyRun(whole(r.series)),
            byEndpoint,
            sendLagP99: r.sendLagP99,
          });
        }
      }
    }

    const choose = chooser(list);
    for (let rep = 0; rep < opts.repeats; rep++) {
      for (const c of rotated(rep)) {
        log(`saturasi campuran, ${c}, ulangan ${rep + 1}/${opts.repeats}`);
        const random = rng(opts.seed + 13 + rep);
        const target = targets[c];
        const meter = cpuMeter(apps.a.pid, dbName);
        const otherBefore = { b: processCpuMs(apps.b.pid!), haproxy: processCpuMs(haproxy.pid!) };
        const r = await closedLoop({
          connections: opts.connections,
          warmupMs: opts.satWarmupMs,
          durationMs: opts.satMs,
          work: () => target.send(choose(random).make(random)).then((o) => o.ok),
        });
        const used = meter();
        const b = processCpuMs(apps.b.pid!) - otherBefore.b;
        const lb = processCpuMs(haproxy.pid!) - otherBefore.haproxy;
        results[c].saturation.push({
          rps: r.rps,
          errors: r.errors,
          cpu: {
            apps: (used.server + b) / r.all,
            haproxy: lb / r.all,
            postgres: used.postgres / r.all,
            client: used.client / r.all,
          },
        });
      }
    }
    foreign.stop();
    const foreignCores = foreign.foreignCores();
    const ioStallShare = ioStall();
    if (foreignCores !== null && foreignCores > BUSY_FOREIGN_CORES) {
      notForReport = NOT_FOR_REPORT;
      notes.push(
        `proses lain memakai rata-rata ${foreignCores.toFixed(2)} inti selama pengukuran (batas ${BUSY_FOREIGN_CORES}): ${foreign.topForeign().join('; ')}`,
      );
    }
    // What HAProxy did during the measurement: requests per server, and failures it hid by retrying.
    const statsAfter = await haproxyStats();
    const balancer = statsAfter.map((s) => {
      const before = statsBefore.find((x) => x.backend === s.backend && x.server === s.server);
      return {
        ...s,
        requests: s.requests - (before?.requests ?? 0),
        retries: s.retries - (before?.retries ?? 0),
        redispatches: s.redispatches - (before?.redispatches ?? 0),
        errors: s.errors - (before?.errors ?? 0),
      };
    });

    // ---- the report ----
    const [low = 100, high = 300] = opts.rates;
    const runsOf = (c: ConfigKey, rate: number) => results[c].mixed[String(rate)] ?? [];
    const sum = (xs: number[]) => xs.reduce((a, x) => a + x, 0);
    const mainRows = configs.map((c) => {
      const cells: string[] = [CONFIGS[c].label];
      for (const rate of [low, high]) {
        const runs = runsOf(c, rate).map((x) => x.all);
        cells.push(
          spread(runs.map((x) => x.p50)),
          spread(runs.map((x) => x.p99)),
          `${sum(runs.map((x) => x.n))} / ${sum(runs.map((x) => x.errors))}`,
        );
      }
      const sat = results[c].saturation;
      const cpu = (f: (x: SatRun['cpu']) => number) => median(sat.map((x) => f(x.cpu))).toFixed(2);
      cells.push(
        spread(
          sat.map((x) => x.rps),
          0,
        ),
        String(sum(sat.map((x) => x.errors))),
        `${cpu((x) => x.apps)} / ${cpu((x) => x.haproxy)} / ${cpu((x) => x.postgres)} / ${cpu((x) => x.client)}`,
      );
      return cells;
    });
    const mainTable = table(
      [
        'configuration',
        ...rateColumns(low, high),
        'saturation r/s',
        'sat. err',
        'CPU ms/req: apps / HAProxy / PostgreSQL / load gen.',
      ],
      mainRows,
    );
    const pairs = (
      [
        ['two-lb', 'one', 'TWO ÷ ONE direct'],
        ['two-lb', 'one-lb', 'TWO ÷ ONE via HAProxy'],
        ['one-lb', 'one', 'ONE via HAProxy ÷ ONE direct (the balancer)'],
      ] as const
    ).filter(([a, b]) => configs.includes(a) && configs.includes(b));
    const metric = (c: ConfigKey, rate: number, f: (x: LatencyRun) => number) => runsOf(c, rate).map((x) => f(x.all));
    // p50 and p99 at each of the two rates, in the columns' order.
    const latencyCells = [low, high].flatMap((rate) =>
      [(x: LatencyRun) => x.p50, (x: LatencyRun) => x.p99].map((f) => ({ rate, f })),
    );
    const ratioTable = table(
      ['ratio', `${low}/s p50`, `${low}/s p99`, `${high}/s p50`, `${high}/s p99`, 'saturation r/s'],
      pairs.map(([a, b, label]) => [
        label,
        ...latencyCells.map(({ rate, f }) => ratioCell(metric(a, rate, f), metric(b, rate, f))),
        ratioCell(
          results[a].saturation.map((x) => x.rps),
          results[b].saturation.map((x) => x.rps),
        ),
      ]),
    );
    const endpointTable = table(
      ['endpoint', ...configs.flatMap((c) => [`${c} ${low}/s p99`, `${c} ${high}/s p99`])],
      list.map((e) => [
        e.key,
        ...configs.flatMap((c) =>
          [low, high].map((rate) => spread(runsOf(c, rate).map((x) => x.byEndpoint[e.key]?.p99 ?? NaN))),
        ),
      ]),
    );
    const errorSamples = configs.flatMap((c) =>
      opts.rates.flatMap((rate) =>
        runsOf(c, rate).flatMap((x) => x.all.errorSamples.map((s) => `${c} ${rate}/s: ${s}`)),
      ),
    );
    const totalErrors = sum(
      configs.flatMap((c) => [
        ...opts.rates.flatMap((rate) => runsOf(c, rate).map((x) => x.all.errors)),
        ...results[c].saturation.map((x) => x.errors),
      ]),
    );

    const m = machine;
    const header = [
      `Sidasek cluster benchmark, ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC, commit ${commitLabel(root)}`,
      `data: ${dbName} (${counts.s.toLocaleString('en')} schools, ${counts.g.toLocaleString('en')} teachers), PostgreSQL ${m.postgres} (shared_buffers ${settings.buffers} for ${settings.size} of data), Node ${m.node}, HAProxy ${haproxyVersion}, ${m.os}`,
      `machine: ${m.cores} cores (${m.cpuModel}), ${m.memoryGiB} GiB; load before ${m.loadavg.map((l) => l.toFixed(2)).join(' / ')}; other processes during the run ${foreignCores === null ? 'n/a' : `${foreignCores.toFixed(2)} cores`}; CPU probe ${m.cpuProbeMs.toFixed(0)} ms; all tasks waiting for the disk ${ioStallShare === null ? 'n/a' : `${(ioStallShare * 100).toFixed(2)} % of the run`}${m.proactiveReclaim ? `; ${m.proactiveReclaim} on` : ''}`,
      `mixed: bench.ts's mix, Poisson arrivals at ${opts.rates.join(' and ')}/s, ${opts.durationMs / 1000} s × ${opts.repeats} per configuration, configurations rotated; generator send lag p99 max ${Math.max(...configs.flatMap((c) => opts.rates.flatMap((rate) => runsOf(c, rate).map((x) => x.sendLagP99)))).toFixed(1)} ms`,
      `saturation: the whole mix, closed loop, ${opts.connections} connections, ${opts.satWarmupMs / 1000} s warm-up + ${opts.satMs / 1000} s × ${opts.repeats} per configuration; cells: median (min–max)`,
      ...notes.map((n) => `note: ${n}`),
    ];
    const mark = (text: string) => (notForReport ? `**${notForReport}**\n\n${text}\n\n**${notForReport}**` : text);
    const balancerLines = balancer.map(
      (s) =>
        `${s.backend}/${s.server}: ${s.requests} requests, ${s.retries} retries, ${s.redispatches} redispatches, ${s.errors} connection/response errors`,
    );
    console.log(
      `\n${header.join('\n')}\n\n${mark(mainTable)}\n\nRatios (of the medians; per-repeat min–max):\n\n${mark(ratioTable)}\n\np99 per endpoint, ms:\n\n${endpointTable}\n`,
    );
    console.log(`HAProxy during the measurement: ${balancerLines.join('; ')}`);
    console.log(
      totalErrors
        ? `${totalErrors} failed requests: ${errorSamples.slice(0, 6).join('; ')}`
        : 'no failed request in any configuration',
    );
    if (args.out)
      writeFileSync(
        args.out,
        JSON.stringify(
          { header, opts, configs, machine: m, foreignCores, ioStallShare, notForReport, notes, results, balancer },
          null,
          2,
        ),
      );
    log(`selesai dalam ${((Date.now() - t0) / 1000).toFixed(0)} s`);
    return 0;
  } finally {
    children.stop();
    await new Promise((r) => setTimeout(r, 500));
    rmSync(work, { recursive: true, force: true });
  }
}

children.run(main);
