// Registers a signing official from the command line (set-up without the web app):
//   npm run pejabat -- --nama "Dr. Nama, M.Pd." --nip 197003151995031002 --jabatan "Kepala Dinas Pendidikan" \
//     [--pangkat "Pembina Utama Muda (IV/c)"] [--p12 kunci.p12] [--aktif]
// The passphrase is read from PEJABAT_PASSPHRASE or asked for on the terminal (never an argument,
// so it stays out of the shell history and the process list).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { createInterface } from 'node:readline';
import { loadConfig } from '../server/config.ts';
import { openDatabase } from '../server/db/client.ts';
import { seedReference } from '../server/db/seed/reference.ts';
import { openConfiguredFileStore } from '../server/lib/file-stores.ts';
import { registerOfficial } from '../server/modules/kgb/pejabat.service.ts';

const { values } = parseArgs({
  options: {
    nama: { type: 'string' },
    nip: { type: 'string' },
    jabatan: { type: 'string' },
    pangkat: { type: 'string' },
    p12: { type: 'string' },
    aktif: { type: 'boolean', default: false },
  },
});
if (!values.nama || !values.nip || !values.jabatan) {
  console.error('Wajib: --nama, --nip (18 digit), --jabatan');
  process.exit(2);
}

async function askHidden(question: string): Promise<string> {
  const rl = createInterface({ input: process.stdin, output: process.stdout, terminal: true });
  const out = rl as unknown as { _writeToOutput: (s: string) => void; output: NodeJS.WriteStream };
  out._writeToOutput = (s: string) => out.output.write(s.startsWith(question) ? question : '');
  return new Promise((resolve) =>
    rl.question(question, (answer) => {
      rl.close();
      process.stdout.write('\n');
      resolve(answer);
    }),
  );
}

const passphrase = process.env.PEJABAT_PASSPHRASE || (await askHidden('Passphrase pejabat: '));
const config = loadConfig();
const database = await openDatabase({
  databaseUrl: config.databaseUrl,
  pgliteDir: path.join(config.dataDir, 'pglite'),
});
try {
  await database.migrate();
  await seedReference(database.db);
  // The store the server uses (FILE_STORE; PostgreSQL by default with DATABASE_URL).
  const files = await openConfiguredFileStore(config, database.writeDb);
  const row = await registerOfficial(
    database.db,
    files,
    {
      nama: values.nama,
      nip: values.nip,
      jabatan: values.jabatan,
      pangkat: values.pangkat,
      passphrase,
      p12: values.p12 ? readFileSync(values.p12) : undefined,
      aktif: values.aktif,
    },
    new Date(),
  );
  console.log(
    `Pejabat terdaftar: ${row.nama} (NIP ${row.nip})${row.aktif ? ', aktif menandatangani' : ''}\nSertifikat: ${row.sertifikatSubjek}\nSidik jari SHA-256: ${row.sertifikatSidikJari}`,
  );
} catch (err) {
  console.error((err as Error).message);
  process.exitCode = 1;
} finally {
  await database.close();
}
