// Whether the benchmark's smoke run (scripts/bench/smoke.sh) has to run: it does when the code the
// benchmark measures changed since the last smoke run that passed here, i.e. when the SHA-256 over
// the hot files differs from scripts/bench/smoke.sum. `--record` writes the sum (smoke.sh does it
// after a passing run; commit the file with the change). Exit 0: needed, 1: not needed.
import { createHash } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync, existsSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '../..');
const SUM_FILE = path.join(root, 'scripts/bench/smoke.sum');

/** What the benchmark runs: the server, the contract, the benchmark itself, and the locked dependencies. */
export function hotFiles() {
  const tracked = execFileSync('git', ['ls-files', '-z', 'server', 'contract', 'scripts/bench', 'package-lock.json'], {
    cwd: root,
    encoding: 'utf8',
  })
    .split('\0')
    .filter(Boolean);
  return tracked
    .filter((f) => !/\.test\.ts$/.test(f) && !f.startsWith('server/test/') && f !== 'scripts/bench/smoke.sum')
    .sort();
}

export function hotSum() {
  const all = createHash('sha256');
  for (const f of hotFiles()) {
    const full = path.join(root, f);
    if (!existsSync(full)) continue; // deleted in the work tree, not yet committed
    all
      .update(f)
      .update('\0')
      .update(createHash('sha256').update(readFileSync(full)).digest('hex'))
      .update('\n');
  }
  return all.digest('hex');
}

if (import.meta.main) {
  const sum = hotSum();
  if (process.argv.includes('--record')) {
    writeFileSync(SUM_FILE, `${sum}\n`);
    process.exit(0);
  }
  const recorded = existsSync(SUM_FILE) ? readFileSync(SUM_FILE, 'utf8').trim() : '';
  if (recorded === sum) {
    console.log(
      'Kode yang diukur benchmark sama dengan uji asap terakhir yang lulus (scripts/bench/smoke.sum): dilewati.',
    );
    process.exit(1);
  }
  console.log('Kode yang diukur benchmark berubah sejak uji asap terakhir yang lulus: dijalankan.');
  process.exit(0);
}
