// npm run bench:periode [-- --letters 200 --clients 4]: the monthly KGB run under other users'
// traffic. A throwaway PostgreSQL database gets N teachers due on one TMT; the app
// runs as its own process (server/main.ts); closed-loop clients read teacher details, the due list
// and the dashboard all along. Reported: how long verification and signature of the N letters take,
// and the other requests' latency (p50/p95/p99/max) before and during each run, and their errors.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import {
  apiCall,
  discardRun,
  finishedKgbRun,
  freshDatabase,
  idle,
  insertDueTeacher,
  januaryMonth,
  log,
  prepareDatabase,
  seedDueMonth,
  startApp,
  underLoad,
} from './throwaway.ts';

const { values: args } = parseArgs({
  options: {
    letters: { type: 'string', default: '200' },
    clients: { type: 'string', default: '4' },
    port: { type: 'string', default: '3980' },
    baseline: { type: 'string', default: '10' },
  },
});
const N = Number(args.letters);
const CLIENTS = Number(args.clients);
const PORT = Number(args.port);
const BASE = `http://127.0.0.1:${PORT}`;
const PASSPHRASE = 'passphrase-bench-periode';

const dbName = `sidasek_bench_periode_${process.pid}`;

async function seed(url: string, dataDir: string): Promise<void> {
  const { rowsOf } = await import('../../server/db/client.ts');
  const { localFileStore } = await import('../../server/lib/file-store.ts');
  const { registerOfficial } = await import('../../server/modules/kgb/pejabat.service.ts');
  const { createOfficialKey } = await import('../../server/modules/kgb/official-key.ts');
  await prepareDatabase(url, async (db) => {
    const [school] = rowsOf<{ id: number }>(
      await db.execute(
        sql`insert into sekolah (npsn, nama_sekolah, bentuk_pendidikan, status) values ('60299999', 'SMA Negeri Uji Beban', 'SMA', 'Negeri') returning id`,
      ),
    );
    const [jab] = rowsOf<{ id: number }>(
      await db.execute(sql`select id from referensi where kategori = 'jabatan' limit 1`),
    );
    for (let i = 0; i < N; i++) {
      const nip = `19850412201001${1}${String(i).padStart(3, '0')}`;
      await insertDueTeacher(db, { i, nip, tglLahir: '1985-04-12', sekolahId: school!.id, jabatanId: jab!.id });
    }
    const key = createOfficialKey(
      {
        nama: 'Dr. Pejabat Beban',
        nip: '197003151995031002',
        jabatan: 'Kepala Dinas Pendidikan',
        instansi: 'Dinas Pendidikan',
      },
      PASSPHRASE,
      new Date(),
    );
    await registerOfficial(
      db,
      localFileStore(path.join(dataDir, 'files')),
      {
        nama: 'Dr. Pejabat Beban',
        nip: '197003151995031002',
        jabatan: 'Kepala Dinas Pendidikan',
        passphrase: PASSPHRASE,
        p12: key.p12,
      },
      new Date(),
    );
    await db.execute(sql`update pejabat_penandatangan set aktif = true`);
  });
}

const call = apiCall(BASE);

/** Closed-loop readers until `stop` resolves: latencies in ms and errors. */
async function readers(token: string, ids: number[], stop: Promise<void>) {
  const lat: number[] = [];
  let errors = 0;
  let done = false;
  void stop.then(() => (done = true));
  const paths = (i: number) => [`/api/guru/${ids[i % ids.length]}`, '/api/kgb?page=1', '/api/dashboard'][i % 3]!;
  await Promise.all(
    Array.from({ length: CLIENTS }, async (_v, c) => {
      let i = c;
      while (!done) {
        const t0 = performance.now();
        const res = await fetch(`${BASE}${paths(i++)}`, {
          headers: { authorization: `Bearer ${token}` },
        }).catch(() => null);
        if (res) await res.arrayBuffer();
        lat.push(performance.now() - t0);
        if (!res || res.status !== 200) errors++;
      }
    }),
  );
  lat.sort((a, b) => a - b);
  const q = (p: number) => lat[Math.min(lat.length - 1, Math.floor(p * lat.length))] ?? 0;
  return { n: lat.length, p50: q(0.5), p95: q(0.95), p99: q(0.99), max: lat.at(-1) ?? 0, errors };
}

async function main() {
  const url = await freshDatabase(dbName);
  const dataDir = mkdtempSync(path.join(tmpdir(), 'sidasek-periode-'));
  await seedDueMonth(N, () => seed(url, dataDir));
  const child = startApp(url, PORT, dataDir);
  try {
    const { token, readerToken, ids } = await januaryMonth(BASE);

    const rows: string[] = [];
    const measure = async (label: string, work: () => Promise<string>) => {
      const { what, seconds, load: l } = await underLoad((stop) => readers(readerToken, ids, stop), work);
      rows.push(
        `| ${label} | ${seconds.toFixed(1)} s | ${what} | ${l.n} | ${l.p50.toFixed(1)} | ${l.p95.toFixed(1)} | ${l.p99.toFixed(1)} | ${l.max.toFixed(1)} | ${l.errors} |`,
      );
      log(rows.at(-1)!);
    };
    await measure('tanpa proses (dasar)', idle(Number(args.baseline)));
    await measure(`draf ${N} guru (satu permintaan)`, async () => {
      const r = await call('POST', '/api/kgb/periode/draf', token, { bulan: '2027-01' });
      return r.json.diagnostic.message;
    });
    await measure(`verifikasi ${N} surat`, async () => {
      const r = await call('POST', '/api/kgb/periode/verifikasi', token, { bulan: '2027-01' });
      const run = await finishedKgbRun(call, token, (r.json.data as { id: number }).id);
      return `${run.berhasil} berhasil, ${run.gagal} gagal`;
    });
    await measure(`tanda tangan ${N} surat`, async () => {
      const r = await call('POST', '/api/kgb/periode/ttd', token, { bulan: '2027-01', passphrase: PASSPHRASE });
      const run = await finishedKgbRun(call, token, (r.json.data as { id: number }).id);
      return `${run.berhasil} berhasil, ${run.gagal} gagal`;
    });
    await measure('daftar nominatif PDF bertanda tangan', async () => {
      const res = await fetch(`${BASE}/api/kgb/periode/nominatif`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ bulan: '2027-01', passphrase: PASSPHRASE }),
      });
      const bytes = Buffer.from(await res.arrayBuffer());
      return `HTTP ${res.status}, ${Math.round(bytes.length / 1024)} KiB`;
    });
    process.stdout.write(
      `\n${N} surat, ${CLIENTS} klien baca tertutup (detail guru, daftar KGB, dashboard), PostgreSQL, ${new Date().toISOString()}\n\n`,
    );
    process.stdout.write(
      '| Fase | Lama | Hasil | Permintaan lain | p50 ms | p95 ms | p99 ms | maks ms | Galat |\n|---|---|---|---|---|---|---|---|---|\n',
    );
    process.stdout.write(`${rows.join('\n')}\n`);
  } finally {
    await discardRun(child, dataDir, dbName);
  }
}

main().catch((err: unknown) => {
  log(String((err as Error).stack ?? err));
  process.exit(1);
});
