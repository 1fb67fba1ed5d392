// npm run bench:impor [-- --schools 200 --rows 500 --rate 100]: a province's teachers imported in
// the background (docs/domain/dapodik.md, "Impor besar"). A throwaway PostgreSQL database gets the
// schools and 1,000 teachers for the readers; the files are Dapodik GTK exports made here, one per
// school, named by NPSN, half PNS (NIP) and half honorary (NUPTK and NIK), all sent in one run. The
// app runs as its own process. While the run goes, an open loop at `rate`/s asks teacher details,
// due-list pages and the dashboard (scripts/bench/open-loop.ts). Reported: the run's time, its
// result, the app process's peak resident memory (VmHWM and sampled VmRSS) and those endpoints'
// latency. Targets: 100,000 teachers within 10 minutes, at most 512 MB resident, p99 at most twice
// the targets.
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import type { ImporTugas } from '../../contract/impor.ts';
import { dapodikXlsx, HONOR, PNS, type Person } from '../../server/modules/impor/dapodik.fixtures.ts';
import { latencyCell, LATENCY_TITLES, machineLoad, openLoop } from './open-loop.ts';
import { adminToken, discardRun, freshDatabase, log, prepareDatabase, startApp, waitHealthy } from './throwaway.ts';

const { values: args } = parseArgs({
  options: {
    schools: { type: 'string', default: '200' },
    rows: { type: 'string', default: '500' },
    rate: { type: 'string', default: '100' },
    port: { type: 'string', default: '3320' },
  },
});
const SCHOOLS = Number(args.schools);
const ROWS = Number(args.rows);
const PORT = Number(args.port);
const BASE = `http://127.0.0.1:${PORT}`;
const dbName = `sidasek_bench_impor_${process.pid}`;
const npsnOf = (i: number) => `7${String(i + 1).padStart(7, '0')}`;

async function seed(url: string): Promise<void> {
  await prepareDatabase(url, async (db) => {
    await db.execute(sql`insert into sekolah (npsn, nama_sekolah, bentuk_pendidikan, status)
      select '7' || lpad(g::text, 7, '0'), 'SMA Negeri ' || g || ' Impor Beban', 'SMA', 'Negeri' from generate_series(1, ${SCHOOLS}) g`);
    // The readers' teachers, in a school of their own.
    await db.execute(
      sql`insert into sekolah (npsn, nama_sekolah, bentuk_pendidikan, status) values ('79999999', 'SMA Negeri Pembaca', 'SMA', 'Negeri')`,
    );
    await db.execute(sql`insert into guru (sekolah_id, nama, tgl_lahir, jenis_kelamin, status_guru)
      select (select id from sekolah where npsn = '79999999'), 'Guru Pembaca ' || g, date '1980-01-01' + g, 'Perempuan', 'Honor Sekolah' from generate_series(1, 1000) g`);
    await db.execute(sql`analyze`);
  });
}

/** Row `k` of the province: even rows PNS with a NIP (birth date in it), odd rows honorary teachers. */
function person(k: number): Person {
  if (k % 2 === 0) {
    const y = 1970 + Math.floor(k / 28_000);
    const dd = String(1 + (Math.floor(k / 1000) % 28)).padStart(2, '0');
    return {
      ...PNS,
      Nama: `Guru PNS ${k + 1}`,
      NIP: `${y}04${dd}2010011${String(k % 1000).padStart(3, '0')}`,
      'Tanggal Lahir': `${y}-04-${dd}`,
      NUPTK: String(4_000_000_000_000_000 + k),
      NIK: `82710126098${String(k).padStart(5, '0')}`.slice(0, 16),
      HP: '',
      Email: '',
    };
  }
  return {
    ...HONOR,
    Nama: `Guru Honor ${k + 1}`,
    NUPTK: String(5_000_000_000_000_000 + k),
    NIK: `82710141019${String(k).padStart(5, '0')}`,
  };
}

/** The app process's resident memory now and at its peak (kB), from /proc. */
function memoryOf(pid: number): { rss: number; hwm: number } {
  let status = '';
  try {
    status = readFileSync(`/proc/${pid}/status`, 'utf8');
  } catch {
    // The process has ended.
  }
  const kb = (name: string) => Number(new RegExp(`${name}:\\s+(\\d+)`).exec(status)?.[1] ?? 0);
  return { rss: kb('VmRSS'), hwm: kb('VmHWM') };
}

/** The processes the app started (the import's own process, upload checks), from /proc. */
function childrenOf(pid: number): number[] {
  try {
    return readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number);
  } catch {
    return [];
  }
}

