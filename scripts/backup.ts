// `npm run backup -- [--out <berkas.tar.gz | folder/>]`: the database (PGlite or PostgreSQL, from DATA_DIR and
// DATABASE_URL as the server reads them) and DATA_DIR/files in one archive with a manifest.
// README "Cadangan dan pemulihan".
import { loadConfig } from '../server/config.ts';
import { BackupError, createBackup, redactText } from './backup-lib.ts';
import { commandLine } from './command-line.ts';

const usage = `Pemakaian: npm run backup -- [--out <berkas.tar.gz | folder/>]

Mencadangkan basis data (PGlite di DATA_DIR/pglite, atau PostgreSQL dari DATABASE_URL) dan berkas
unggahan (DATA_DIR/files; dengan FILE_STORE=postgres berkas ada di dalam basis data; dengan
FILE_STORE=s3 semua objek bucket diunduh ke arsip) ke satu arsip .tar.gz dengan manifest (SHA-256 tiap berkas, jumlah baris
tiap tabel). Bawaan: ./backups/sidasek-backup-YYYYMMDD-HHMMSS.tar.gz; --out dengan folder menaruh
nama bawaan itu di folder tersebut. PGlite: hentikan Sidasek dulu. PostgreSQL: boleh selama berjalan.`;

const { values } = commandLine(
  { options: { out: { type: 'string', short: 'o' }, help: { type: 'boolean', short: 'h' } } },
  usage,
);

let url: string | undefined;
try {
  const config = loadConfig();
  url = config.databaseUrl;
  const started = Date.now();
  const { file, manifest } = await createBackup({
    place: { dataDir: config.dataDir, databaseUrl: config.databaseUrl, fileStore: config.fileStore, s3: config.s3 },
    out: values.out,
    log: (message) => console.log(redactText(message, url)),
  });
  const rows = Object.values(manifest.database.tables).reduce((a, b) => a + b, 0);
  const mb = (manifest.files.bytes / 1024 / 1024).toFixed(1);
  console.log(
    `\nCadangan selesai dalam ${((Date.now() - started) / 1000).toFixed(1)} detik: ${file}\n` +
      `  basis data ${manifest.database.kind === 'postgres' ? 'PostgreSQL' : 'PGlite'}: ${Object.keys(manifest.database.tables).length} tabel, ${rows} baris, ` +
      `migrasi terakhir ${manifest.database.latestMigration?.tag ?? '-'}\n` +
      `  berkas: ${manifest.files.count} (${mb} MB)`,
  );
} catch (err) {
  const message =
    err instanceof BackupError ? err.message : `Pencadangan gagal: ${(err as Error).stack ?? String(err)}`;
  console.error(redactText(message, url));
  process.exit(1);
}
