// npm run bench:bsre [-- --letters 4000 --latency 500 --rate 100 --concurrency 8 --until ttd]: a province's
// month signed through BSrE (docs/domain/tanda-tangan.md). A throwaway PostgreSQL database gets N
// teachers due on one TMT and one official registered by NIK; the BSrE simulator runs as a process
// of its own answering each signature after `latency` ms (BSrE is another machine: here it shares
// the two cores); the app runs as its own process (SIGNER=bsre). While
// the month is drafted, verified and signed, an open-loop generator sends `rate` requests a second
// (Poisson arrivals; latency from the scheduled time) to teacher detail, the due list and the
// dashboard, whose p99 targets at 100/s are 30, 40 and 20 ms (scripts/bench/mix.ts). Reported: the
// time of each phase and of the whole month, and those endpoints' latency per phase.
import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { DEMO_NIK, DEMO_PASSPHRASE } from '../../server/db/seed/demo.ts';
import { latencyCell, LATENCY_TITLES, machineLoad, openLoop } from './open-loop.ts';
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
  root,
  seedDueMonth,
  startApp,
  underLoad,
} from './throwaway.ts';

const { values: args } = parseArgs({
  options: {
    letters: { type: 'string', default: '4000' },
    latency: { type: 'string', default: '500' },
    rate: { type: 'string', default: '100' },
    concurrency: { type: 'string', default: '8' },
    port: { type: 'string', default: '3300' },
    baseline: { type: 'string', default: '15' },
    // Stops after this phase (draf, verifikasi): one phase measured again without the whole month.
    until: { type: 'string', default: 'ttd' },
  },
});
const N = Number(args.letters);
const RATE = Number(args.rate);
const PORT = Number(args.port);

const dbName = `sidasek_bench_bsre_${process.pid}`;

async function seed(url: string, dataDir: string): Promise<void> {
  const { rowsOf } = await import('../../server/db/client.ts');
  const { localFileStore } = await import('../../server/lib/file-store.ts');
  const { registerOfficial } = await import('../../server/modules/kgb/pejabat.service.ts');
  await prepareDatabase(url, async (db) => {
    // A province: the month's teachers in 200 schools.
    const schools = rowsOf<{ id: number }>(
      await db.execute(sql`insert into sekolah (npsn, nama_sekolah, bentuk_pendidikan, status)
      select '6' || lpad(g::text, 7, '0'), 'SMA Negeri ' || g || ' Uji Beban', 'SMA', 'Negeri' from generate_series(1, 200) g returning id`),
    );
    const [jab] = rowsOf<{ id: number }>(
      await db.execute(sql`select id from referensi where kategori = 'jabatan' limit 1`),
    );
    for (let start = 0; start < N; start += 500) {
      const n = Math.min(500, N - start);
      await db.transaction(async (tx) => {
        for (let i = start; i < start + n; i++) {
          // A valid NIP (Perka BKN 22/2007): birth date, CPNS month 2010-01, male, a sequence; a thousand per birth day.
          const day = String(1 + Math.floor(i / 1000)).padStart(2, '0');
          const nip = `198504${day}2010011${String(i % 1000).padStart(3, '0')}`;
          await insertDueTeacher(tx, {
            i,
            nip,
            tglLahir: `1985-04-${day}`,
            sekolahId: schools[i % schools.length]!.id,
            jabatanId: jab!.id,
          });
        }
      });
    }
    await registerOfficial(
      db,
      localFileStore(path.join(dataDir, 'files')),
      {
        nama: 'Dr. Abdullah Sangaji, M.Pd.',
        nip: '197003151995031002',
        jabatan: 'Kepala Dinas Pendidikan',
        nik: DEMO_NIK,
        aktif: true,
      },
      new Date(),
      'bsre',
    );
    await db.execute(sql`analyze`);
  });
}

const call = apiCall(`http://127.0.0.1:${PORT}`);