async function main() {
  log(`beban mesin sebelum mulai: ${machineLoad()} (2 core, dipakai bersama)`);
  const url = await freshDatabase(dbName);
  const dataDir = mkdtempSync(path.join(tmpdir(), 'sidasek-impor-'));
  await seed(url);
  const t0 = performance.now();
  const form = new FormData();
  let bytes = 0;
  for (let i = 0; i < SCHOOLS; i++) {
    const file = await dapodikXlsx(Array.from({ length: ROWS }, (_, j) => person(i * ROWS + j)));
    bytes += file.length;
    form.append(`berkas${i}`, new Blob([new Uint8Array(file)]), `${npsnOf(i)} Daftar GTK.xlsx`);
  }
  log(
    `${SCHOOLS} berkas Dapodik × ${ROWS} baris (${(bytes / 1024 / 1024).toFixed(1)} MB) dibuat dalam ${((performance.now() - t0) / 1000).toFixed(1)} s`,
  );
  let sampler: NodeJS.Timeout | undefined;
  const stopSampler = () => clearInterval(sampler);
  const child = startApp(url, PORT, dataDir, { FILE_STORE: 'postgres' });
  try {
    await waitHealthy(BASE);
    const login = () => adminToken(BASE);
    const token = await login();
    const readerToken = await login();
    const auth = { authorization: `Bearer ${token}` };
    const list = (await (await fetch(`${BASE}/api/guru?page=1`, { headers: auth })).json()) as {
      data: { data: { id: number }[] };
    };
    const ids = list.data.data.map((g) => g.id);
    const idle = memoryOf(child.pid!);

    let finish!: () => void;
    const stop = new Promise<void>((r) => (finish = r));
    const load = openLoop({ base: BASE, token: readerToken, ids, rate: Number(args.rate), stop });
    let peakRss = 0;
    // The run goes on in a process of its own on PostgreSQL (PROSES_LATAR=terpisah): its memory is
    // the import's, counted beside the server's.
    let peakImport = 0;
    let peakTogether = 0;
    sampler = setInterval(() => {
      const server = memoryOf(child.pid!).rss;
      const imports = childrenOf(child.pid!).reduce((n, pid) => n + memoryOf(pid).rss, 0);
      peakRss = Math.max(peakRss, server);
      peakImport = Math.max(peakImport, imports);
      peakTogether = Math.max(peakTogether, server + imports);
    }, 500);
    const w0 = performance.now();
    const started = await fetch(`${BASE}/api/guru/import/tugas`, { method: 'POST', headers: auth, body: form });
    const startedBody = (await started.json()) as { data: ImporTugas; diagnostic: { message: string } };
    if (started.status !== 202) throw new Error(`start: HTTP ${started.status} ${startedBody.diagnostic.message}`);
    const uploadSeconds = (performance.now() - w0) / 1000;
    let run = startedBody.data;
    let lastLog = 0;
    while (run.status === 'berjalan') {
      await new Promise((r) => setTimeout(r, 1000));
      run = (
        (await (await fetch(`${BASE}/api/guru/import/tugas/${run.id}`, { headers: auth })).json()) as {
          data: ImporTugas;
        }
      ).data;
      if (performance.now() - lastLog > 30_000) {
        lastLog = performance.now();
        log(
          `  ${((performance.now() - w0) / 1000).toFixed(0)} s: ${run.diproses} baris, ${run.berkas.filter((b) => b.selesai).length}/${run.berkas.length} berkas, RSS ${(memoryOf(child.pid!).rss / 1024).toFixed(0)} MB`,
        );
      }
    }
    const seconds = (performance.now() - w0) / 1000;
    stopSampler();
    finish();
    const l = await load;
    const mem = memoryOf(child.pid!);
    const r = run.ringkasan;
    process.stdout.write(
      `\nImpor latar belakang: ${SCHOOLS} berkas × ${ROWS} baris = ${SCHOOLS * ROWS} guru, PostgreSQL, pembaca open-loop ${args.rate}/s, ${new Date().toISOString()}, beban mesin setelahnya ${machineLoad()}\n`,
    );
    process.stdout.write(
      `status ${run.status}; baru ${r.baru}, diubah ${r.ubah}, sama ${r.sama}, galat ${r.galat}, bukan guru ${r.tendik}; unggah ${uploadSeconds.toFixed(1)} s; seluruhnya ${(seconds / 60).toFixed(1)} menit (target ≤ 10)\n`,
    );
    const skipped = run.berkas.filter((b) => b.pesan);
    if (skipped.length)
      process.stdout.write(
        `berkas tidak selesai dibaca: ${skipped.length} (${skipped[0]!.nama}: ${skipped[0]!.pesan})\n`,
      );
    if (r.baru !== SCHOOLS * ROWS) process.exitCode = 1;
    process.stdout.write(
      `memori proses aplikasi: diam ${(idle.rss / 1024).toFixed(0)} MB, puncak terukur ${(peakRss / 1024).toFixed(0)} MB, VmHWM ${(mem.hwm / 1024).toFixed(0)} MB; proses impor puncak ${(peakImport / 1024).toFixed(0)} MB; keduanya bersama puncak ${(peakTogether / 1024).toFixed(0)} MB (target ≤ 512)\n\n`,
    );
    process.stdout.write(`| ${LATENCY_TITLES} | permintaan | galat |\n|---|---|---|---|---|\n`);
    process.stdout.write(
      `| ${latencyCell(l, 'detail')} | ${latencyCell(l, 'kgb')} | ${latencyCell(l, 'dashboard')} | ${l.detail.n + l.kgb.n + l.dashboard.n} | ${l.errors} |\n`,
    );
  } catch (err) {
    stopSampler();
    log(String((err as Error).stack ?? err));
    process.exitCode = 1;
  } finally {
    await discardRun(child, dataDir, dbName);
  }
}

main().catch((err: unknown) => {
  log(String((err as Error).stack ?? err));
  process.exit(1);
});
