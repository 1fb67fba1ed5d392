// npm run bench:start [-- --runs 5 --port 3690 --no-preload]: how long a server process takes to start on the
// embedded database with the demo data, and to stop (docs/performance.md, "Start of the app
// process"). The demo data is made once in .tmp/start-time-template by a first start; each run
// copies it, spawns the server as every start does (scripts/server-command.mjs), polls
// /api/health every 20 ms, reads the process's CPU time from /proc when it answers, sends SIGTERM
// and waits for the exit. Prints each run and the median. --no-preload leaves out
// scripts/server-preload.mjs (for comparing; decision 0062).
import { spawn } from 'node:child_process';
import { cpSync, existsSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { SERVER_PRELOAD, serverArgs } from '../server-command.mjs';

const root = path.resolve(import.meta.dirname, '../..');
const { values: args } = parseArgs({
  options: {
    runs: { type: 'string', default: '5' },
    port: { type: 'string', default: '3690' },
    'no-preload': { type: 'boolean', default: false },
  },
});
const PORT = Number(args.port);
const TEMPLATE = path.join(root, '.tmp/start-time-template');
const DATA = path.join(root, '.tmp/start-time-data');
const TICKS = 100; // clock ticks a second (getconf CLK_TCK on Linux)

function cpuSeconds(pid) {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) / TICKS;
}

async function run(dataDir) {
  const t0 = performance.now();
  const argv = serverArgs(root).filter((a) => !args['no-preload'] || !SERVER_PRELOAD.includes(a));
  const child = spawn(process.execPath, argv, {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      PORT: String(PORT),
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      DEMO_SEED: 'true',
      ADMIN_PASSWORD: '',
    },
  });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server berhenti (kode ${child.exitCode}) sebelum siap`);
    try {
      if ((await fetch(`http://127.0.0.1:${PORT}/api/health`)).ok) break;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 20));
  }
  const readyMs = performance.now() - t0;
  const cpu = cpuSeconds(child.pid);
  const t1 = performance.now();
  child.kill('SIGTERM');
  await exited;
  return { readyMs, cpu, stopMs: performance.now() - t1 };
}

if (!existsSync(TEMPLATE)) {
  console.log('membuat data demo sekali (.tmp/start-time-template)…');
  await run(TEMPLATE);
}
const results = [];
for (let i = 0; i < Number(args.runs); i++) {
  rmSync(DATA, { recursive: true, force: true });
  cpSync(TEMPLATE, DATA, { recursive: true });
  const r = await run(DATA);
  results.push(r);
  console.log(
    `run ${i + 1}: ready ${r.readyMs.toFixed(0)} ms, CPU to ready ${r.cpu.toFixed(2)} s, stop ${r.stopMs.toFixed(0)} ms`,
  );
}
rmSync(DATA, { recursive: true, force: true });
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
console.log(
  `median: ready ${median(results.map((r) => r.readyMs)).toFixed(0)} ms, CPU ${median(results.map((r) => r.cpu)).toFixed(2)} s, stop ${median(results.map((r) => r.stopMs)).toFixed(0)} ms`,
);
