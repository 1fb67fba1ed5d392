import { existsSync } from 'node:fs';
import path from 'node:path';
import { defineConfig } from '@playwright/test';
import { CHROMIUM_FLAGS } from './scripts/chromium-flags.mjs';

// Browser tests drive the production build served by the real server on a throwaway embedded
// database (demo data), in Debian's Chromium; nothing is downloaded. Each worker starts its own
// server and database (e2e/fixtures.ts, decision 0038): E2E_PORT is the first worker's port.
// Three workers on two cores: two left the cores a fifth idle over the run, a third fills that
// (decision 0038; figures in docs/performance.md, "CI time", fifth pass).
const WORKERS = Number(process.env.E2E_WORKERS || 3);
// The template's new embedded database loads the empty cluster the API tests left (or leaves it for
// the next run) instead of running initdb (server/db/client.ts): the test servers inherit this.
process.env.PGLITE_INITDB_CACHE ||= path.resolve(import.meta.dirname, '.tmp/pglite-initdb');
// Debian's headless shell (package chromium-headless-shell) when installed: the same engine as
// chromium without its browser window machinery, about 15 % less CPU per test here.
const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';
const CHROMIUM = process.env.CHROMIUM_PATH || (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : '/usr/bin/chromium');

export default defineConfig({
  testDir: 'e2e',
  globalSetup: './e2e/global-setup.ts',
  outputDir: '.tmp/test-results',
  fullyParallel: false,
  workers: WORKERS,
  retries: process.env.CI ? 1 : 0,
  // A guard against a hung test, not a speed check: the same CI machine has run the suite in 9.5 and
  // in 24.7 minutes (docs/performance.md, "CI time"), and a test of ten page loads took over 30 s on
  // the slow one. Timing assertions live in the fault suite.
  timeout: 60_000,
  expect: { timeout: 7_000 },
  reporter: process.env.CI ? [['list']] : [['list']],
  use: {
    locale: 'id-ID',
    timezoneId: 'Asia/Jayapura',
    viewport: { width: 1280, height: 800 },
    // The device asks for less motion: antd's opening and closing animations are off (theme.tsx),
    // so a test does not wait for them nor click a dialog still zooming in. a11y.spec.ts checks both
    // settings.
    reducedMotion: 'reduce',
    // The tests answer API requests with page.route; a service worker would take requests past
    // those routes. The offline test (e2e/pwa.spec.ts) allows it.
    serviceWorkers: 'block',
    screenshot: 'only-on-failure',
    trace: process.env.PW_TRACE === 'all' ? 'retain-on-failure' : 'on-first-retry',
    launchOptions: {
      executablePath: CHROMIUM,
      args: CHROMIUM_FLAGS,
    },
  },
});
