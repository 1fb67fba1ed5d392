// Hostile uploads against a running API (docs/security.md, "PDF and image uploads"): five crafted
// progressive JPEGs (6000 × 6000 pixels, 883 scans, 126 KB; 47 s to decode unbounded) and three
// 9.8 MB PDFs uploaded at once, while /api/health is asked every 100 ms, a static file of the web
// build every 200 ms, and an administrator logs in every 500 ms. Every health and static answer
// must be 2xx within one second, every login must succeed, every upload must be answered, the
// JPEGs refused. On PostgreSQL (a cluster of its own) and on
// PGlite (one connection for everyone). Wall-clock figures: a fault scenario, not the default suite.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import { PDFDocument } from 'pdf-lib';
import { Scenario, call, log, login, now, sleep, type Api } from './lib.ts';
import { manyScansJpeg } from '../../server/test/images.ts';

const scenario = 'uploads';
const HEALTH_LIMIT_MS = 1000;

/** A PDF of noisy scanned pages, just under 10 MB. */
async function bigPdf(): Promise<Buffer> {
  const doc = await PDFDocument.create();
  let size = 0;
  while (size < 9.6 * 1024 * 1024) {
    const jpeg = await sharp(randomBytes(700 * 900 * 3), { raw: { width: 700, height: 900, channels: 3 } })
      .jpeg({ quality: 85 })
      .toBuffer();
    const page = doc.addPage([595, 842]);
    page.drawImage(await doc.embedJpg(jpeg), { x: 0, y: 0, width: 595, height: 842 });
    size += jpeg.length;
  }
  return Buffer.from(await doc.save());
}

function form(fields: Record<string, string>, field: string, bytes: Buffer, name: string, type: string): FormData {
  const f = new FormData();
  for (const [k, v] of Object.entries(fields)) f.append(k, v);
  f.append(field, new Blob([new Uint8Array(bytes)], { type }), name);
  return f;
}

interface Outcome {
  health: { count: number; slowestMs: number; notOk: number };
  statics: { count: number; slowestMs: number; notOk: number };
  logins: { count: number; slowestMs: number; failed: number };
  jpegs: { status: number; code: string; ms: number }[];
  pdfs: { status: number; code: string; ms: number }[];
}

