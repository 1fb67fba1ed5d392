// Chromium's switches wherever a script drives Debian's Chromium: the browser tests
// (playwright.config.ts) and the Lighthouse measurement (scripts/lighthouse.mjs, docs/performance.md)
// launch it with the same ones, so both measure the same browser.

/** The switches both give Chromium; each adds its own after them. */
export const CHROMIUM_FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-dev-shm-usage',
];
