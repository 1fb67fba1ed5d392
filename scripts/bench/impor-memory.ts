// npm run bench:impor-memory [-- --node-options="--max-semi-space-size=4 --max-old-space-size=256"]:
// the app process's memory while it reads the largest workbook the one-file imports take. The
// teacher import loads its workbook whole (ExcelJS, server/modules/impor/impor.service.ts), bounded
// by the rows (IMPOR_MAX_ROWS) and the cells (XLSX_MAX_CELLS, xlsx-guard.ts): the file here has
// both at their limit (5,000 teachers in the template's columns, filled up with numbers to 64
// cells a row). A throwaway PostgreSQL database; the app as its own process with the server's
// options (scripts/server-command.mjs) or the ones given. Steps: one preview, two previews at once
// (two administrators), the import itself. Reported per step: the answer, its time, the process's
// resident memory before and at most (sampled every 20 ms) and its high-water mark. A step that
// the process does not survive is reported as such: the bound is too low for the imports.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { IMPOR_COLUMNS, IMPOR_MAX_BYTES, IMPOR_MAX_ROWS } from '../../contract/impor.ts';
import { excelJs } from '../../server/lib/exceljs.ts';
import { XLSX_MAX_CELLS } from '../../server/modules/impor/xlsx-guard.ts';
import { SERVER_NODE_OPTIONS, SERVER_PRELOAD } from '../server-command.mjs';
import { appEnv } from './load.ts';
import {
  adminQuery,
  adminToken,
  discardRun,
  freshDatabase,
  log,
  prepareDatabase,
  root,
  waitHealthy,
} from './throwaway.ts';

const { values: args } = parseArgs({
  options: { port: { type: 'string', default: '3330' }, 'node-options': { type: 'string' } },
});
const PORT = Number(args.port);
const BASE = `http://127.0.0.1:${PORT}`;
const NPSN = '79999001';
const options = args['node-options']?.split(' ').filter(Boolean) ?? SERVER_NODE_OPTIONS;

/** The template's header and IMPOR_MAX_ROWS teachers, every row widened with numbers to the cell limit. */
async function workbook(): Promise<Buffer> {
  const width = Math.floor(XLSX_MAX_CELLS / (IMPOR_MAX_ROWS + 1));
  const extra = width - IMPOR_COLUMNS.length;
  const wb = new (await excelJs()).Workbook();
  const ws = wb.addWorksheet('Guru');
  ws.addRow([...IMPOR_COLUMNS.map((c) => c.header), ...Array.from({ length: extra }, (_, i) => `Catatan ${i + 1}`)]);
  for (let k = 0; k < IMPOR_MAX_ROWS; k++) {
    const values = IMPOR_COLUMNS.map((c) => {
      if (c.key === 'nama') return `Guru Impor Beban ${k + 1}`;
      if (c.key === 'nip') return `1986092620150510${String(k % 100).padStart(2, '0')}`.slice(0, 18);
      if (c.key === 'npsn') return NPSN;
      return c.contoh;
    });
    ws.addRow([...values, ...Array.from({ length: extra }, (_, i) => k * 64 + i)]);
  }
  return Buffer.from(await wb.xlsx.writeBuffer());
}

const status = (pid: number) => readFileSync(`/proc/${pid}/status`, 'utf8');
const mb = (text: string, field: string) => Number(new RegExp(`${field}:\\s+(\\d+)`).exec(text)![1]) / 1024;

async function main(): Promise<void> {
  const bytes = await workbook();
  log(
    `workbook: ${(bytes.length / 1024 / 1024).toFixed(2)} MB (limit ${IMPOR_MAX_BYTES / 1024 / 1024} MB), ${XLSX_MAX_CELLS} cells`,
  );
  const dbName = `sidasek_bench_impor_mem_${process.pid}`;
  const url = await freshDatabase(dbName);
  await prepareDatabase(url, async (db) => {
    await db.execute(
      sql`insert into sekolah (npsn, nama_sekolah, bentuk_pendidikan, status) values (${NPSN}, 'SMA Negeri Impor Beban', 'SMA', 'Negeri')`,
    );
  });
  const dataDir = mkdtempSync(path.join(tmpdir(), 'sidasek-impor-mem-'));
  const child = spawn(process.execPath, [...options, ...SERVER_PRELOAD, path.join(root, 'server/main.ts')], {
    cwd: root,
    env: { ...process.env, ...appEnv(url, PORT, dataDir), TOTP_WAJIB_ADMIN: 'false' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  let exited = false;
  child.once('exit', () => (exited = true));
  const pid = child.pid!;
  try {
    await waitHealthy(BASE);
    const token = await adminToken(BASE);
    const upload = async (to: string): Promise<string> => {
      const form = new FormData();
      form.set('file', new Blob([new Uint8Array(bytes)]), 'guru.xlsx');
      if (to === '/api/guru/import') form.set('konfirmasi', 'ya');
      const t0 = performance.now();
      try {
        const res = await fetch(`${BASE}${to}`, {
          method: 'POST',
          headers: { authorization: `Bearer ${token}` },
          body: form,
        });
        const body = (await res.json()) as { diagnostic?: { message?: string } };
        return `HTTP ${res.status} in ${((performance.now() - t0) / 1000).toFixed(1)} s (${body.diagnostic?.message ?? ''})`;
      } catch (err) {
        return `no answer: ${(err as Error).message}`;
      }
    };
    const steps: [string, () => Promise<string[]>][] = [
      ['one preview', async () => [await upload('/api/guru/import/preview')]],
      [
        'two previews at once',
        () => Promise.all([upload('/api/guru/import/preview'), upload('/api/guru/import/preview')]),
      ],
      ['the import', async () => [await upload('/api/guru/import')]],
    ];
    console.log(`app process: node ${options.join(' ')}`);
    for (const [name, step] of steps) {
      if (exited) break;
      const before = mb(status(pid), 'VmRSS');
      let peak = before;
      const timer = setInterval(() => {
        if (!exited) peak = Math.max(peak, mb(status(pid), 'VmRSS'));
      }, 20);
      const answers = await step();
      clearInterval(timer);
      const hwm = exited ? NaN : mb(status(pid), 'VmHWM');
      console.log(
        `${name}: ${answers.join('; ')}; resident ${before.toFixed(0)} → at most ${peak.toFixed(0)} MB (high-water mark ${hwm.toFixed(0)} MB)${exited ? '; THE APP PROCESS ENDED' : ''}`,
      );
    }
  } finally {
    if (!exited) await discardRun(child, dataDir, dbName);
    else {
      rmSync(dataDir, { recursive: true, force: true });
      await adminQuery(`DROP DATABASE IF EXISTS "${dbName}"`);
    }
  }
}

await main();
