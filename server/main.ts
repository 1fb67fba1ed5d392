import path from 'node:path';
import { loadConfig } from './config.ts';
import { openDatabase } from './db/client.ts';
import { ensureAdmin, seedReference, DEMO_ADMIN_PASSWORD } from './db/seed/reference.ts';
import { seedDemo, DEMO_SCHOOLS, DEMO_OPERATOR_PASSWORD } from './db/seed/demo.ts';
import { buildApp } from './app.ts';
import { localFileStore } from './lib/file-store.ts';

const config = loadConfig();
const database = await openDatabase({ databaseUrl: config.databaseUrl, pgliteDir: path.join(config.dataDir, 'pglite') });
await database.migrate();
await seedReference(database.db);
let admin: 'created' | 'exists';
try {
  admin = await ensureAdmin(database.db, { production: config.env === 'production', adminPassword: config.adminPassword });
} catch (err) {
  console.error((err as Error).message);
  await database.close();
  process.exit(1);
}

const files = localFileStore(path.join(config.dataDir, 'files'));
const demo = config.demoSeed ? await seedDemo(database.db, files) : false;
const app = await buildApp({ config, database, files, now: () => new Date() });

let closing = false;
async function shutdown(signal: string) {
  if (closing) return;
  closing = true;
  app.log.info(`${signal}: menutup server`);
  await app.close();
  await database.close();
  process.exit(0);
}
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));

await app.listen({ port: config.port, host: config.host });
const url = `http://localhost:${config.port}`;
const lines = [
  '',
  `Sidasek berjalan di ${url}`,
  `Basis data: ${database.kind === 'pglite' ? `PGlite tertanam (${path.join(config.dataDir, 'pglite')})` : 'PostgreSQL (DATABASE_URL)'}`,
];
if (config.env !== 'production') {
  if (admin === 'created' && !config.adminPassword) lines.push(`Login administrator: admin / ${DEMO_ADMIN_PASSWORD}`);
  else if (admin === 'exists') lines.push('Login administrator: admin (password seperti saat data dibuat; demo: README.md)');
  if (demo || config.demoSeed) lines.push(`Login operator sekolah: NPSN (mis. ${DEMO_SCHOOLS[0]!.npsn}) / ${DEMO_OPERATOR_PASSWORD}`);
}
console.log(lines.join('\n') + '\n');
