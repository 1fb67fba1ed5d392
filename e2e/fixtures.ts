import { spawn } from 'node:child_process';
import { test as base, expect, type Page, type APIRequestContext } from '@playwright/test';

/** Demo accounts of the seed (README "Demo accounts"). */
export const ADMIN = { username: 'admin', password: 'admin12345' };
export const OPERATOR = { username: '60200338', password: 'operator123', school: 'SMA Negeri 1 Kota Ternate' };

export async function apiLogin(request: APIRequestContext, user: { username: string; password: string }) {
  const res = await request.post('/api/token', { data: { username: user.username, password: user.password } });
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()).data as { access_token: string; user: unknown };
}

/** Signs in through the API and stores the session as "remember me" does, then opens `path`. */
export async function signedIn(page: Page, user: { username: string; password: string }, path: string) {
  const session = await apiLogin(page.request, user);
  await page.goto('/permission');
  await page.evaluate((s) => window.localStorage.setItem('user', s), JSON.stringify(session));
  await page.goto(path);
  return session;
}

/** Signs in through the login form. */
export async function loginThroughForm(page: Page, user: { username: string; password: string }, remember = false) {
  await page.goto('/login');
  await page.getByPlaceholder('Email').fill(user.username);
  await page.getByPlaceholder('Password').fill(user.password);
  if (remember) await page.getByLabel('Ingat saya').check();
  await page.getByRole('button', { name: 'Login' }).click();
}

/** The first port of the test servers: worker N's server listens on E2E_PORT + N or 30 above (bawaan 3100). */
export const FIRST_PORT = Number(process.env.E2E_PORT || 3100);

/** The seeded demo data every worker's server starts from a copy of (e2e/global-setup.ts). */
export const E2E_TEMPLATE_DIR = `.tmp/e2e-template-${FIRST_PORT}`;

export async function waitForHealth(url: string, child: { exitCode: number | null }, timeoutMs: number): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (child.exitCode !== null) throw new Error(`server uji berhenti (kode ${child.exitCode}) sebelum siap`);
    try {
      if ((await fetch(`${url}/api/health`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`server uji di ${url} tidak siap dalam ${timeoutMs / 1000} detik`);
}

/**
 * Every Playwright worker drives its own server on its own embedded database with the demo data
 * (scripts/e2e-server.mjs), so two workers never see each other's changes. Each spec file gets a
 * server started afresh from a copy of the run's seeded demo data (e2e/global-setup.ts): a test
 * sees the demo data plus only what the tests before it in its own file did, whichever files the
 * worker ran before (decision 0038). Screenshots that tests take for people to look at
 * (`.tmp/screens`) are written only with SHOTS=1; Playwright's own failure screenshots and traces
 * are not affected.
 */
type Server = { url: string; stop: () => Promise<void> };

/** Starts scripts/e2e-server.mjs on `port` with `env`, from a fresh copy of the demo data. */
async function startServer(port: number, env: Record<string, string>): Promise<Server> {
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, ['scripts/e2e-server.mjs'], {
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...process.env, PORT: String(port), E2E_DATA_DIR: `.tmp/e2e-data-${port}`, ...env },
  });
  // The next file's server takes the same port: this one is gone before stop() returns.
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((r) => child.once('exit', r));
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
    await exited;
    clearTimeout(timer);
  };
  try {
    await waitForHealth(url, child, 110_000);
  } catch (err) {
    await stop();
    throw err;
  }
  return { url, stop };
}

/**
 * A worker's server for one kind (`env`), started again whenever the worker moves to another spec
 * file. Two ports take turns: the next file's server starts while the last one is still closing its
 * database (about a second), and a port is used again only once its server is gone.
 */
