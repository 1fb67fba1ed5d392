// What the JavaScript of a route is made of: for a build with sourcemaps, the gzip kB
// each npm package and source file contributes to the files a route loads before it renders
// (the same files scripts/web-budget.mjs counts). A diagnosis aid, not a CI check.
//
//   npx vite build --sourcemap --outDir "$PWD/.tmp/web-map" --emptyOutDir   (outDir is relative to web/)
//   node scripts/web-bundle-report.mjs [--dist .tmp/web-map] [--top 40] ['(entry)' /login '/:family/guru' …]
//
// Each generated segment is attributed to its source through the sourcemap; the segments of one
// source are gzipped together and the figures scaled so they add up to the file's real gzip size
// (an estimate: gzip shares its dictionary across sources). antd and rc-component are split by
// component folder. Without route names, every route is listed. Reads sourcemaps with the
// `source-map` package the toolchain already installs (not a declared dependency).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { SourceMapConsumer } from 'source-map';
import { parseRoutes, filesOf, manifestKeyOf, entryKeyOf, ENTRY } from './web-budget.mjs';

const root = path.resolve(import.meta.dirname, '..');
const args = process.argv.slice(2);
const opt = (name, fallback) => {
  const i = args.indexOf(name);
  if (i < 0) return fallback;
  const v = args[i + 1];
  args.splice(i, 2);
  return v;
};
const dist = path.resolve(root, opt('--dist', '.tmp/web-map'));
const top = Number(opt('--top', '40'));
const wanted = args;
const routerFile = path.join(root, 'web/app/router.tsx');
const manifest = JSON.parse(readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8'));
const routes = parseRoutes(readFileSync(routerFile, 'utf8'), routerFile);

/** The package (split by component folder for antd and rc-component) or repository file of a source. */
function groupOf(source) {
  const src = source.replace(/^(\.\.\/)+/, '');
  const m = src.match(/node_modules\/((?:@[^/]+\/)?[^/]+)\/(?:(?:es|lib)\/)?([^/]+)/);
  if (!m) {
    const file = path.relative(root, path.resolve(dist, 'assets', source));
    // Sources outside the repository's code are the bundler's own helpers and virtual modules.
    return /^(web|contract)\//.test(file) ? file : '(bundler helpers)';
  }
  const pkg = m[1];
  return pkg === 'antd' || pkg.startsWith('@rc-component/') || pkg === '@ant-design/icons' ? `${pkg}/${m[2]}` : pkg;
}

const cache = new Map();
function analyse(file) {
  if (cache.has(file)) return cache.get(file);
  const code = readFileSync(path.join(dist, file), 'utf8');
  const total = gzipSync(code, { level: 9 }).length;
  let map;
  try {
    map = JSON.parse(readFileSync(path.join(dist, `${file}.map`), 'utf8'));
  } catch {
    const r = new Map([[file, total]]);
    cache.set(file, r);
    return r;
  }
  const lines = code.split('\n');
  const segments = [];
  new SourceMapConsumer(map).eachMapping((s) => segments.push(s), null, SourceMapConsumer.GENERATED_ORDER);
  const text = new Map();
  segments.forEach((s, i) => {
    const next = segments[i + 1];
    const line = lines[s.generatedLine - 1] ?? '';
    const part =
      next && next.generatedLine === s.generatedLine
        ? line.slice(s.generatedColumn, next.generatedColumn)
        : `${line.slice(s.generatedColumn)}\n`;
    const g = s.source ? groupOf(s.source) : '(glue)';
    text.set(g, (text.get(g) ?? '') + part);
  });
  const sizes = new Map([...text].map(([g, t]) => [g, gzipSync(t, { level: 9 }).length]));
  const sum = [...sizes.values()].reduce((a, b) => a + b, 0) || 1;
  const r = new Map([...sizes].map(([g, b]) => [g, (b * total) / sum]));
  cache.set(file, r);
  return r;
}

const kB = (b) => (b / 1000).toFixed(1).padStart(6);
const entry = entryKeyOf(manifest);
for (const r of [{ path: ENTRY, modules: [] }, ...routes].filter((x) => !wanted.length || wanted.includes(x.path))) {
  const keys = r.modules.map((m) => manifestKeyOf(manifest, path.dirname(routerFile), m, path.join(root, 'web')));
  const { js } = filesOf(manifest, [entry, ...keys]);
  const byGroup = new Map();
  for (const f of js) for (const [g, b] of analyse(f)) byGroup.set(g, (byGroup.get(g) ?? 0) + b);
  const byPackage = new Map();
  for (const [g, b] of byGroup) {
    const p = g.startsWith('@')
      ? g.split('/').slice(0, 2).join('/')
      : g.includes('node_modules') || !g.includes('/')
        ? g.split('/')[0]
        : g.split('/')[0] === 'antd'
          ? 'antd'
          : g.split('/').slice(0, 2).join('/');
    byPackage.set(p, (byPackage.get(p) ?? 0) + b);
  }
  const total = [...byGroup.values()].reduce((a, b) => a + b, 0);
  console.log(`\n## ${r.path}: ${kB(total).trim()} kB gzip in ${js.length} files`);
  console.log(
    `  by package: ${[...byPackage]
      .sort((a, b) => b[1] - a[1])
      .slice(0, 12)
      .map(([g, b]) => `${g} ${kB(b).trim()}`)
      .join(', ')}`,
  );
  for (const [g, b] of [...byGroup].sort((a, b) => b[1] - a[1]).slice(0, top)) console.log(`  ${kB(b)}  ${g}`);
}