async function attack(api: Api, label: string, failures: string[]): Promise<Outcome> {
  const token = await login(api.base, 'admin', 'admin12345');
  const gurus = await call(api.base, 'GET', '/api/guru/?page=1', { token });
  const guruId = ((gurus.body?.data as { data: { id: number }[] } | undefined)?.data ?? [])[0]?.id;
  const jenis = await call(api.base, 'GET', '/api/masterjeniskaryatulis', { token });
  const jenisKt = ((jenis.body?.data as { id: number }[] | undefined) ?? [])[0]?.id;
  if (!guruId || !jenisKt) throw new Error(`${label}: no teacher or written-work type in the demo data`);
  const jpeg = manyScansJpeg();
  const pdf = await bigPdf();
  log(scenario, `${label}: ${jpeg.length} B JPEG, ${pdf.length} B PDF`);

  let running = true;
  const health = { count: 0, slowestMs: 0, notOk: 0 };
  const logins = { count: 0, slowestMs: 0, failed: 0 };
  const statics = { count: 0, slowestMs: 0, notOk: 0 };
  const poll = async (url: string, into: typeof health, every: number) => {
    while (running) {
      const a = await call(api.base, 'GET', url, { timeoutMs: 10_000 });
      into.count++;
      into.slowestMs = Math.max(into.slowestMs, Math.round(a.ms));
      if (a.status < 200 || a.status >= 300) into.notOk++;
      await sleep(every);
    }
  };
  const probe = Promise.all([poll('/api/health', health, 100), poll('/assets/app.js', statics, 200)]);
  const loginLoop = (async () => {
    while (running) {
      const a = await call(api.base, 'POST', '/api/token', {
        json: { username: 'admin', password: 'admin12345' },
        timeoutMs: 30_000,
      });
      logins.count++;
      logins.slowestMs = Math.max(logins.slowestMs, Math.round(a.ms));
      if (a.status !== 200) logins.failed++;
      await sleep(500);
    }
  })();
  const started = now();
  const answer = (a: Awaited<ReturnType<typeof call>>) => ({
    status: a.status,
    code: a.body?.diagnostic?.code ?? a.error ?? '',
    ms: Math.round(a.ms),
  });
  const jpegs = Array.from({ length: 5 }, () =>
    call(api.base, 'POST', `/api/guru/${guruId}/foto`, {
      token,
      form: form({}, 'foto', jpeg, 'foto.jpg', 'image/jpeg'),
      timeoutMs: 120_000,
    }).then(answer),
  );
  const pdfs = Array.from({ length: 3 }, (_, i) =>
    call(api.base, 'POST', '/api/riwkaryatulis/', {
      token,
      form: form(
        { guru_id: String(guruId), jenis_kt_id: String(jenisKt), judul: `SK besar ${i + 1}` },
        'file',
        pdf,
        'sk.pdf',
        'application/pdf',
      ),
      timeoutMs: 120_000,
    }).then(answer),
  );
  const outcome: Outcome = { health, statics, logins, jpegs: await Promise.all(jpegs), pdfs: await Promise.all(pdfs) };
  running = false;
  await Promise.all([probe, loginLoop]);
  log(
    scenario,
    `${label}: all answered in ${Math.round(now() - started)} ms; health ${health.count}× slowest ${health.slowestMs} ms (${health.notOk} not 2xx); static file ${statics.count}× slowest ${statics.slowestMs} ms (${statics.notOk} not 2xx); logins ${logins.count}× slowest ${logins.slowestMs} ms (${logins.failed} failed); JPEGs ${outcome.jpegs.map((j) => `${j.status} ${j.ms} ms`).join(', ')}; PDFs ${outcome.pdfs.map((p) => `${p.status} ${p.ms} ms`).join(', ')}`,
  );

  if (health.notOk) failures.push(`${label}: ${health.notOk} health answers were not 2xx`);
  if (health.slowestMs >= HEALTH_LIMIT_MS)
    failures.push(`${label}: slowest health answer ${health.slowestMs} ms (limit ${HEALTH_LIMIT_MS} ms)`);
  if (statics.notOk) failures.push(`${label}: ${statics.notOk} static file answers were not 2xx`);
  if (statics.slowestMs >= HEALTH_LIMIT_MS)
    failures.push(`${label}: slowest static file answer ${statics.slowestMs} ms (limit ${HEALTH_LIMIT_MS} ms)`);
  if (logins.failed) failures.push(`${label}: ${logins.failed} of ${logins.count} logins failed`);
  for (const j of outcome.jpegs)
    if (j.status !== 415 || j.code !== 'file.too_complex')
      failures.push(`${label}: crafted JPEG answered ${j.status} ${j.code}`);
  for (const p of outcome.pdfs)
    if (p.status !== 200) failures.push(`${label}: 9.8 MB scanned PDF answered ${p.status} ${p.code}`);
  return outcome;
}

async function main() {
  const run = new Scenario(scenario, { durable: true });
  const { cluster, failures } = run;
  const figures: Record<string, unknown> = {};
  // A web build of two files: the static file polled during the attack.
  const web = run.tempDir('web');
  mkdirSync(path.join(web, 'assets'));
  writeFileSync(path.join(web, 'index.html'), '<!doctype html><title>Sidasek</title>');
  writeFileSync(path.join(web, 'assets', 'app.js'), `// ${'x'.repeat(200 * 1024)}\n`);
  const env = { WEB_DIST_DIR: web };
  const api = await run.api({ dataDir: run.tempDir('data'), env });
  const lite = await run.api({ dataDir: run.tempDir('pglite'), env }, 'pglite-api');
  await run.run(
    async () => {
      await cluster.init();
      api.opts.databaseUrl = cluster.url();
      await api.startHealthy(300_000);
      figures.postgres = await attack(api, 'PostgreSQL', failures);
      await api.stop();
      await lite.startHealthy(600_000);
      figures.pglite = await attack(lite, 'PGlite', failures);
      await lite.stop();
      return figures;
    },
    { figuresOnAbort: () => figures },
  );
  if (failures.length) {
    for (const f of failures) log(scenario, `FAIL ${f}`);
    process.exitCode = 1;
  }
}

await main();