function serverPerFile(ports: [number, number], env: Record<string, string>) {
  let current: (Server & { file: string; port: number }) | null = null;
  let turn = 0;
  const stopping = new Map<number, Promise<void>>();
  return {
    async forFile(file: string): Promise<string> {
      if (current?.file === file) return current.url;
      if (current) stopping.set(current.port, current.stop());
      current = null;
      const port = turn++ % 2 === 0 ? ports[0] : ports[1];
      await stopping.get(port);
      const started = { ...(await startServer(port, env)), file, port };
      current = started;
      return started.url;
    },
    stop: async () => {
      await Promise.all([current?.stop(), ...stopping.values()]);
    },
  };
}

type PerFile = ReturnType<typeof serverPerFile>;

export const test = base.extend<
  { appServer: string; bsreServer: string },
  { appServers: PerFile; bsreServers: PerFile }
>({
  appServers: [
    // eslint-disable-next-line no-empty-pattern -- Playwright reads the fixtures a function names from its first parameter
    async ({}, use, workerInfo) => {
      const port = FIRST_PORT + workerInfo.parallelIndex;
      const servers = serverPerFile([port, port + 30], { E2E_TEMPLATE_DIR });
      await use(servers);
      await servers.stop();
    },
    { scope: 'worker' },
  ],
  /**
   * A server that signs through BSrE (SIGNER=bsre) with the BSrE simulator beside it, on ports 5
   * and 13 above the worker's (and 30 above those on the other turn; only for the specs that ask
   * for it: e2e/kgb-bsre.spec.ts).
   */
  bsreServers: [
    // eslint-disable-next-line no-empty-pattern -- as above
    async ({}, use, workerInfo) => {
      const port = FIRST_PORT + 5 + workerInfo.parallelIndex;
      // The simulator listens 8 above its server (scripts/e2e-server.mjs).
      const servers = serverPerFile([port, port + 30], {
        E2E_SIGNER: 'bsre',
        E2E_TEMPLATE_DIR: `${E2E_TEMPLATE_DIR}-bsre`,
      });
      await use(servers);
      await servers.stop();
    },
    { scope: 'worker' },
  ],
  appServer: [
    async ({ appServers }, use, testInfo) => use(await appServers.forFile(testInfo.file)),
    { timeout: 120_000 },
  ],
  bsreServer: [
    async ({ bsreServers }, use, testInfo) => use(await bsreServers.forFile(testInfo.file)),
    { timeout: 120_000 },
  ],
  baseURL: async ({ appServer }, use) => use(appServer),
  page: async ({ page }, use) => {
    if (!process.env.SHOTS) {
      const take = page.screenshot.bind(page);
      // Review screenshots (a path under .tmp/screens) are skipped; any other call still works.
      page.screenshot = (options) =>
        options?.path?.includes('.tmp/screens') ? Promise.resolve(Buffer.alloc(0)) : take(options);
    }
    await use(page);
  },
});
export { expect };

/**
 * A 422 with field messages (`errors`, by column) for the next `method` request to `url`: nothing
 * reaches the database. Its message is the first field's unless `message` is given.
 */
export async function refuseOnce(
  page: Page,
  url: string | RegExp,
  method: string,
  errors: Record<string, string>,
  message = Object.values(errors)[0],
) {
  await page.route(
    url,
    async (route) => {
      if (route.request().method() !== method) return route.fallback();
      await route.fulfill({
        status: 422,
        contentType: 'application/json',
        body: JSON.stringify({ diagnostic: { status: 422, message }, data: { errors } }),
      });
    },
    { times: 1 },
  );
}

/** A desk's screen and a phone's: the two sizes the specs of everyday use run at. */
export const SIZES = [
  { name: 'desktop', viewport: { width: 1366, height: 768 } },
  { name: 'ponsel', viewport: { width: 390, height: 844 } },
] as const;

/**
 * The tests `body` declares, once for each size: in a describe block `${title} (${size.name})`
 * with the size's viewport.
 */
export function describeAtSizes<S extends { name: string; viewport: { width: number; height: number } }>(
  sizes: readonly S[],
  title: string,
  body: (size: S) => void,
): void {
  for (const size of sizes) {
    test.describe(`${title} (${size.name})`, () => {
      test.use({ viewport: size.viewport });
      body(size);
    });
  }
}
