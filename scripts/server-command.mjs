// How the server process is started everywhere (npm start, the browser tests' servers, the
// benchmarks, the fault and two-instance tests): plain Node 24, whose type stripping runs the
// TypeScript as it is (the code keeps to erasable syntax: tsconfig's erasableSyntaxOnly), with the
// heap bounded. Node's default semi-space on a machine with much memory lets an idle process hold
// about 120 MB of young garbage; 8 MB keeps it near 195 MB. The old space is bounded at 384 MB: on
// a machine with much memory V8 lets garbage grow to several times what is live before a full
// collection (a 100,000-row import went to 709 MB resident with about 150 MB live; bounded, 420 MB).
// The work a request does in this process is bounded well below that (the one-file import's
// workbook by its cell limit, exports streamed, file checks in their own processes).
// docs/performance.md, "Memory of the app process"; decision 0057.
// Before the server's modules, scripts/server-preload.mjs turns on Node's compile cache and a memo
// for module resolution (a start about 1.5 s of CPU shorter; decision 0062).
import path from 'node:path';
import { pathToFileURL } from 'node:url';

/** Node's options for a server process. */
export const SERVER_NODE_OPTIONS = ['--max-semi-space-size=8', '--max-old-space-size=384'];

/** What a server process loads before its modules (scripts/start.mjs imports it itself). */
export const SERVER_PRELOAD = ['--import', pathToFileURL(path.join(import.meta.dirname, 'server-preload.mjs')).href];

/** The arguments after `node` that start the server of the checkout at `root`. */
export function serverArgs(root) {
  return [...SERVER_NODE_OPTIONS, ...SERVER_PRELOAD, path.join(root, 'server/main.ts')];
}
