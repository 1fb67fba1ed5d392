// `npm start`: builds the web app when its build is missing or older than its sources, then runs
// the server in this process (plain Node 24, its type stripping reading the TypeScript).
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const built = path.join(root, 'dist/web/index.html');

function newestMtime(dir) {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(p) : statSync(p).mtimeMs);
  }
  return newest;
}

// The contract is shared by the web app and the server: read once for both checks.
const contractChanged = newestMtime(path.join(root, 'contract'));
const sources = Math.max(newestMtime(path.join(root, 'web')), contractChanged);
if (!existsSync(built) || statSync(built).mtimeMs < sources) {
  console.log('Membangun aplikasi web (sekali, ±30 detik)…');
  const r = spawnSync('npx', ['vite', 'build', '--logLevel', 'warn'], { cwd: root, stdio: 'inherit' });
  if (r.status !== 0) process.exit(r.status ?? 1);
}

// The server runs in this process (no wrapper process beside it): npm starts this script with the
// server's Node options (package.json "start", scripts/server-command.mjs), and server/serve.ts
// answers the stop signals (docker stop, systemd, kill) by draining its requests and closing the
// database. Node's compile cache and the resolution memo come first (scripts/server-preload.mjs).
// The first start after a change of the server's code fills the compile cache in a child process
// first (scripts/compile-cache-prime.mjs): this process then never loads Node's type stripper.
await import('./server-preload.mjs');
const { primeCompileCache, SERVE_MODULE } = await import('./compile-cache-prime.mjs');
primeCompileCache(Math.max(newestMtime(path.join(root, 'server')), contractChanged));
const { serve } = await import(SERVE_MODULE);
await serve();
