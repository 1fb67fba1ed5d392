// Lighthouse on four screens of the production build: the login page, the teacher list,
// a school's detail page and the statistics page, with Lighthouse's mobile defaults (Moto G
// Power screen, simulated slow 4G and 4x CPU slowdown) in Debian's Chromium. A measuring tool,
// not a CI gate (the gate is scripts/web-budget.mjs).
//
// Builds nothing: expects `npx vite build` to have filled dist/web. Starts the app on its own
// port with a fresh embedded demo database (as scripts/e2e-server.mjs does), signs in as the demo
// administrator through the API and stores the session where the SPA keeps it with "remember me"
// (localStorage `user`, web/lib/session.ts), then runs Lighthouse on each page. Storage is kept
// between runs (disableStorageReset) so the session survives; the HTTP cache is cleared before
// every run, so each one is a first visit.
//
//   node scripts/lighthouse.mjs [--runs 3] [--port 3250] [--dist dist/web] [--out .tmp/lighthouse] [--pages …] [--gzip]
//
//   --pages login,guru,sekolah,statistik  only these pages
//   --gzip  measure through a small gzip proxy in front of the app (port + 1), as behind a reverse
//           proxy that compresses (nginx `gzip on`): the Node server itself sends no compression.
//
// Prints LCP, TBT, CLS, FCP and the performance score per page (median of each over the runs)
// against the targets; writes every report and a summary to .tmp/lighthouse/.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawn } from 'node:child_process';
import http from 'node:http';
import { createGzip } from 'node:zlib';
import lighthouse from 'lighthouse';
import * as chromeLauncher from 'chrome-launcher';
import { chromium } from '@playwright/test';
import { serverArgs } from './server-command.mjs';
import { CHROMIUM_FLAGS } from './chromium-flags.mjs';

const root = path.resolve(import.meta.dirname, '..');
const args = process.argv.slice(2);
const opt = (name, fallback) => {
  const i = args.indexOf(name);
  return i >= 0 && args[i + 1] ? args[i + 1] : fallback;
};
const runs = Math.max(1, Number(opt('--runs', '3')));
const port = Number(opt('--port', '3250'));
const dist = path.resolve(root, opt('--dist', 'dist/web'));
const out = path.resolve(root, opt('--out', '.tmp/lighthouse'));
const chromePath = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
const gzip = args.includes('--gzip');
const appOrigin = `http://127.0.0.1:${port}`;
/** Where the browser goes: the app, or the gzip proxy in front of it. */
const origin = gzip ? `http://127.0.0.1:${port + 1}` : appOrigin;

/** The targets of docs/performance.md (Lighthouse mobile defaults). */
const TARGETS = { lcp: 2500, tbt: 200, cls: 0.1 };
const ADMIN = { username: 'admin', password: 'admin12345' };
const SCHOOL = '60200338'; // a demo school (README)

const ALL_PAGES = [
  { name: 'login', title: 'Login', path: '/login', signedIn: false },
  { name: 'guru', title: 'Daftar guru', path: '/admin-side/guru', signedIn: true },
  { name: 'sekolah', title: 'Detail sekolah', path: `/admin-side/user-detail/${SCHOOL}`, signedIn: true },
  { name: 'statistik', title: 'Statistik', path: '/admin-side/statistik', signedIn: true },
];

const only = opt('--pages', '').split(',').filter(Boolean);
const PAGES = only.length ? ALL_PAGES.filter((p) => only.includes(p.name)) : ALL_PAGES;
if (!PAGES.length) {
  console.error(`--pages: choose among ${ALL_PAGES.map((p) => p.name).join(', ')}`);
  process.exit(2);
}

if (!existsSync(path.join(dist, 'index.html'))) {
  console.error(`${path.relative(root, dist)}/index.html is missing: run \`npx vite build\` first.`);
  process.exit(2);
}

const cleanups = [];
async function cleanup() {
  while (cleanups.length) {
    try {
      await cleanups.pop()();
    } catch {
      // keep cleaning up
    }
  }
}
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => void cleanup().then(() => process.exit(130)));

