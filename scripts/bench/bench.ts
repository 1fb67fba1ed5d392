// The benchmark: `npm run bench` (docs/performance.md).
//
// Starts the app (server/main.ts) and its bare node:http + pg peer (bare-server.ts) as child
// processes on the benchmark database (DATABASE_URL, default sidasek_bench_m), logs in, and runs:
//  1. mixed traffic with Poisson arrivals at fixed rates (100/s and 300/s), latencies measured
//     from each request's intended send time, per endpoint p50/p99 and errors;
//  2. throughput at saturation per endpoint (closed loop, N connections) for the app, the bare
//     peer and the SQL floor (the app's own statements replayed by a minimal pg loop);
// interleaving the runs (A B A B …), repeating them, and printing one table of medians and
// min–max next to the targets. It refuses to measure on a busy machine (--force measures anyway
// and marks every table "TIDAK UNTUK LAPORAN").
//
//   npm run bench [-- --duration 30 --repeats 3 --sat-duration 5 --connections 8 --out r.json]
//   npm run bench:smoke      tier S in a throwaway PostgreSQL database, every phase ~1 s (CI)
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { CONNECTION_OPTIONS } from '../../server/db/client.ts';
import { appEnv, seriesOptions, Children, HttpTarget, closedLoop, rng, waitHealthy } from './load.ts';
import { databaseFacts, endpoints, loadPools, mixedRun, ADMIN_PASSWORD_DEFAULT, type Pools } from './mix.ts';
import { captureStatements, FloorRunner, type Statement } from './floor.ts';
import {
  busyGate,
  commitLabel,
  cpuMeter,
  ForeignCpu,
  ioStallMeter,
  machineState,
  NOT_FOR_REPORT,
  BUSY_FOREIGN_CORES,
} from './machine.ts';
import { latencyRun, renderCpuTable, renderTable, type CpuPerRequest, type Results } from './report.ts';
import { SERVER_NODE_OPTIONS, SERVER_PRELOAD } from '../server-command.mjs';
import { prepareDatabase, root } from './throwaway.ts';

const { values: args } = parseArgs({
  options: {
    smoke: { type: 'boolean', default: false },
    ...seriesOptions({ satDuration: '5', satWarmup: '1', connections: '8' }),
    only: { type: 'string' },
    'no-peers': { type: 'boolean', default: false },
    /** The bare peer without the app's API security headers, request id and cache-control (decision 0019). */
    'bare-plain': { type: 'boolean', default: false },
    'no-mixed': { type: 'boolean', default: false },
    'no-saturation': { type: 'boolean', default: false },
    port: { type: 'string', default: '3960' },
    'bare-port': { type: 'string', default: '3961' },
    out: { type: 'string' },
    'keep-db': { type: 'boolean', default: false },
    /** Writes a V8 CPU profile of the app (and the bare peer) into this folder. */
    'profile-dir': { type: 'string' },
    /** Node options for the app and the bare peer instead of the server's own (to compare heap bounds). */
    'node-options': { type: 'string' },
  },
});

const smoke = args.smoke;
const seconds = (v: string | undefined, fallback: number) => (v === undefined ? fallback : Number(v)) * 1000;
const opts = {
  rates: args.rates!.split(',').map(Number),
  durationMs: smoke ? 1500 : seconds(args.duration, 30),
  repeats: smoke ? 1 : Number(args.repeats),
  satMs: smoke ? 800 : seconds(args['sat-duration'], 5),
  satWarmupMs: smoke ? 200 : seconds(args['sat-warmup'], 1),
  connections: Number(args.connections),
  seed: Number(args.seed),
  port: Number(args.port),
  barePort: Number(args['bare-port']),
  peers: !args['no-peers'],
  // The bare peer answers with the app's headers unless asked not to: it serves the same answer.
  bareHeaders: !args['bare-plain'],
};
const CAPTURE_POOL = smoke ? 20 : 200;

function log(msg: string) {
  process.stderr.write(`[bench ${new Date().toISOString().slice(11, 19)}] ${msg}\n`);
}

// ---- the database: the given one, or (smoke) a throwaway one with tier S ------------------------

