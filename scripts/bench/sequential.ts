// The sequential timings of the first index work (docs/performance.md, "What was changed"): the
// app on its own port, one request at a time, 15 per endpoint after a warm-up, p50 / max in ms.
//   DATABASE_URL=postgres://…/sidasek_bench_m npx tsx scripts/bench/sequential.ts [--repeat 15]
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { performance } from 'node:perf_hooks';
import { appEnv, HttpTarget, median, type Req } from './load.ts';
import { login, ADMIN_PASSWORD_DEFAULT } from './mix.ts';
import { busyReason } from './machine.ts';
import { serverArgs } from '../server-command.mjs';
import { root } from './throwaway.ts';

const { values: args } = parseArgs({
  options: { repeat: { type: 'string', default: '15' }, port: { type: 'string', default: '3962' } },
});
const port = Number(args.port);
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'sidasek-seq-'));
const databaseUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/sidasek_bench_m';
const child = spawn(process.execPath, serverArgs(root), {
  cwd: root,
  env: { ...process.env, ...appEnv(databaseUrl, port, dataDir) },
  stdio: ['ignore', 'ignore', 'inherit'],
});
const app = new HttpTarget('127.0.0.1', port);

const PATHS = [
  '/api/guru/?page=1',
  '/api/guru/?bp=SD&jenis_guru=PNS&page=500',
  '/api/guru/cari?guru=siti',
  '/api/sekolah?per_page=100&sortby=npsn',
  '/api/guru/5000',
  '/api/kgb?page=1',
];

try {
  for (let i = 0; i < 360; i++) {
    if ((await app.request({ method: 'GET', path: '/api/health', expect: 'envelope' }, false, 2000)).ok) break;
    await new Promise((r) => setTimeout(r, 500));
  }
  const token = await login(app.send, 'admin', process.env.ADMIN_PASSWORD || ADMIN_PASSWORD_DEFAULT);
  const busy = busyReason();
  console.log(
    `${new URL(databaseUrl).pathname.slice(1)}, ${Number(args.repeat)} requests each after 3 warm-up requests${busy ? `; mesin sibuk: ${busy}` : ''}\n`,
  );
  console.log('| endpoint | p50 / max ms |\n|---|---|');
  for (const p of PATHS) {
    const req: Req = { method: 'GET', path: p, token, expect: 'envelope' };
    for (let i = 0; i < 3; i++) await app.send(req);
    const times: number[] = [];
    for (let i = 0; i < Number(args.repeat); i++) {
      const t0 = performance.now();
      const o = await app.send(req);
      times.push(performance.now() - t0);
      if (!o.ok) throw new Error(`${p}: ${o.error}`);
    }
    console.log(`| \`GET ${p}\` | ${median(times).toFixed(1)} / ${Math.max(...times).toFixed(1)} |`);
  }
} finally {
  app.close();
  child.kill('SIGTERM');
  await new Promise((r) => setTimeout(r, 300));
  rmSync(dataDir, { recursive: true, force: true });
}
