// How the server process is started everywhere (npm start, the browser tests' servers, the
// benchmarks, the fault and two-instance tests): plain Node 24, whose type stripping runs the
// TypeScript as it is (the code keeps to erasable syntax: tsconfig's erasableSyntaxOnly), with the
// young generation bounded. Node's default semi-space on a machine with much memory lets an idle
// process hold about 120 MB of young garbage; 8 MB keeps it near 195 MB (docs/performance.md,
// "Memory of the app process").
import path from 'node:path';

/** Node's options for a server process. */
export const SERVER_NODE_OPTIONS = ['--max-semi-space-size=8'];

/** The arguments after `node` that start the server of the checkout at `root`. */
export function serverArgs(root) {
  return [...SERVER_NODE_OPTIONS, path.join(root, 'server/main.ts')];
}