async function startServer() {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'sidasek-lighthouse-'));
  cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
  const child = spawn(process.execPath, serverArgs(root), {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      NODE_ENV: 'development',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '', // never a shared database: a fresh PGlite in a temp dir
      WEB_DIST_DIR: dist,
      LOG_LEVEL: 'warn',
      DEMO_SEED: 'true',
      ADMIN_PASSWORD: '',
    },
  });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  cleanups.push(async () => {
    if (child.exitCode === null) child.kill('SIGTERM');
    await Promise.race([exited, new Promise((r) => setTimeout(r, 10_000))]);
    if (child.exitCode === null) child.kill('SIGKILL');
  });
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the server exited with code ${child.exitCode}`);
    try {
      if ((await fetch(`${appOrigin}/api/health`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error('the server did not answer /api/health within 120 s');
}

/** A reverse proxy that gzips text answers, like nginx with `gzip on` (level 6). */
async function startGzipProxy() {
  const compressible = /^(text\/|application\/(javascript|json|xml)|image\/svg\+xml)/;
  const server = http.createServer((req, res) => {
    const headers = { ...req.headers };
    delete headers['accept-encoding'];
    const upstream = http.request(`${appOrigin}${req.url}`, { method: req.method, headers }, (up) => {
      const type = String(up.headers['content-type'] ?? '');
      const zip =
        compressible.test(type) &&
        /\bgzip\b/.test(String(req.headers['accept-encoding'] ?? '')) &&
        up.statusCode !== 304;
      const outHeaders = { ...up.headers };
      if (zip) {
        delete outHeaders['content-length'];
        outHeaders['content-encoding'] = 'gzip';
        outHeaders.vary = 'Accept-Encoding';
      }
      res.writeHead(up.statusCode ?? 502, outHeaders);
      if (zip) up.pipe(createGzip({ level: 6 })).pipe(res);
      else up.pipe(res);
    });
    upstream.on('error', () => res.destroy());
    req.pipe(upstream);
  });
  await new Promise((resolve) => server.listen(port + 1, '127.0.0.1', resolve));
  cleanups.push(() => new Promise((resolve) => server.close(resolve)));
}

async function signIn() {
  const res = await fetch(`${origin}/api/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(ADMIN),
  });
  const envelope = await res.json();
  if (envelope?.diagnostic?.status !== 200) throw new Error(`login failed: ${JSON.stringify(envelope?.diagnostic)}`);
  return envelope.data;
}

const median = (values) => {
  const s = [...values].sort((a, b) => a - b);
  return s[Math.floor((s.length - 1) / 2)];
};

function metricsOf(lhr) {
  const a = lhr.audits;
  return {
    score: Math.round((lhr.categories.performance.score ?? 0) * 100),
    fcp: a['first-contentful-paint'].numericValue,
    lcp: a['largest-contentful-paint'].numericValue,
    tbt: a['total-blocking-time'].numericValue,
    cls: a['cumulative-layout-shift'].numericValue,
    lcpElement: a['largest-contentful-paint-element']?.details?.items?.[0]?.items?.[0]?.node?.snippet ?? null,
    benchmarkIndex: lhr.environment?.benchmarkIndex ?? null,
    jsTransfer: (a['network-requests']?.details?.items ?? [])
      .filter((r) => r.resourceType === 'Script')
      .reduce((t, r) => t + (r.transferSize ?? 0), 0),
  };
}

