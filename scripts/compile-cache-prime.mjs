// The first start after a change of the server's code strips its TypeScript in a short child process
// first, so that the server's own process finds its modules in Node's compile cache and never loads
// the type stripper, which would stay in it for its whole life (about 18 MB resident;
// docs/performance.md, "Memory of the app process"). A later start with the code unchanged skips it.
// Run as a script (with scripts/server-preload.mjs, which turns the cache on) it imports
// server/serve.ts, whose import starts nothing (serve() does).
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, statSync, writeFileSync } from 'node:fs';
import { getCompileCacheDir } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { SERVER_PRELOAD } from './server-command.mjs';

const root = path.resolve(import.meta.dirname, '..');
/** The module that starts the server (server/main.ts runs its serve()): importing it starts nothing. */
export const SERVE_MODULE = pathToFileURL(path.join(root, 'server/serve.ts')).href;

/**
 * Fills the compile cache this process uses (turned on by the preload) with the server's modules,
 * unless that was done after `sourcesChanged` (ms, the newest modification of the server's code).
 * Returns whether it filled the cache now. Nothing happens when the cache is off.
 */
export function primeCompileCache(sourcesChanged) {
  const dir = getCompileCacheDir();
  if (!dir) return false;
  const stamp = path.join(dir, `sidasek-${createHash('sha256').update(root).digest('hex').slice(0, 12)}.primed`);
  if (existsSync(stamp) && statSync(stamp).mtimeMs >= sourcesChanged) return false;
  // The child inherits NODE_COMPILE_CACHE (set by the preload): the same cache. A failure is left to
  // the server's own start, which reports it.
  const child = spawnSync(process.execPath, [...SERVER_PRELOAD, import.meta.filename], { cwd: root, stdio: 'ignore' });
  if (child.status === 0) writeFileSync(stamp, '');
  return child.status === 0;
}

if (process.argv[1] === import.meta.filename) await import(SERVE_MODULE);
