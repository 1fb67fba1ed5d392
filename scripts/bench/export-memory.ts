// Measures the server's memory while it exports every teacher to Excel:
//   DATABASE_URL=postgres://…/bench_m npx tsx scripts/bench/export-memory.ts
// Starts the server as a child process, downloads GET /api/guru/export as a client would (bytes
// discarded as they arrive), and reads the server's resident memory from /proc: before, peak.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { serverArgs } from '../server-command.mjs';
import { root } from './throwaway.ts';

const port = Number(process.env.PORT || 3950);
const base = `http://127.0.0.1:${port}`;
const child = spawn(process.execPath, serverArgs(root), {
  cwd: root,
  env: { ...process.env, PORT: String(port), LOG_LEVEL: 'warn', DEMO_SEED: 'false', NODE_ENV: 'development' },
  stdio: ['ignore', 'ignore', 'inherit'],
});
const mem = (field: 'VmRSS' | 'VmHWM') =>
  Number(new RegExp(`${field}:\\s+(\\d+)`).exec(readFileSync(`/proc/${child.pid}/status`, 'utf8'))![1]) / 1024;

try {
  for (let i = 0; i < 120; i++) {
    try {
      if ((await fetch(`${base}/api/health`)).ok) break;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  const login = await (
    await fetch(`${base}/api/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'admin', password: process.env.ADMIN_PASSWORD || 'admin12345' }),
    })
  ).json();
  const token = login.data.access_token as string;
  const auth = { authorization: `Bearer ${token}` };
  await fetch(`${base}/api/guru/?page=1`, { headers: auth });
  const before = mem('VmRSS');
  let peak = before;
  const timer = setInterval(() => (peak = Math.max(peak, mem('VmRSS'))), 20);
  const t0 = Date.now();
  const res = await fetch(`${base}/api/guru/export`, { headers: auth });
  let bytes = 0;
  for await (const chunk of res.body!) bytes += (chunk as Uint8Array).length;
  clearInterval(timer);
  const seconds = (Date.now() - t0) / 1000;
  console.log(`export guru: HTTP ${res.status}, ${(bytes / 1024 / 1024).toFixed(1)} MB in ${seconds.toFixed(1)} s`);
  console.log(
    `server RSS: before ${before.toFixed(0)} MB, peak during export ${peak.toFixed(0)} MB (+${(peak - before).toFixed(0)} MB); process high-water mark ${mem('VmHWM').toFixed(0)} MB`,
  );
} finally {
  child.kill('SIGTERM');
}
