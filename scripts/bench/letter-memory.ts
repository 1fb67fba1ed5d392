// npm run bench:letter-memory [-- --node-options="--max-semi-space-size=4 --max-old-space-size=256"]
//   [--letters 2000] [--at-once 8]:
// the memory of drawing KGB letters alone, without a database or HTTP: a process with the server's
// Node options (scripts/server-command.mjs) or the ones given draws `--letters` draft letters
// (renderLetter, the same drawing as GET /api/kgb/:id/draft.pdf), `--at-once` at a time, and
// reports its resident memory, V8's heap (total and used) and the memory outside it (external,
// array buffers) before, every 500 letters and at the end, with its high-water mark. It separates
// what the letters' drawing holds from the rest of the server (the benchmark's letter saturation:
// docs/performance.md, "Memory of the app process").
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { DEFAULT_LETTERHEAD } from '../../server/lib/kop-surat.ts';
import { DEFAULT_LETTER_SETTINGS, type LetterContent, renderLetter } from '../../server/modules/kgb/letter.ts';
import { SERVER_NODE_OPTIONS } from '../server-command.mjs';

const { values: args } = parseArgs({
  options: {
    'node-options': { type: 'string' },
    letters: { type: 'string', default: '2000' },
    'at-once': { type: 'string', default: '8' },
    child: { type: 'boolean', default: false },
  },
});

if (!args.child) {
  const options = args['node-options']?.split(' ').filter(Boolean) ?? SERVER_NODE_OPTIONS;
  console.log(`opsi Node: ${options.join(' ')}`);
  const run = spawnSync(
    process.execPath,
    [...options, import.meta.filename, '--child', '--letters', args.letters, '--at-once', args['at-once']],
    { stdio: 'inherit' },
  );
  process.exit(run.status ?? 1);
}

// A PNS teacher's letter under PP 5/2024, with an official and the public check's QR code: the
// draft as the benchmark's letter endpoint draws it.
const content: LetterContent = {
  nomor: '800.1.11.1/....-DIKBUD/XI/2026',
  kodeDokumen: null,
  tanggalSurat: '2026-11-21',
  guru: {
    nama: 'Drs. Ahmad Budiman, M.Pd.',
    nip: '197001011995031001',
    tempatLahir: 'Ternate',
    tglLahir: '1970-01-01',
    golongan: 'III/c',
    pangkat: 'Penata',
    jabatan: 'Guru Ahli Muda',
    sekolah: 'SMA Negeri 1 Kota Ternate',
    jenis: 'PNS',
  },
  skTerakhir: {
    pejabat: 'Kepala Dinas Pendidikan',
    nomor: '800/12/2024',
    tanggal: '2024-01-02',
    tmt: '2024-01-01',
    jenis: 'kgb',
  },
  mkgLama: { tahun: 20, bulan: 0 },
  mkgBaru: { tahun: 22, bulan: 0 },
  gajiLama: 3_461_900,
  gajiBaru: 3_571_000,
  tmt: '2026-01-01',
  tmtBerikutnya: '2028-01-01',
  regulasi: 'PP 5/2024',
  pejabat: {
    nama: 'Dr. Siti Aminah, M.Pd.',
    nip: '197502022000032001',
    jabatan: 'Kepala Dinas Pendidikan',
    pangkat: 'Pembina Utama Muda',
  },
  verifikasiUrl: 'https://sidasek.example/dokumen/ABCD-EFGH',
};

const LETTERS = Number(args.letters);
const AT_ONCE = Number(args['at-once']);
const mb = (bytes: number) => Math.round(bytes / 1048576);
const hwm = () => Number(/VmHWM:\s+(\d+)/.exec(readFileSync('/proc/self/status', 'utf8'))?.[1] ?? 0) / 1024;
function report(when: string) {
  const m = process.memoryUsage();
  console.log(
    `${when.padEnd(12)} resident ${mb(m.rss)} MB (tertinggi ${Math.round(hwm())}), heap V8 ${mb(m.heapTotal)} MB (terpakai ${mb(m.heapUsed)}), ` +
      `di luar heap ${mb(m.external)} MB (array buffer ${mb(m.arrayBuffers)})`,
  );
}

report('awal');
let started = 0;
let finished = 0;
const t0 = performance.now();
async function drawer() {
  while (started < LETTERS) {
    started++;
    await renderLetter(content, DEFAULT_LETTER_SETTINGS, DEFAULT_LETTERHEAD, { draft: true });
    if (++finished % 500 === 0) report(`${finished} surat`);
  }
}
await Promise.all(Array.from({ length: AT_ONCE }, drawer));
report('akhir');
console.log(`${((performance.now() - t0) / LETTERS).toFixed(1)} ms per surat (${AT_ONCE} sekaligus)`);