function pgUrl(database: string): string {
  const host = process.env.PGHOST || '127.0.0.1';
  const port = process.env.PGPORT || '5432';
  const user = encodeURIComponent(process.env.PGUSER || 'postgres');
  const password = process.env.PGPASSWORD ? `:${encodeURIComponent(process.env.PGPASSWORD)}` : '';
  return host.startsWith('/')
    ? `postgres://${user}${password}@localhost:${port}/${database}?host=${encodeURIComponent(host)}`
    : `postgres://${user}${password}@${host}:${port}/${database}`;
}

async function adminQuery(sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: pgUrl(process.env.PGDATABASE || 'postgres') });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

async function createSmokeDatabase(): Promise<{ url: string; name: string }> {
  const name = `sidasek_bench_smoke_${process.pid}`;
  await adminQuery(`DROP DATABASE IF EXISTS "${name}"`);
  await adminQuery(`CREATE DATABASE "${name}"`);
  const url = pgUrl(name);
  const t0 = Date.now();
  const { seedBench } = await import('./seed-bench.ts');
  await prepareDatabase(url, (db) => seedBench(db, 'S', opts.seed, new Date().toISOString().slice(0, 10)));
  log(`basis data sekali pakai ${name}: tier S dimuat dalam ${((Date.now() - t0) / 1000).toFixed(1)} s`);
  return { url, name };
}

/** Resident memory (MB) and its high-water mark of a process, from /proc; null where it cannot be read. */
function residentMb(pid: number | undefined): { rss: number; hwm: number } | null {
  if (!pid) return null;
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = (field: string) => Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)?.[1] ?? NaN);
    return { rss: kb('VmRSS') / 1024, hwm: kb('VmHWM') / 1024 };
  } catch {
    return null;
  }
}

// ---- child processes --------------------------------------------------------------------------

const children = new Children(root, log);

