import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { runProcessArgs } from '../server/lib/run-process.ts';
import { RUN_NODE_OPTIONS, SERVER_NODE_OPTIONS, SERVER_PRELOAD, serverArgs } from './server-command.mjs';

// One way to start the server: npm start passes the same Node options as every test and benchmark
// that starts it (scripts/server-command.mjs).
describe('the server command', () => {
  const root = path.resolve(import.meta.dirname, '..');
  it('npm start runs with the server options, and the server as plain Node', () => {
    const pkg = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as {
      scripts: Record<string, string>;
    };
    expect(pkg.scripts.start).toBe(`node ${SERVER_NODE_OPTIONS.join(' ')} scripts/start.mjs`);
    expect(serverArgs(root)).toEqual([...SERVER_NODE_OPTIONS, ...SERVER_PRELOAD, path.join(root, 'server/main.ts')]);
    // npm start loads the same preload itself, before the server's modules.
    expect(readFileSync(path.join(root, 'scripts/start.mjs'), 'utf8')).toMatch(
      /await import\('\.\/server-preload\.mjs'\);[^]*SERVE_MODULE[^]*await serve\(\);/,
    );
    expect(serverArgs(root).some((a) => a.includes('tsx'))).toBe(false);
  });

  it("a background run's process has a larger heap bound than the server's, and the same preload", () => {
    const oldSpace = (options: string[]) =>
      Number(options.find((o) => o.startsWith('--max-old-space-size='))!.split('=')[1]);
    const entry = new URL('../server/modules/impor/impor-proses-main.ts', import.meta.url);
    expect(runProcessArgs(entry)).toEqual([
      ...RUN_NODE_OPTIONS,
      ...SERVER_PRELOAD,
      path.join(root, 'server/modules/impor/impor-proses-main.ts'),
    ]);
    expect(oldSpace(RUN_NODE_OPTIONS)).toBeGreaterThan(oldSpace(SERVER_NODE_OPTIONS));
  });

  it("the server's threads and child processes read the same compile cache as the server", () => {
    // Without it the signing thread and each file-check process load Node's type stripper again
    // (about 12 MB resident a thread) and strip their TypeScript at every start.
    const probe = `
      import { getCompileCacheDir } from 'node:module';
      import { Worker } from 'node:worker_threads';
      import { execFileSync } from 'node:child_process';
      const inThread = await new Promise((resolve) => {
        const w = new Worker("require('node:worker_threads').parentPort.postMessage(require('node:module').getCompileCacheDir() ?? null)", { eval: true, execArgv: [] });
        w.once('message', (dir) => { resolve(dir); w.terminate(); });
      });
      const inChild = execFileSync(process.execPath, ['-p', "require('node:module').getCompileCacheDir() ?? null"], { encoding: 'utf8' }).trim();
      console.log(JSON.stringify({ server: getCompileCacheDir(), inThread, inChild }));`;
    const env = { ...process.env };
    delete env.NODE_COMPILE_CACHE;
    delete env.NODE_DISABLE_COMPILE_CACHE;
    const out = execFileSync(process.execPath, [...SERVER_PRELOAD, '--input-type=module', '-e', probe], {
      encoding: 'utf8',
      env,
    });
    const dirs = JSON.parse(out) as { server: string | null; inThread: string | null; inChild: string | null };
    expect(dirs.server).toBeTruthy();
    expect(dirs.inThread).toBe(dirs.server);
    expect(dirs.inChild).toBe(dirs.server);
  });

  it('after the cache is primed, the server loads its modules without the type stripper', () => {
    // A fresh cache, as after a change of the code: the first start primes it in a child process
    // (scripts/compile-cache-prime.mjs), then the server's own imports find every module there.
    const cache = mkdtempSync(path.join(os.tmpdir(), 'sidasek-compile-cache-'));
    try {
      const probe = `
        const { primeCompileCache, SERVE_MODULE } = await import(${JSON.stringify(new URL('./compile-cache-prime.mjs', import.meta.url).href)});
        const primed = primeCompileCache(Date.now());
        const { serve } = await import(SERVE_MODULE);
        const again = primeCompileCache(0);
        console.log(JSON.stringify({ primed, again, serve: typeof serve, stripper: process.moduleLoadList.some((m) => m.includes('amaro')) }));`;
      const out = execFileSync(process.execPath, [...SERVER_PRELOAD, '--input-type=module', '-e', probe], {
        encoding: 'utf8',
        env: { ...process.env, NODE_COMPILE_CACHE: cache },
      });
      const seen = JSON.parse(out.trim().split('\n').at(-1)!) as Record<string, unknown>;
      expect(seen).toEqual({ primed: true, again: false, serve: 'function', stripper: false });
    } finally {
      rmSync(cache, { recursive: true, force: true });
    }
  }, 60_000);
});
