// The server the browser tests talk to: the built app on a fresh embedded database with demo data
// (one per Playwright worker, e2e/fixtures.ts; E2E_DATA_DIR names its folder). With E2E_SIGNER=bsre
// it signs through BSrE: the BSrE simulator (scripts/bsre-sim.ts) runs beside it on E2E_BSRE_PORT,
// and the office's seal is the simulator's.
import { cpSync, existsSync, rmSync } from 'node:fs';
import path from 'node:path';
import { spawn } from 'node:child_process';
import { serverArgs } from './server-command.mjs';

const root = path.resolve(import.meta.dirname, '..');
const dataDir = path.resolve(root, process.env.E2E_DATA_DIR || '.tmp/e2e-data');
rmSync(dataDir, { recursive: true, force: true });
// A copy of the run's seeded demo data when there is one (e2e/global-setup.ts); otherwise the server seeds.
const template = process.env.E2E_TEMPLATE_DIR ? path.resolve(root, process.env.E2E_TEMPLATE_DIR) : null;
if (template && existsSync(template)) cpSync(template, dataDir, { recursive: true });
const children = [];
const env = {
  ...process.env,
  NODE_ENV: 'development',
  DATA_DIR: dataDir,
  LOG_LEVEL: 'warn',
  DEMO_SEED: 'true',
  ADMIN_PASSWORD: '',
};
if (process.env.E2E_SIGNER === 'bsre') {
  const simPort = process.env.E2E_BSRE_PORT || String(Number(process.env.PORT || 3100) + 8);
  const credentials = { BSRE_USERNAME: 'sidasek', BSRE_PASSWORD: 'sidasek-simulator' };
  children.push(
    spawn(process.execPath, [path.join(root, 'scripts/bsre-sim.ts')], {
      cwd: root,
      stdio: ['ignore', 'ignore', 'inherit'],
      env: {
        ...process.env,
        ...credentials,
        BSRE_SIM_PORT: simPort,
        BSRE_SIM_CA_FILE: path.join(dataDir, 'bsre-sim-ca.pem'),
      },
    }),
  );
  // The simulator's seal (SIMULATOR_SEALS): the nominative list and cancellation notices are sealed.
  Object.assign(env, credentials, {
    SIGNER: 'bsre',
    BSRE_URL: `http://127.0.0.1:${simPort}`,
    BSRE_SEAL_ID_SUBSCRIBER: 'SEGEL-SIM-0001',
  });
}
const child = spawn(process.execPath, serverArgs(root), { cwd: root, stdio: 'inherit', env });
children.push(child);
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => children.forEach((c) => c.kill(signal)));
child.on('exit', (code) => {
  for (const c of children) if (c !== child) c.kill('SIGTERM');
  process.exit(code ?? 0);
});
