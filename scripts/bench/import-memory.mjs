// What each import adds to a fresh process (docs/performance.md, "Memory of the app process"):
//   node --expose-gc --max-semi-space-size=8 --max-old-space-size=384 scripts/bench/import-memory.mjs fastify zod ./server/app.ts
// Packages by name, the app's files by a path starting with "."; each is imported after the ones
// before it, and the heap after a full collection, external memory and VmRSS are printed with
// what they grew by. The first TypeScript file also loads Node's type stripper (about 9 MB of
// external memory and 17 MB resident), counted on that line.
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

if (typeof globalThis.gc !== 'function') throw new Error('run with --expose-gc');
const mb = (bytes) => bytes / 2 ** 20;
const rss = () => Number(/VmRSS:\s+(\d+)/.exec(fs.readFileSync('/proc/self/status', 'utf8'))[1]) / 1024;
function measure() {
  for (let i = 0; i < 3; i++) globalThis.gc();
  const m = process.memoryUsage();
  return { heap: mb(m.heapUsed), external: mb(m.external), rss: rss() };
}
const f = (n) => n.toFixed(1).padStart(6);
let before = measure();
console.log(
  `${'(start)'.padEnd(36)} heap ${f(before.heap)} external ${f(before.external)} resident ${f(before.rss)} MB`,
);
for (const spec of process.argv.slice(2)) {
  await import(spec.startsWith('.') ? pathToFileURL(path.resolve(spec)).href : spec);
  const now = measure();
  console.log(
    `${spec.padEnd(36)} heap +${f(now.heap - before.heap)} external +${f(now.external - before.external)} resident +${f(now.rss - before.rss)} MB (heap ${f(now.heap)}, resident ${f(now.rss)})`,
  );
  before = now;
}
