// Paired comparison of server builds on one endpoint: CPU per request by process, from short
// closed-loop runs rotated among the builds, so that a machine whose speed drifts within minutes
// (docs/performance.md, CPU probe) affects every build alike. For a change too small for the
// benchmark's throughput ratios to show (a few microseconds of a sub-millisecond request).
//   DATABASE_URL=… npx tsx scripts/bench/paired.ts --endpoint guru-tab --build before=/tmp/wt-old --build after=. [--bare] [--rounds 14] [--seconds 1.5]
// A build is a directory with this repository's layout (a git worktree of another commit, its
// node_modules linked or installed); --bare adds the bare node:http peer of the current tree, which
// sends the app's headers (decision 0019).
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { CONNECTION_OPTIONS } from '../../server/db/client.ts';
import { appEnv, HttpTarget, closedLoop, median, rng, waitHealthy } from './load.ts';
import { endpoints, loadPools, ADMIN_PASSWORD_DEFAULT } from './mix.ts';
import { cpuMeter, cpuProbeMs } from './machine.ts';
import { root } from './throwaway.ts';

const { values: args } = parseArgs({
  options: {
    endpoint: { type: 'string', default: 'guru-tab' },
    build: { type: 'string', multiple: true, default: [] },
    bare: { type: 'boolean', default: false },
    rounds: { type: 'string', default: '14' },
    seconds: { type: 'string', default: '1.5' },
    connections: { type: 'string', default: '4' },
    seed: { type: 'string', default: '42' },
  },
});
const databaseUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/sidasek_bench_m';
const dbName = new URL(databaseUrl).pathname.slice(1);
const builds = args.build.map((b) => {
  const [label, dir] = b.split('=') as [string, string | undefined];
  if (!dir) throw new Error(`--build LABEL=DIR, bukan "${b}"`);
  return { label, dir: path.resolve(dir), script: 'server/main.ts' };
});
if (args.bare) builds.push({ label: 'bare', dir: root, script: 'scripts/bench/bare-server.ts' });
if (builds.length < 2) throw new Error('Paling sedikit dua build (--build LABEL=DIR, atau satu build dan --bare)');

const children: ChildProcess[] = [];
const stop = () => children.forEach((c) => c.kill('SIGKILL'));
process.on('exit', stop);
const servers = builds.map((b, i) => {
  const port = 3980 + i;
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(b.dir, b.script)], {
    cwd: b.dir,
    env: {
      ...process.env,
      ...appEnv(databaseUrl, port, mkdtempSync(path.join(os.tmpdir(), 'sidasek-paired-'))),
      POOL_SIZE: '10',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  children.push(child);
  return { ...b, child, target: new HttpTarget('127.0.0.1', port) };
});
for (const s of servers) await waitHealthy(s.target, s.label);

const client = new pg.Client({ connectionString: databaseUrl, options: CONNECTION_OPTIONS });
await client.connect();
const firstApp = servers.find((s) => s.script === 'server/main.ts')!;
const pools = await loadPools(
  client,
  firstApp.target.send,
  Number(args.seed),
  process.env.ADMIN_PASSWORD || ADMIN_PASSWORD_DEFAULT,
);
await client.end();
const endpoint = endpoints(pools).find((e) => e.key === args.endpoint);
if (!endpoint) throw new Error(`Endpoint tidak dikenal: ${args.endpoint}`);

// Every build must answer the same request the same way before it is measured.
const check = endpoint.make(rng(1));
for (const s of servers) {
  const o = await s.target.request(check, true);
  if (!o.ok) throw new Error(`${s.label}: ${check.method} ${check.path} → ${o.error}`);
}

const rounds = Number(args.rounds);
const results = new Map(
  servers.map((s) => [
    s.label,
    { server: [] as number[], postgres: [] as number[], client: [] as number[], rps: [] as number[], errors: 0 },
  ]),
);
const probeBefore = cpuProbeMs();
for (let round = 0; round < rounds; round++) {
  // Rotate the order so that no build always runs right after the same one.
  const order = servers.map((_, i) => servers[(i + round) % servers.length]!);
  for (const s of order) {
    const random = rng(1000 + round);
    const meter = cpuMeter(s.child.pid, dbName);
    const r = await closedLoop({
      connections: Number(args.connections),
      warmupMs: 200,
      durationMs: Number(args.seconds) * 1000,
      work: () => s.target.send(endpoint.make(random)).then((o) => o.ok),
    });
    const used = meter();
    const e = results.get(s.label)!;
    e.server.push((used.server * 1000) / r.all);
    e.postgres.push((used.postgres * 1000) / r.all);
    e.client.push((used.client * 1000) / r.all);
    e.rps.push(r.rps);
    e.errors += r.errors;
  }
}
const cell = (v: number[]) => `${median(v).toFixed(1)} (${Math.min(...v).toFixed(0)}–${Math.max(...v).toFixed(0)})`;
console.log(
  `${endpoint.key}: ${rounds} rounds × ${args.seconds} s per build, ${args.connections} connections; CPU probe ${probeBefore.toFixed(0)} → ${cpuProbeMs().toFixed(0)} ms; median (min–max)`,
);
console.log('| build | server µs/req | PostgreSQL µs/req | load generator µs/req | r/s | errors |');
console.log('|---|---|---|---|---|---|');
for (const [label, e] of results)
  console.log(
    `| ${label} | ${cell(e.server)} | ${cell(e.postgres)} | ${cell(e.client)} | ${median(e.rps).toFixed(0)} | ${e.errors} |`,
  );
for (const s of servers) s.target.close();
process.exit(0);
