// Loaded before the server's modules (scripts/server-command.mjs passes it with --import;
// scripts/start.mjs imports it first). Two things make a start about 1.5 s of CPU shorter
// (docs/performance.md, "Start of the app process"; decision 0062):
//
// 1. Node's compile cache: the V8 code of the modules, and of the TypeScript with its types
//    stripped, is kept on disk (NODE_COMPILE_CACHE, else Node's own folder in the temporary
//    directory) and used again while the file is unchanged; Node checks each entry against the file.
// 2. A memo for module resolution. Node 24 works out a JavaScript file's format by reading its
//    package scope, and that read parses the package's whole "exports" map again every time:
//    drizzle-orm's package.json is 179 kB and the server resolves about 470 imports inside it, which
//    cost about a second and much garbage at every start. The memo answers the same question once per
//    folder: a relative import of a .js/.mjs file inside a package has the format Node gave the first
//    such file of that folder (a folder has one nearest package.json), and a package name imported from
//    the app's own files resolves the same from all of them (they share one package.json). Anything
//    else (and the first of each) goes to Node's own resolver unchanged.
import { constants, enableCompileCache, registerHooks } from 'node:module';
import path from 'node:path';

const cache = enableCompileCache();
// The same cache for the server's threads (the signing thread) and child processes (file checks,
// background runs): a thread or process reads NODE_COMPILE_CACHE when it starts, not this process's
// setting. Without it each loads Node's type stripper again (about 12 MB resident a thread) and strips
// its TypeScript at every start (docs/performance.md, "Memory of the app process").
if (cache.status === constants.compileCacheStatus.ENABLED && cache.directory) {
  process.env.NODE_COMPILE_CACHE = cache.directory;
}

const formatInFolder = new Map();
const packageFromApp = new Map();
const RELATIVE_JS = /^\.\.?\/.*\.m?js$/;
/** A package's name (not a path, a URL, node:… or #…). */
const PACKAGE_NAME = /^[@a-z0-9][^:]*$/i;

registerHooks({
  resolve(specifier, context, nextResolve) {
    const parent = context.parentURL;
    if (!parent?.startsWith('file:')) return nextResolve(specifier, context);
    const conditions = context.conditions?.join() ?? '';
    const inPackage = parent.includes('/node_modules/');
    if (inPackage && RELATIVE_JS.test(specifier)) {
      const url = new URL(specifier, parent);
      const key = `${path.posix.dirname(url.pathname)}|${path.posix.extname(url.pathname)}|${conditions}`;
      const format = formatInFolder.get(key);
      if (format) return { url: url.href, format, shortCircuit: true };
      const resolved = nextResolve(specifier, context);
      // Kept only when Node's answer is the plain one (no symbolic link in between).
      if (resolved.url === url.href && resolved.format) formatInFolder.set(key, resolved.format);
      return resolved;
    }
    if (!inPackage && PACKAGE_NAME.test(specifier)) {
      const key = `${specifier}|${conditions}`;
      const known = packageFromApp.get(key);
      if (known) return { ...known, shortCircuit: true };
      const resolved = nextResolve(specifier, context);
      if (resolved.url.startsWith('file:')) packageFromApp.set(key, { url: resolved.url, format: resolved.format });
      return resolved;
    }
    return nextResolve(specifier, context);
  },
});
