import { spawn } from 'node:child_process';
import { rmSync } from 'node:fs';
import { E2E_TEMPLATE_DIR, FIRST_PORT, waitForHealth } from './fixtures.ts';

/** Seeds the demo data into `dir` with a server of its own on `port`, and stops it cleanly. */
async function seedTemplate(dir: string, port: number, env: Record<string, string>): Promise<void> {
  rmSync(dir, { recursive: true, force: true });
  const child = spawn(process.execPath, ['scripts/e2e-server.mjs'], {
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...process.env, ...env, PORT: String(port), E2E_DATA_DIR: dir, E2E_TEMPLATE_DIR: '' },
  });
  const exited = new Promise((r) => child.once('exit', r));
  try {
    await waitForHealth(`http://127.0.0.1:${port}`, child, 170_000);
  } finally {
    if (child.exitCode === null) child.kill('SIGTERM');
    await exited;
  }
}

/**
 * The demo data is made once for the whole run, for each kind of server (the local key's, and
 * BSrE's whose official is registered by NIK): a server seeds it and stops cleanly, and each
 * worker's server starts from a copy (scripts/e2e-server.mjs). Seeding is most of a server's start;
 * three workers seeding at once on two cores took the first half minute of a run.
 */
export default async function globalSetup(): Promise<void> {
  await Promise.all([
    seedTemplate(E2E_TEMPLATE_DIR, FIRST_PORT + 20, {}),
    seedTemplate(`${E2E_TEMPLATE_DIR}-bsre`, FIRST_PORT + 21, {
      E2E_SIGNER: 'bsre',
      E2E_BSRE_PORT: String(FIRST_PORT + 22),
    }),
  ]);
}
