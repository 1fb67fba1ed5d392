// SIGTERM drain: with uploads in progress (their bodies half sent) and a letter PDF
// being made, SIGTERM must close the port at once (new connections refused), let the requests in
// progress finish with 2xx, close the database and exit 0. A request that never finishes makes the
// process exit 1 after SHUTDOWN_TIMEOUT_MS. The same on PGlite, which must open cleanly afterwards.
import { request as httpRequest } from 'node:http';
import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import { Scenario, call, log, login, now, sleep, type Api } from './lib.ts';

const scenario = 'sigterm';
const NPSN = '60200338'; // the first demo school

/** A gallery upload whose body is sent in two halves: the second only when told. */
function slowUpload(base: string, token: string, nama: string, photo: Buffer) {
  const boundary = `----fault${randomBytes(8).toString('hex')}`;
  const fields = { nama, jenis: 'sekolah', desk: 'uji SIGTERM', ket: 'uji SIGTERM', npsn: NPSN };
  const parts: Buffer[] = Object.entries(fields).map(([k, v]) =>
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`),
  );
  parts.push(
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="foto"; filename="foto.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`,
    ),
    photo,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  );
  const body = Buffer.concat(parts);
  const half = Math.floor(body.length / 2);
  const url = new URL('/api/galeri', base);
  let resolveAnswer: (a: { status: number; message: string; ms: number }) => void;
  const answer = new Promise<{ status: number; message: string; ms: number }>((r) => (resolveAnswer = r));
  const t0 = now();
  const req = httpRequest(
    {
      host: url.hostname,
      port: url.port,
      path: url.pathname,
      method: 'POST',
      agent: false,
      headers: {
        authorization: `Bearer ${token}`,
        'content-type': `multipart/form-data; boundary=${boundary}`,
        'content-length': body.length,
      },
    },
    (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        let message = '';
        try {
          message = (JSON.parse(Buffer.concat(chunks).toString()) as { diagnostic: { message: string } }).diagnostic
            .message;
        } catch {
          message = Buffer.concat(chunks).toString().slice(0, 100);
        }
        resolveAnswer({ status: res.statusCode ?? 0, message, ms: now() - t0 });
      });
    },
  );
  req.on('error', (err) => resolveAnswer({ status: 0, message: err.message, ms: now() - t0 }));
  req.write(body.subarray(0, half));
  return { finish: () => req.end(body.subarray(half)), answer };
}

/** A brand-new connection (no keep-alive reuse): refused once the server stopped listening. */
function newConnection(base: string): Promise<string> {
  return new Promise((resolve) => {
    const url = new URL('/api/health', base);
    const req = httpRequest(
      { host: url.hostname, port: url.port, path: url.pathname, agent: false, timeout: 3000 },
      (res) => {
        res.resume();
        resolve(`answered ${res.statusCode}`);
      },
    );
    req.on('error', (err: Error & { code?: string }) => resolve(err.code ?? err.message));
    req.on('timeout', () => req.destroy(new Error('timeout')));
    req.end();
  });
}

async function noisePhoto(side: number): Promise<Buffer> {
  return sharp(randomBytes(side * side * 3), { raw: { width: side, height: side, channels: 3 } })
    .jpeg({ quality: 100 })
    .toBuffer();
}

interface DrainOutcome {
  uploads: { status: number; message: string; ms: number }[];
  pdf: { status: number; ms: number } | null;
  newConnection: string;
  exitCode: number | null;
  exitMs: number;
}

/** In-flight uploads (and a letter draft), SIGTERM, a new connection, then the rest of the bodies. */
async function drain(api: Api, token: string, tag: string, withPdf: boolean): Promise<DrainOutcome> {
  const photo = await noisePhoto(500); // ~600 KB: sending it and resizing it take a moment
  const uploads = [slowUpload(api.base, token, `${tag}-1`, photo), slowUpload(api.base, token, `${tag}-2`, photo)];
  let pdf: Promise<{ status: number; ms: number }> | null = null;
  if (withPdf) {
    const due = await call(api.base, 'GET', '/api/kgb?page=1', { token });
    const first = (due.body?.data as { data: { id: number }[] } | undefined)?.data[0];
    if (first)
      pdf = call(api.base, 'GET', `/api/kgb/${first.id}/draft.pdf`, { token }).then((r) => ({
        status: r.status,
        ms: r.ms,
      }));
  }
  await sleep(300);
  const tTerm = now();
  api.kill('SIGTERM');
  await sleep(300);
  const fresh = await newConnection(api.base);
  await sleep(700);
  for (const u of uploads) u.finish();
  const answers = await Promise.all(uploads.map((u) => u.answer));
  const exit = await Promise.race([api.exit!, sleep(40_000).then(() => null)]);
  return {
    uploads: answers,
    pdf: pdf ? await pdf : null,
    newConnection: fresh,
    exitCode: exit?.code ?? null,
    exitMs: Math.round(now() - tTerm),
  };
}