function start(label: string, script: string, env: NodeJS.ProcessEnv) {
  const profile = args['profile-dir'] ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(args['profile-dir'])}`] : [];
  const options = args['node-options']?.split(' ').filter(Boolean) ?? SERVER_NODE_OPTIONS;
  return children.start(
    label,
    process.execPath,
    [...profile, ...options, ...SERVER_PRELOAD, path.join(root, script)],
    env,
  );
}

// ---- phases -------------------------------------------------------------------------------------

async function main(): Promise<number> {
  const notes: string[] = [];
  if (args['node-options']) notes.push(`opsi Node app dan bare-server: ${args['node-options']} (bukan milik server)`);
  let notForReport: string | null = null;
  if (smoke) notForReport = NOT_FOR_REPORT;
  else {
    const gate = busyGate(args.force!);
    if (gate.refuse) return 2;
    notForReport = gate.notForReport;
    notes.push(...gate.notes);
  }

  let smokeDb: { url: string; name: string } | null = null;
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'sidasek-bench-'));
  const t0 = Date.now();
  try {
    if (smoke) smokeDb = await createSmokeDatabase();
    const databaseUrl =
      smokeDb?.url ?? process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/sidasek_bench_m';
    const dbName = new URL(databaseUrl).pathname.slice(1) || 'postgres';
    const adminPassword = process.env.ADMIN_PASSWORD || ADMIN_PASSWORD_DEFAULT;

    // As the app's connections: no synchronized scans, so the sampled pools are the same every run.
    const client = new pg.Client({ connectionString: databaseUrl, options: CONNECTION_OPTIONS });
    try {
      await client.connect();
    } catch (err) {
      // A fresh machine has no benchmark database yet: say how to make one instead of a stack trace.
      if ((err as { code?: string }).code !== '3D000') throw err;
      console.error(
        `Basis data ${dbName} belum ada. Buat dan isi dulu: createdb ${dbName} && DATABASE_URL=${databaseUrl} npm run seed:bench -- --tier M (docs/performance.md, "Benchmark data").`,
      );
      return 2;
    }
    const { pgVersion, counts, unvacuumed, settings } = await databaseFacts(client);
    const { autovacuum } = settings;
    if (unvacuumed.length && !smoke) {
      notForReport = NOT_FOR_REPORT;
      notes.push(
        `tabel ${unvacuumed.join(', ')} belum di-VACUUM (peta visibilitas kosong; autovacuum ${autovacuum}): jalankan \`vacuumdb --analyze ${dbName}\` dulu`,
      );
    }
    const machine = machineState(pgVersion);
    log(
      `basis data ${dbName}: ${counts.s} sekolah, ${counts.g} guru; beban ${machine.loadavg.map((l) => l.toFixed(2)).join(' ')}`,
    );

    const app = new HttpTarget('127.0.0.1', opts.port);
    const bare = new HttpTarget('127.0.0.1', opts.barePort);
    const appChild = start('app', 'server/main.ts', appEnv(databaseUrl, opts.port, dataDir));
    const bareChild = opts.peers
      ? start('bare-server', 'scripts/bench/bare-server.ts', {
          DATABASE_URL: databaseUrl,
          PORT: String(opts.barePort),
          POOL_SIZE: '10',
          BARE_HEADERS: opts.bareHeaders ? '' : 'plain',
        })
      : null;
    await waitHealthy(app, 'app');
    if (opts.peers) await waitHealthy(bare, 'bare-server');
    log('app dan bare-server siap');
    // Resident memory of the app process: after start (idle) and its high-water mark over the run.
    const idleMemory = residentMb(appChild.pid);

    const pools: Pools = await loadPools(client, app.send, opts.seed, adminPassword);
    await client.end();
    let list = endpoints(pools);
    if (args.only) {
      const only = new Set(args.only.split(','));
      list = list.filter((e) => only.has(e.key));
    }

    // Verification: every endpoint answers 2xx with the envelope (a PDF for the letter), and the
    // bare peer answers the same data for the same request.
    const problems: string[] = [];
    const vr = rng(opts.seed + 7);
    for (const e of list) {
      for (let i = 0; i < 3; i++) {
        const req = e.make(vr);
        const o = await app.send(req, true);
        if (!o.ok) problems.push(`${e.key}: ${req.method} ${req.path} → ${o.error}`);
        else if (e.key.endsWith('-list') || e.key === 'guru-search' || e.key === 'kgb-due' || e.key === 'guru-tab') {
          const data = (o.json as { data?: { data?: unknown } }).data;
          if (!Array.isArray(data?.data)) problems.push(`${e.key}: ${req.path} tanpa data.data (halaman)`);
        }
        if (o.ok && e.peers && opts.peers) {
          const b = await bare.send(req, true);
          if (!b.ok) problems.push(`bare ${e.key}: ${req.path} → ${b.error}`);
          else if (
            JSON.stringify((b.json as { data: unknown }).data) !== JSON.stringify((o.json as { data: unknown }).data)
          ) {
            notes.push(`peringatan: bare-server menjawab data lain dari app untuk ${req.path}`);
          }
        }
      }
    }
    if (problems.length) {
      console.error(`Verifikasi gagal:\n${problems.join('\n')}`);
      return 1;
    }
    log(`verifikasi: ${list.length} endpoint menjawab 2xx dengan amplop`);

    const foreign = new ForeignCpu(dbName);
    foreign.start();
    const ioStall = ioStallMeter();
    const results: Results = { mixed: {}, saturation: {}, sendLag: {} };

    // Warm-up: JIT, caches, connections (not recorded).
    await mixedRun(app, list, Math.min(100, opts.rates[0] ?? 100), smoke ? 500 : 3000, opts.seed + 1);

    if (!args['no-mixed']) {
      for (let rep = 0; rep < opts.repeats; rep++) {
        for (const rate of opts.rates) {
          log(`lalu lintas campuran ${rate}/s, ulangan ${rep + 1}/${opts.repeats}`);
          const r = await mixedRun(app, list, rate, opts.durationMs, opts.seed + 100 * rep + rate);
          const bucket = (results.mixed[String(rate)] ??= {});
          for (const [key, s] of r.series) (bucket[key] ??= []).push(latencyRun(s));
          (results.sendLag[String(rate)] ??= []).push(r.sendLagP99);
          // Dashboard and statistics again, counting only warm answers.
          for (const e of list.filter((x) => x.target100?.warm)) {
            const warm = r.warm.get(e.key);
            (bucket[`${e.key}:warm`] ??= []).push(latencyRun(warm));
          }
        }
      }
    }

    if (!args['no-saturation']) {
      const floor = opts.peers ? new FloorRunner(databaseUrl, opts.connections) : null;
      try {
        for (const e of list) {
          const sr = rng(opts.seed + 13);
          const requests = Array.from({ length: CAPTURE_POOL }, () => e.make(sr));
          const withPeers = opts.peers && e.peers;
          let statements: Statement[][] = [];
          if (withPeers) {
            // Fresh tokens: the session lookup does not touch them during the runs.
            statements = await captureStatements(databaseUrl, requests);
          }
          const entry = (results.saturation[e.key] = {
            app: [] as number[],
            bare: [] as number[],
            floor: [] as number[],
            errors: { app: 0, bare: 0, floor: 0 },
            cpu: { app: [] as CpuPerRequest[], bare: [] as CpuPerRequest[], floor: [] as CpuPerRequest[] },
          });
          const serverPid = { app: appChild.pid, bare: bareChild?.pid, floor: undefined };
          for (let rep = 0; rep < opts.repeats; rep++) {
            log(`saturasi ${e.key}, ulangan ${rep + 1}/${opts.repeats}`);
            const runs: [keyof typeof entry.errors, (w: number, i: number) => Promise<boolean>][] = [
              ['app', (_w, i) => app.send(requests[i % requests.length]!).then((o) => o.ok)],
            ];
            if (withPeers) {
              runs.push(['bare', (_w, i) => bare.send(requests[i % requests.length]!).then((o) => o.ok)]);
              runs.push(['floor', (_w, i) => floor!.run(statements[i % statements.length]!)]);
            }
            // A B C, then B C A, …: no peer always runs first (or right after another's run).
            for (let k = 0; k < runs.length; k++) {
              const [peer, work] = runs[(k + rep) % runs.length]!;
              const meter = cpuMeter(serverPid[peer], dbName);
              const r = await closedLoop({
                connections: opts.connections,
                warmupMs: opts.satWarmupMs,
                durationMs: opts.satMs,
                work,
              });
              const used = meter();
              entry[peer].push(r.rps);
              entry.errors[peer] += r.errors;
              entry.cpu[peer].push({
                server: used.server / r.all,
                postgres: used.postgres / r.all,
                client: used.client / r.all,
              });
            }
          }
        }
      } finally {
        await floor?.close();
      }
    }
    foreign.stop();
    const foreignCores = foreign.foreignCores();
    const ioStallShare = ioStall();
    if (!smoke && foreignCores !== null && foreignCores > BUSY_FOREIGN_CORES) {
      notForReport = NOT_FOR_REPORT;
      notes.push(
        `proses lain memakai rata-rata ${foreignCores.toFixed(2)} inti selama pengukuran (batas ${BUSY_FOREIGN_CORES}): ${foreign.topForeign().join('; ')}`,
      );
    }

    // ---- the report ----
    const commit = commitLabel(root);
    const memory = { idleMb: idleMemory?.rss ?? null, peakMb: residentMb(appChild.pid)?.hwm ?? null };
    const { text, verdict } = renderTable(list, results, opts.rates, notForReport);
    const m = machine;
    const header = [
      `Sidasek benchmark, ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC, commit ${commit}`,
      `data: ${dbName} (${counts.s.toLocaleString('en')} schools, ${counts.g.toLocaleString('en')} teachers), PostgreSQL ${m.postgres} (autovacuum ${autovacuum}, shared_buffers ${settings.buffers} for ${settings.size} of data), Node ${m.node}, ${m.os}`,
      `machine: ${m.cores} cores (${m.cpuModel}), ${m.memoryGiB} GiB; load before ${m.loadavg.map((l) => l.toFixed(2)).join(' / ')}; other processes during the run ${foreignCores === null ? 'n/a' : `${foreignCores.toFixed(2)} cores`}; CPU probe ${m.cpuProbeMs.toFixed(0)} ms (scripts/bench/machine.ts); all tasks waiting for the disk ${ioStallShare === null ? 'n/a' : `${(ioStallShare * 100).toFixed(2)} % of the run`}${m.proactiveReclaim ? `; ${m.proactiveReclaim} on (idle pages evicted)` : ''}`,
      `mixed: Poisson arrivals at ${opts.rates.join(' and ')}/s, ${opts.durationMs / 1000} s × ${opts.repeats}, interleaved; generator send lag p99 ${opts.rates.map((r) => `${(results.sendLag[String(r)] ?? []).map((x) => x.toFixed(1)).join('/')} ms at ${r}/s`).join(', ')}`,
      `saturation: closed loop, ${opts.connections} connections, ${opts.satWarmupMs / 1000} s warm-up + ${opts.satMs / 1000} s × ${opts.repeats}, app / bare / floor interleaved${opts.bareHeaders ? " (bare sends the app's headers)" : " (bare without the app's headers: --bare-plain)"}; cells: median (min–max)`,
      `memory of the app process (resident): ${memory.idleMb === null ? 'n/a' : `${memory.idleMb.toFixed(0)} MB idle after start`}, ${memory.peakMb === null ? 'n/a' : `${memory.peakMb.toFixed(0)} MB at most during the run (VmHWM)`}`,
      ...notes.map((n) => `note: ${n}`),
    ];
    console.log(`\n${header.join('\n')}\n\n${text}\n`);
    if (!args['no-saturation'])
      console.log(
        `CPU per request at saturation, ms (median of the repeats; bare total and floor total include the load generator):\n\n${renderCpuTable(list, results)}\n`,
      );
    console.log(
      verdict.failures.length
        ? `${verdict.failures.length} of ${verdict.checks} targets missed:\n- ${verdict.failures.join('\n- ')}`
        : `all ${verdict.checks} targets met`,
    );
    if (args.out)
      writeFileSync(
        args.out,
        JSON.stringify(
          { header, opts, machine: m, memory, foreignCores, ioStallShare, notForReport, notes, results, verdict },
          null,
          2,
        ),
      );
    log(`selesai dalam ${((Date.now() - t0) / 1000).toFixed(0)} s`);

    if (smoke) {
      // The smoke run checks that everything answered, not how fast.
      const missing: string[] = [];
      for (const e of list) {
        for (const rate of opts.rates) {
          const runs = results.mixed[String(rate)]?.[e.key] ?? [];
          const n = runs.reduce((a, r) => a + r.n, 0);
          const errors = runs.reduce((a, r) => a + r.errors, 0);
          if (errors)
            missing.push(
              `${e.key} pada ${rate}/s: ${errors} galat (${runs.flatMap((r) => r.errorSamples).join('; ')})`,
            );
          if (!n && e.weight >= 5) missing.push(`${e.key} pada ${rate}/s: tidak ada permintaan`);
        }
        const sat = results.saturation[e.key];
        if (!sat || !sat.app.length || sat.app.some((x) => !(x > 0)))
          missing.push(`${e.key}: tidak ada throughput saturasi`);
        if (sat && (sat.errors.app || sat.errors.bare || sat.errors.floor))
          missing.push(`${e.key}: galat saat saturasi ${JSON.stringify(sat.errors)}`);
        if (sat && e.peers && opts.peers && (!sat.bare.length || !sat.floor.length))
          missing.push(`${e.key}: pembanding tidak diukur`);
      }
      if (missing.length) {
        console.error(`Smoke gagal:\n- ${missing.join('\n- ')}`);
        return 1;
      }
      console.log(`smoke OK: ${list.length} endpoint, semua fase, ${((Date.now() - t0) / 1000).toFixed(0)} s`);
    }
    return 0;
  } finally {
    children.stop();
    await new Promise((r) => setTimeout(r, 300));
    rmSync(dataDir, { recursive: true, force: true });
    if (smokeDb && !args['keep-db']) {
      await new Promise((r) => setTimeout(r, 700));
      await adminQuery(`DROP DATABASE IF EXISTS "${smokeDb.name}" WITH (FORCE)`).catch((e: Error) =>
        log(`gagal menghapus ${smokeDb!.name}: ${e.message}`),
      );
    }
  }
}

children.run(main);
