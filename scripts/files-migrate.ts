// `npm run files:migrate -- --from local --to postgres`: copies every uploaded file from one file
// store to another (local, postgres, s3; settings as the server reads them: DATA_DIR, DATABASE_URL,
// S3_*), verifying each copy's SHA-256. Safe to repeat: files already copied are skipped.
// README "Penyimpanan berkas", decision 0041.
import path from 'node:path';
import { loadConfig, type FileStoreChoice } from '../server/config.ts';
import { openDatabase, type Database } from '../server/db/client.ts';
import { fileStoreOf } from '../server/lib/file-stores.ts';
import { copyFiles } from '../server/lib/file-copy.ts';
import { redactText } from './backup-lib.ts';
import { commandLine } from './command-line.ts';

const KINDS = ['local', 'postgres', 's3'] as const;
const usage = `Pemakaian: npm run files:migrate -- --from <local|postgres|s3> --to <local|postgres|s3>

Menyalin semua berkas unggahan (foto, logo, dokumen, surat, kunci pejabat) dari satu penyimpanan ke
penyimpanan lain dengan kunci yang sama, lalu membaca ulang setiap salinan dan mencocokkan SHA-256-nya.
local: DATA_DIR/files; postgres: basis data dari DATABASE_URL (atau PGlite di DATA_DIR); s3: bucket
dari S3_BUCKET, S3_ENDPOINT, dst. Berkas yang sudah ada di tujuan dengan SHA-256 sama dilewati, jadi
perintah ini aman diulang. Berkas di sumber tidak dihapus. Setelah selesai, setel FILE_STORE ke tujuan
dan jalankan ulang Sidasek. PGlite: hentikan Sidasek dulu.`;

const { values } = commandLine(
  { options: { from: { type: 'string' }, to: { type: 'string' }, help: { type: 'boolean', short: 'h' } } },
  usage,
);
const isKind = (v: string | undefined): v is FileStoreChoice => KINDS.includes(v as FileStoreChoice);
if (!isKind(values.from) || !isKind(values.to) || values.from === values.to) {
  console.error(usage);
  process.exit(2);
}
const from = values.from;
const to = values.to;

let database: Database | null = null;
let url: string | undefined;
try {
  // S3 settings are read whatever FILE_STORE says: the bucket is a source or a target here.
  const config = loadConfig({ ...process.env, FILE_STORE: from === 's3' || to === 's3' ? 's3' : 'local' });
  url = config.databaseUrl;
  if (from === 'postgres' || to === 'postgres') {
    database = await openDatabase({ databaseUrl: config.databaseUrl, pgliteDir: path.join(config.dataDir, 'pglite') });
    // The table of the PostgreSQL store comes with the migrations (as on the server's start).
    await database.migrate();
  }
  const place = { dataDir: config.dataDir, db: database?.writeDb, s3: config.s3 };
  const source = await fileStoreOf(from, place);
  const target = await fileStoreOf(to, place);
  const started = Date.now();
  let lastReport = 0;
  console.log(`Menyalin berkas dari ${from} ke ${to}…`);
  const result = await copyFiles(source, target, (done, total, r) => {
    const now = Date.now();
    if (done === total || now - lastReport >= 1000) {
      lastReport = now;
      console.log(`  ${done}/${total} berkas (disalin ${r.copied}, sudah ada ${r.present}, gagal ${r.failed.length})`);
    }
  });
  for (const f of result.failed.slice(0, 20)) console.error(`  gagal: ${f.key}: ${redactText(f.reason, url)}`);
  if (result.failed.length > 20) console.error(`  … dan ${result.failed.length - 20} lagi`);
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  if (result.failed.length) {
    console.error(
      `\nSelesai dengan ${result.failed.length} berkas gagal dalam ${seconds} detik; jalankan lagi setelah penyebabnya diperbaiki.`,
    );
    process.exitCode = 1;
  } else {
    console.log(
      `\nSelesai dalam ${seconds} detik: ${result.total} berkas, ${result.copied} disalin, ${result.present} sudah ada; SHA-256 semua salinan cocok.\n` +
        `Setel FILE_STORE=${to} lalu jalankan ulang Sidasek.`,
    );
  }
} catch (err) {
  console.error(redactText(`Pemindahan berkas gagal: ${(err as Error).message}`, url));
  process.exitCode = 1;
} finally {
  await database?.close();
}