function judge(failures: string[], label: string, o: DrainOutcome): void {
  o.uploads.forEach((u, i) => {
    if (u.status !== 200)
      failures.push(`${label}: upload ${i + 1} in progress at SIGTERM answered ${u.status} ${u.message}`);
  });
  if (o.pdf && o.pdf.status !== 200)
    failures.push(`${label}: letter draft in progress at SIGTERM answered ${o.pdf.status}`);
  if (o.newConnection !== 'ECONNREFUSED')
    failures.push(`${label}: a new connection after SIGTERM was not refused (${o.newConnection})`);
  if (o.exitCode !== 0) failures.push(`${label}: exit code ${o.exitCode}, expected 0`);
}

async function main() {
  const run = new Scenario(scenario, { durable: true });
  const { cluster, failures } = run;
  const figures: Record<string, unknown> = {};
  const dataDir = run.tempDir('data');
  const pgliteDir = run.tempDir('pglite');
  const api = await run.api({ dataDir });
  const lite = await run.api({ dataDir: pgliteDir, env: { SHUTDOWN_TIMEOUT_MS: '30000' } }, 'pglite-api');
  await run.run(
    async () => {
      // 1. PostgreSQL: drain. The drain, not the time limit, is tested here: the limit is generous
      // so that a busy machine does not cut the uploads (case 2 tests the limit).
      await cluster.init();
      api.opts.databaseUrl = cluster.url();
      api.opts.env = { SHUTDOWN_TIMEOUT_MS: '30000' };
      await api.startHealthy(300_000);
      const admin = await login(api.base, 'admin', 'admin12345');
      const pgDrain = await drain(api, admin, 'drain-pg', true);
      judge(failures, 'PostgreSQL', pgDrain);
      const rows = await cluster.query<{ nama: string }>(
        'sidasek',
        `select nama from galeri where nama like 'drain-pg-%'`,
      );
      if (rows.length !== 2) failures.push(`PostgreSQL: ${rows.length} of the 2 drained uploads are in the database`);
      figures.postgres = { ...pgDrain, rowsSaved: rows.length };
      log(
        scenario,
        `PostgreSQL: uploads ${pgDrain.uploads.map((u) => u.status).join(', ')}, draft ${pgDrain.pdf?.status ?? '—'}, new connection ${pgDrain.newConnection}, exit ${pgDrain.exitCode} after ${pgDrain.exitMs} ms`,
      );

      // 2. A request that never finishes: exit 1 after SHUTDOWN_TIMEOUT_MS.
      api.opts.env = { SHUTDOWN_TIMEOUT_MS: '2000' };
      await api.startHealthy();
      const token = await login(api.base, 'admin', 'admin12345');
      const stuck = slowUpload(api.base, token, 'stuck', await noisePhoto(300));
      await sleep(300);
      const tTerm = now();
      api.kill('SIGTERM');
      const exit = await Promise.race([api.exit!, sleep(20_000).then(() => null)]);
      const stuckMs = Math.round(now() - tTerm);
      stuck.finish();
      if (exit?.code !== 1)
        failures.push(`hard timeout: exit code ${exit?.code ?? 'none (still running after 20 s)'}, expected 1`);
      if (stuckMs < 2000 || stuckMs > 6000)
        failures.push(`hard timeout: exited ${stuckMs} ms after SIGTERM, expected 2–6 s with SHUTDOWN_TIMEOUT_MS=2000`);
      figures.hardTimeout = { shutdownTimeoutMs: 2000, exitCode: exit?.code ?? null, exitMs: stuckMs };
      log(scenario, `hard timeout: exit ${exit?.code} after ${stuckMs} ms`);

      // 3. PGlite: drain, then the database opens again with the drained uploads in it.
      await lite.startHealthy(600_000);
      const liteToken = await login(lite.base, 'admin', 'admin12345');
      const liteDrain = await drain(lite, liteToken, 'drain-lite', false);
      judge(failures, 'PGlite', liteDrain);
      const reopenMs = await lite.startHealthy(300_000);
      const liteToken2 = await login(lite.base, 'admin', 'admin12345');
      const list = await call(lite.base, 'GET', `/api/galeri?npsn=${NPSN}&page=1`, { token: liteToken2 });
      const names = ((list.body?.data as { data: { nama: string }[] } | undefined)?.data ?? []).map((g) => g.nama);
      const saved = names.filter((n) => n.startsWith('drain-lite-')).length;
      if (saved !== 2) failures.push(`PGlite: ${saved} of the 2 drained uploads are there after the restart`);
      lite.kill('SIGTERM');
      const liteExit = await Promise.race([lite.exit!, sleep(30_000).then(() => null)]);
      if (liteExit?.code !== 0) failures.push(`PGlite: second SIGTERM exit code ${liteExit?.code}`);
      figures.pglite = { ...liteDrain, reopenedHealthyMs: Math.round(reopenMs), rowsSavedAfterReopen: saved };
      log(
        scenario,
        `PGlite: uploads ${liteDrain.uploads.map((u) => u.status).join(', ')}, new connection ${liteDrain.newConnection}, exit ${liteDrain.exitCode} after ${liteDrain.exitMs} ms; reopened in ${reopenMs.toFixed(0)} ms with ${saved}/2 uploads`,
      );

      return figures;
    },
    { figuresOnAbort: () => figures },
  );
}

await main();
process.exit(0);
