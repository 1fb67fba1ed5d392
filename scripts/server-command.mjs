// How the server process is started everywhere (npm start, the browser tests' servers, the
// benchmarks, the fault and two-instance tests): plain Node 24, whose type stripping runs the
// TypeScript as it is (the code keeps to erasable syntax: tsconfig's erasableSyntaxOnly), with the
// heap bounded. Node's default semi-space on a machine with much memory lets an idle process hold
// about 120 MB of young garbage; 8 MB kept it near 155 MB, 4 MB below 150 with the same latencies
// on the tier-M benchmark (decision 0065). The old space is bounded at 256 MB: on
// a machine with much memory V8 lets garbage grow to several times what is live before a full
// collection (the tier-M benchmark's 300/s mix took the process to 268 MB resident at 384, 240 MB
// at 256, with the same latencies). The work a request does in this process is bounded well below
// that: the one-file imports read their workbook row by row within its cell limit (two of the
// largest at once: 250 MB resident, `npm run bench:impor-memory`), exports are streamed, file
// checks run in their own processes. A background run's process (server/lib/run-process.ts: a
// province's files, a month's letters) has its own, larger bound.
// docs/performance.md, "Memory of the app process"; decisions 0057, 0063 and 0065.
// Before the server's modules, scripts/server-preload.mjs turns on Node's compile cache and a memo
// for module resolution (a start about 1.5 s of CPU shorter; decision 0062).
import path from 'node:path';
import { pathToFileURL } from 'node:url';

/** Node's options for a server process. */
export const SERVER_NODE_OPTIONS = ['--max-semi-space-size=4', '--max-old-space-size=256'];

/** Node's options for a background run's process: a province's workbook holds its shared strings (up to 48 MB of XML) while it is read. */
export const RUN_NODE_OPTIONS = ['--max-semi-space-size=8', '--max-old-space-size=384'];

/** What a server process loads before its modules (scripts/start.mjs imports it itself). */
export const SERVER_PRELOAD = ['--import', pathToFileURL(path.join(import.meta.dirname, 'server-preload.mjs')).href];

/** The arguments after `node` that start the server of the checkout at `root`. */
export function serverArgs(root) {
  return [...SERVER_NODE_OPTIONS, ...SERVER_PRELOAD, path.join(root, 'server/main.ts')];
}
