// `npm run restore -- <berkas.tar.gz> [--force]`: puts a backup of scripts/backup.ts back into the
// configured place (DATA_DIR, DATABASE_URL), after checking every SHA-256 of the archive.
// README "Cadangan dan pemulihan".
import { loadConfig } from '../server/config.ts';
import { BackupError, formatCounts, redactText, restoreBackup } from './backup-lib.ts';
import { commandLine } from './command-line.ts';

const usage = `Pemakaian: npm run restore -- <berkas.tar.gz> [--force]

Memulihkan cadangan ke tempat yang sama dengan yang dipakai server: PGlite di DATA_DIR/pglite, atau
PostgreSQL dari DATABASE_URL, dan berkas ke penyimpanan FILE_STORE (DATA_DIR/files, basis data, atau
bucket S3). Arsip diperiksa utuh (SHA-256) sebelum
apa pun diubah. Tujuan harus kosong; --force menimpa (PGlite dan berkas lama dipindahkan ke
DATA_DIR/sebelum-pulih-…, basis data PostgreSQL dikosongkan). Hentikan Sidasek selama pemulihan.`;

const parsed = commandLine(
  {
    allowPositionals: true,
    options: { force: { type: 'boolean', default: false }, help: { type: 'boolean', short: 'h' } },
  },
  usage,
);
if (parsed.positionals.length !== 1) {
  console.error(usage);
  process.exit(2);
}

let url: string | undefined;
try {
  const config = loadConfig();
  url = config.databaseUrl;
  const started = Date.now();
  const result = await restoreBackup({
    place: { dataDir: config.dataDir, databaseUrl: config.databaseUrl, fileStore: config.fileStore, s3: config.s3 },
    archive: parsed.positionals[0]!,
    force: parsed.values.force,
    log: (message) => console.log(redactText(message, url)),
  });
  console.log(`\nJumlah baris per tabel:\n${formatCounts(result.counts)}`);
  if (result.movedAside)
    console.log(`\nData lama dipindahkan ke ${result.movedAside} (hapus bila tidak diperlukan lagi).`);
  const ok = result.counts.every((c) => c.expected === c.actual);
  console.log(
    ok
      ? `\nPemulihan selesai dalam ${((Date.now() - started) / 1000).toFixed(1)} detik: ${result.counts.length} tabel dan ${result.manifest.files.count} berkas sama dengan manifest. Jalankan Sidasek seperti biasa (npm start).`
      : '\nPemulihan selesai, tetapi jumlah baris berbeda dari manifest (lihat tabel di atas).',
  );
  if (!ok) process.exit(1);
} catch (err) {
  const message = err instanceof BackupError ? err.message : `Pemulihan gagal: ${(err as Error).stack ?? String(err)}`;
  console.error(redactText(message, url));
  process.exit(1);
}