async function main() {
  log(`beban mesin sebelum mulai: ${machineLoad()} (2 core, dipakai bersama)`);
  const url = await freshDatabase(dbName);
  const dataDir = mkdtempSync(path.join(tmpdir(), 'sidasek-bsre-'));
  const simPort = PORT + 8;
  const sim = { url: `http://127.0.0.1:${simPort}`, username: 'sidasek', password: 'sidasek-simulator' };
  const simChild = spawn(process.execPath, [path.join(root, 'scripts/bsre-sim.ts')], {
    cwd: root,
    env: {
      ...process.env,
      BSRE_SIM_PORT: String(simPort),
      BSRE_SIM_LATENCY_MS: String(args.latency),
      BSRE_USERNAME: sim.username,
      BSRE_PASSWORD: sim.password,
      BSRE_SIM_CA_FILE: path.join(dataDir, 'ca.pem'),
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  await seedDueMonth(N, () => seed(url, dataDir));
  const child = startApp(url, PORT, dataDir, {
    FILE_STORE: 'postgres',
    SIGNER: 'bsre',
    BSRE_URL: sim.url,
    BSRE_USERNAME: sim.username,
    BSRE_PASSWORD: sim.password,
    BSRE_CONCURRENCY: String(args.concurrency),
  });
  try {
    const { token, readerToken, ids } = await januaryMonth(`http://127.0.0.1:${PORT}`);

    const rows: string[] = [];
    let month0 = 0;
    const measure = async (label: string, work: () => Promise<string>) => {
      const {
        what,
        seconds,
        load: l,
      } = await underLoad(
        (stop) => openLoop({ base: `http://127.0.0.1:${PORT}`, token: readerToken, ids, rate: RATE, stop }),
        work,
      );
      rows.push(
        `| ${label} | ${seconds.toFixed(1)} s | ${what} | ${l.detail.n + l.kgb.n + l.dashboard.n} | ${latencyCell(l, 'detail')} | ${latencyCell(l, 'kgb')} | ${latencyCell(l, 'dashboard')} | ${l.errors} |`,
      );
      log(rows.at(-1)!);
      return seconds;
    };
    await measure('tanpa proses (dasar)', idle(Number(args.baseline)));
    month0 += await measure(
      `draf ${N} guru (satu permintaan)`,
      async () => (await call('POST', '/api/kgb/periode/draf', token, { bulan: '2027-01' })).json.diagnostic.message,
    );
    const done = (phase: string) => phase === args.until;
    if (!done('draf'))
      month0 += await measure(`verifikasi ${N} surat`, async () => {
        const r = await call('POST', '/api/kgb/periode/verifikasi', token, { bulan: '2027-01' });
        if (r.status !== 202) return `HTTP ${r.status}: ${r.json.diagnostic?.message}`;
        const run = await finishedKgbRun(call, token, (r.json.data as { id: number }).id, 500);
        return `${run.berhasil} berhasil, ${run.gagal} gagal`;
      });
    if (!done('draf') && !done('verifikasi'))
      month0 += await measure(
        `tanda tangan ${N} surat melalui BSrE (${args.latency} ms, ${args.concurrency} sekaligus)`,
        async () => {
          const r = await call('POST', '/api/kgb/periode/ttd', token, {
            bulan: '2027-01',
            passphrase: DEMO_PASSPHRASE,
          });
          if (r.status !== 202) return `HTTP ${r.status}: ${r.json.diagnostic?.message}`;
          const run = await finishedKgbRun(call, token, (r.json.data as { id: number }).id, 500);
          // The reasons of the failures, each once (a failed month must say why).
          const reasons = [...new Set(run.hasil.filter((h) => h.hasil === 'gagal').map((h) => h.pesan ?? '?'))].slice(
            0,
            3,
          );
          return `${run.berhasil} berhasil, ${run.gagal} gagal${run.pesan ? ` (${run.pesan})` : ''}${reasons.length ? `: ${reasons.join('; ')}` : ''}`;
        },
      );
    const stats = (await (await fetch(`${sim.url}/sim/stats`)).json()) as { documents: number; signedOnce: number };
    process.stdout.write(
      `\n${N} surat, BSrE simulator ${args.latency} ms, BSRE_CONCURRENCY=${args.concurrency}, pembaca open-loop ${RATE}/s, PostgreSQL, ${new Date().toISOString()}, beban mesin setelahnya ${machineLoad()}\n`,
    );
    process.stdout.write(
      `Satu bulan (draf + verifikasi + tanda tangan): ${(month0 / 60).toFixed(1)} menit; dokumen yang ditandatangani simulator tepat sekali: ${stats.signedOnce} dari ${stats.documents}\n\n`,
    );
    process.stdout.write(
      `| Fase | Lama | Hasil | Permintaan lain | ${LATENCY_TITLES} | Galat |\n|---|---|---|---|---|---|---|---|\n`,
    );
    process.stdout.write(`${rows.join('\n')}\n`);
  } finally {
    await discardRun(child, dataDir, dbName);
    simChild.kill('SIGTERM');
  }
}

main().catch((err: unknown) => {
  log(String((err as Error).stack ?? err));
  process.exit(1);
});