async function main() {
  mkdirSync(out, { recursive: true });
  console.log(`Starting Sidasek on ${origin} (fresh demo database, ${path.relative(root, dist)})…`);
  await startServer();
  if (gzip) await startGzipProxy();
  const session = await signIn();

  const chrome = await chromeLauncher.launch({
    chromePath,
    chromeFlags: [
      '--headless=new',
      ...CHROMIUM_FLAGS,
      // Only Sidasek is measured: other hosts (the map tiles of OpenStreetMap) fail at once instead of waiting for a network.
      '--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1',
    ],
  });
  cleanups.push(() => chrome.kill());
  // Playwright over CDP, in Chrome's default context (the one Lighthouse's tabs use): sets and
  // clears the session in localStorage, clears the HTTP cache before each run.
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${chrome.port}`);
  cleanups.push(() => browser.close());
  const context = browser.contexts()[0];
  const withPage = async (fn) => {
    const page = await context.newPage();
    try {
      return await fn(page);
    } finally {
      await page.close();
    }
  };
  const setSession = (on) =>
    withPage(async (page) => {
      await page.goto(`${origin}/favicon.svg`);
      await page.evaluate(
        ([value]) => (value ? localStorage.setItem('user', value) : localStorage.removeItem('user')),
        [on ? JSON.stringify(session) : null],
      );
    });
  const clearCache = () =>
    withPage(async (page) => {
      const cdp = await context.newCDPSession(page);
      await cdp.send('Network.clearBrowserCache');
    });

  let lighthouseVersion = '';
  const config = { extends: 'lighthouse:default', settings: { onlyCategories: ['performance'] } };
  const results = [];
  for (const p of PAGES) {
    await setSession(p.signedIn);
    const all = [];
    for (let i = 1; i <= runs; i++) {
      // A loaded machine now and then spoils a trace (NO_NAVSTART, NO_FCP…): that run is tried again.
      let lhr;
      let report;
      for (let attempt = 1; ; attempt++) {
        await clearCache();
        const result = await lighthouse(
          `${origin}${p.path}`,
          { port: chrome.port, output: 'json', logLevel: 'error', disableStorageReset: true },
          config,
        );
        if (!result) throw new Error(`Lighthouse gave no result for ${p.path}`);
        ({ lhr, report } = result);
        if (!lhr.runtimeError) break;
        if (attempt === 3) throw new Error(`${p.path}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
        console.log(`  ${p.title} run ${i}/${runs}: ${lhr.runtimeError.code}, trying again`);
      }
      lighthouseVersion = lhr.lighthouseVersion;
      if (new URL(lhr.finalDisplayedUrl).pathname !== p.path)
        throw new Error(`${p.path} ended on ${lhr.finalDisplayedUrl} (session not taken?)`);
      writeFileSync(path.join(out, `${p.name}-${i}.json`), report);
      const m = metricsOf(lhr);
      all.push(m);
      console.log(
        `  ${p.title} run ${i}/${runs}: score ${m.score}, LCP ${(m.lcp / 1000).toFixed(2)} s, TBT ${Math.round(m.tbt)} ms, CLS ${m.cls.toFixed(3)} (host benchmark index ${Math.round(m.benchmarkIndex ?? 0)}, load ${os.loadavg()[0].toFixed(1)})`,
      );
    }
    // The median of each metric over the runs (not one run's values).
    const med = (k) => median(all.map((m) => m[k]));
    const mid = {
      score: med('score'),
      fcp: med('fcp'),
      lcp: med('lcp'),
      tbt: med('tbt'),
      cls: med('cls'),
      benchmarkIndex: med('benchmarkIndex'),
      jsTransfer: med('jsTransfer'),
    };
    results.push({ page: p.title, path: p.path, runs: all, median: mid });
  }

  const ok = (v, max) => (v <= max ? 'ok' : 'OVER');
  const rows = results.map(({ page, path: url, median: m }) => [
    page,
    url,
    `${(m.lcp / 1000).toFixed(2)} s ${ok(m.lcp, TARGETS.lcp)}`,
    `${Math.round(m.tbt)} ms ${ok(m.tbt, TARGETS.tbt)}`,
    `${m.cls.toFixed(3)} ${ok(m.cls, TARGETS.cls)}`,
    `${(m.fcp / 1000).toFixed(2)} s`,
    String(m.score),
    `${Math.round(m.jsTransfer / 1000)} kB`,
  ]);
  const head = [
    'page',
    'path',
    `LCP (≤ ${TARGETS.lcp / 1000} s)`,
    `TBT (≤ ${TARGETS.tbt} ms)`,
    `CLS (≤ ${TARGETS.cls})`,
    'FCP',
    'score',
    'JS transfer',
  ];
  const width = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
  const line = (cells) =>
    cells
      .map((c, i) => c.padEnd(width[i]))
      .join('  ')
      .trimEnd();
  console.log(
    `\nLighthouse ${lighthouseVersion}, mobile defaults, ${gzip ? 'through a gzip proxy' : 'served by Node without compression'}, median of ${runs} run(s) per metric:\n`,
  );
  console.log([line(head), line(width.map((w) => '-'.repeat(w))), ...rows.map(line)].join('\n'));
  console.log(
    `\nHost: Lighthouse benchmark index ${results.map((r) => Math.round(r.median.benchmarkIndex ?? 0)).join(' / ')} (per page), load average ${os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')} on ${os.cpus().length} CPUs: TBT and LCP grow on a busy machine.`,
  );
  writeFileSync(
    path.join(out, 'summary.json'),
    JSON.stringify(
      {
        date: new Date().toISOString(),
        lighthouseVersion,
        gzip,
        runs,
        loadAverage: os.loadavg(),
        cpus: os.cpus().length,
        targets: TARGETS,
        results,
      },
      null,
      2,
    ),
  );
  console.log(
    `\nReports: ${path.relative(root, out)}/<page>-<run>.json, summary: ${path.relative(root, out)}/summary.json`,
  );
}

try {
  await main();
} catch (err) {
  console.error(err);
  process.exitCode = 1;
} finally {
  await cleanup();
}
